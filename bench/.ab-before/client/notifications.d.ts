/**
 * The application's notification handlers, by method. Registration returns a
 * disposer; a handler that throws is reported, never allowed to break the
 * others or the connection.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { NotificationMethod, NotificationParamsOf } from '../protocol/methods.js';
/** Handles one kind of notification. */
export type NotificationListener<P = Readonly<Record<string, unknown>>> = (params: P) => void;
/** The params a listener of `M` receives: typed for MCP's notifications, an open object otherwise. */
export type ListenerParams<M extends string> = M extends NotificationMethod ? NotificationParamsOf<M> : Readonly<Record<string, unknown>>;
/** Notification handlers by method. */
export declare class NotificationRouter {
    #private;
    constructor(onError: (error: LocalError) => void);
    /** Adds a handler for `method`; returns its remover. */
    on(method: string, listener: NotificationListener): () => void;
    /** Delivers a notification to every handler of its method. */
    emit(method: string, params: Readonly<Record<string, unknown>>): void;
}
//# sourceMappingURL=notifications.d.ts.map