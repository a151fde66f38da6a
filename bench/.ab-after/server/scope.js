import { isObject } from '../protocol/check.js';
import { META_PROGRESS_TOKEN } from '../protocol/meta.js';
/** RFC 5424 severities, lowest first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
/** True for a valid logging level. */
export function isLogLevel(value) {
    return typeof value === 'string' && LOG_LEVELS.includes(value);
}
/** One request's context. */
export class RequestScope {
    #rpc;
    #caller;
    #host;
    #channel;
    meta;
    #controller;
    #stopped;
    #lastProgress = -Infinity;
    constructor(rpc, caller, host, channel, meta) {
        this.#rpc = rpc;
        this.#caller = caller;
        this.#host = host;
        this.#channel = channel;
        this.meta = meta;
    }
    get revision() {
        return this.#caller.revision;
    }
    get era() {
        return this.#caller.era;
    }
    get requestId() {
        return this.#rpc.id;
    }
    get method() {
        return this.#rpc.method;
    }
    get clientInfo() {
        return this.#caller.clientInfo;
    }
    get clientCapabilities() {
        return this.#caller.clientCapabilities;
    }
    get auth() {
        return this.#caller.auth;
    }
    get transport() {
        return this.#rpc.info?.transport;
    }
    get principal() {
        return this.#host.principal(this.#caller.auth);
    }
    get state() {
        return this.#host.state;
    }
    get session() {
        return this.#caller.session;
    }
    get sessionId() {
        return this.#caller.sessionId;
    }
    /** Fires on peer cancellation, connection close, or when the server stops the handler. */
    get signal() {
        if (this.#controller === undefined) {
            const controller = new AbortController();
            this.#controller = controller;
            const peer = this.#rpc.signal;
            if (this.#stopped !== undefined)
                controller.abort(this.#stopped);
            else if (peer.aborted)
                controller.abort(peer.reason);
            else
                peer.addEventListener('abort', () => { controller.abort(peer.reason); }, { once: true });
        }
        return this.#controller.signal;
    }
    /** Stops the handler (its signal fires): the request was answered without it. */
    stop(reason) {
        this.#stopped = reason;
        this.#controller?.abort(reason);
    }
    progress(progress, total, message) {
        const token = this.meta?.[META_PROGRESS_TOKEN];
        if ((typeof token !== 'string' && typeof token !== 'number') || !(progress > this.#lastProgress))
            return Promise.resolve();
        this.#lastProgress = progress;
        const params = { progressToken: token, progress };
        if (total !== undefined)
            params['total'] = total;
        if (message !== undefined)
            params['message'] = message;
        return this.#rpc.notify('notifications/progress', params);
    }
    log(level, data, logger) {
        const threshold = this.#caller.logLevel;
        if (threshold === undefined || LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(threshold))
            return Promise.resolve();
        const params = { level, data };
        if (logger !== undefined)
            params['logger'] = logger;
        return this.#rpc.notify('notifications/message', params);
    }
    elicit(params, options) {
        return this.#channel.ask('elicitation/create', params, options);
    }
    sample(params, options) {
        return this.#channel.ask('sampling/createMessage', params, options);
    }
    listRoots(options) {
        return this.#channel.ask('roots/list', {}, options);
    }
    completeElicitation(elicitationId) {
        this.#caller.notify?.('notifications/elicitation/complete', { elicitationId });
    }
    readResource(uri) {
        return this.#host.readResource(uri, this);
    }
}
/** The request's `_meta`, if it is an object. */
export function metaOf(params) {
    const meta = params['_meta'];
    return isObject(meta) ? meta : undefined;
}
//# sourceMappingURL=scope.js.map