import type { ClientCapabilities, InputResponse } from '../protocol/types/index.js';
import type { ClientHandlers, InputContext } from './options.js';
/** The methods a server may ask the client to fulfil. */
export type InputMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
/** True for a method a server may ask the client to fulfil. */
export declare function isInputMethod(method: string): method is InputMethod;
/** Answers input requests with the application's handlers. */
export declare class InputResponder {
    #private;
    constructor(handlers?: ClientHandlers);
    /** The client capabilities the registered handlers imply. */
    capabilities(): ClientCapabilities;
    /** True if a handler answers `method` (so the client declared its capability). */
    handles(method: string): boolean;
    /** True if the application declared `roots.listChanged`. */
    get rootsListChanged(): boolean;
    /**
     * Answers one input request. Rejects with `LocalError('NOT_SUPPORTED')` when
     * no handler serves it (or not in the mode asked), and with
     * `LocalError('PROTOCOL_VIOLATION')` when its params are malformed.
     */
    answer(method: string, params: unknown, context: InputContext): Promise<InputResponse>;
}
//# sourceMappingURL=inputs.d.ts.map