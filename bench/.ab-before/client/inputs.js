/**
 * The application's answers to what a server asks: elicitation, sampling and
 * roots. One responder serves both eras: a legacy server sends real requests
 * (`session.ts` turns failures into JSON-RPC errors), a modern one lists them
 * in `input_required` results (`mrtr.ts`). The client's capabilities are
 * declared from the handlers registered here, so they can never disagree.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { isObject } from '../protocol/check.js';
import { requestEntry } from '../protocol/methods.js';
import { withFormDefaults } from './elicitationDefaults.js';
const INPUT_METHODS = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);
/** True for a method a server may ask the client to fulfil. */
export function isInputMethod(method) {
    return INPUT_METHODS.has(method);
}
/** Answers input requests with the application's handlers. */
export class InputResponder {
    #handlers;
    constructor(handlers = {}) {
        this.#handlers = handlers;
    }
    /** The client capabilities the registered handlers imply. */
    capabilities() {
        const { elicitation, sampling, roots } = this.#handlers;
        const caps = {};
        if (elicitation?.form !== undefined || elicitation?.url !== undefined) {
            caps['elicitation'] = {
                ...(elicitation.form !== undefined && { form: {} }),
                ...(elicitation.url !== undefined && { url: {} }),
            };
        }
        if (sampling !== undefined) {
            caps['sampling'] = { ...(sampling.tools === true && { tools: {} }), ...(sampling.context === true && { context: {} }) };
        }
        if (roots !== undefined)
            caps['roots'] = roots.listChanged === true ? { listChanged: true } : {};
        return caps;
    }
    /** True if a handler answers `method` (so the client declared its capability). */
    handles(method) {
        const { elicitation, sampling, roots } = this.#handlers;
        switch (method) {
            case 'elicitation/create':
                return elicitation?.form !== undefined || elicitation?.url !== undefined;
            case 'sampling/createMessage':
                return sampling !== undefined;
            case 'roots/list':
                return roots !== undefined;
            default:
                return false;
        }
    }
    /** True if the application declared `roots.listChanged`. */
    get rootsListChanged() {
        return this.#handlers.roots?.listChanged === true;
    }
    /**
     * Answers one input request. Rejects with `LocalError('NOT_SUPPORTED')` when
     * no handler serves it (or not in the mode asked), and with
     * `LocalError('PROTOCOL_VIOLATION')` when its params are malformed.
     */
    async answer(method, params, context) {
        if (!isInputMethod(method))
            throw new LocalError('PROTOCOL_VIOLATION', `The server asked for ${method}, which is not an input request`);
        if (!this.handles(method))
            throw new LocalError('NOT_SUPPORTED', `The server asked for ${method}, but the application registered no handler for it`);
        // roots/list carries no params of its own; the others are checked like any received request.
        const given = params ?? {};
        const issue = requestEntry(method)?.params(given, 'params');
        if (issue !== undefined)
            throw new LocalError('PROTOCOL_VIOLATION', `Malformed ${method} request: ${issue}`);
        if (method === 'elicitation/create')
            return this.#elicit(given, context);
        if (method === 'sampling/createMessage')
            return this.#sample(given, context);
        return this.#roots(context);
    }
    async #elicit(params, context) {
        const handlers = this.#handlers.elicitation;
        if (params.mode === 'url') {
            if (handlers?.url === undefined)
                throw new LocalError('NOT_SUPPORTED', 'The server asked for a URL-mode elicitation, which the application does not support');
            return handlers.url(params, context);
        }
        // A request without `mode` is form mode (2025-11-25+), as every earlier revision meant.
        if (handlers?.form === undefined)
            throw new LocalError('NOT_SUPPORTED', 'The server asked for a form-mode elicitation, which the application does not support');
        return withFormDefaults(params, await handlers.form(params, context));
    }
    async #sample(params, context) {
        const handler = this.#handlers.sampling;
        if (handler === undefined)
            throw new LocalError('NOT_SUPPORTED', 'No sampling handler');
        // The client MUST refuse tools it did not declare (client/sampling.mdx#tools-in-sampling).
        if ((params.tools !== undefined || params.toolChoice !== undefined) && handler.tools !== true) {
            throw new LocalError('NOT_SUPPORTED', 'The server asked for sampling with tools, which the application did not declare');
        }
        return handler.createMessage(params, context);
    }
    async #roots(context) {
        const handler = this.#handlers.roots;
        if (handler === undefined)
            throw new LocalError('NOT_SUPPORTED', 'No roots handler');
        const roots = await handler.list(context);
        for (const root of roots) {
            // Every root is a file:// URI (client/roots.mdx); catching a mistake here beats the server's confusion.
            if (!isObject(root) || typeof root.uri !== 'string' || !root.uri.startsWith('file://')) {
                throw new LocalError('INVALID_ARGUMENT', `Root ${JSON.stringify(root)} is not a file:// URI`);
            }
        }
        return { roots };
    }
}
//# sourceMappingURL=inputs.js.map