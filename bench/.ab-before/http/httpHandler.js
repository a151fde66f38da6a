/**
 * The HTTP protocol logic, written once: it serves one `McpServer` to clients
 * of every revision over any {@link HttpExchange}. Each request goes through
 * named steps: guard (Host, Origin) → route (path, method) → the step for it
 * (`endpointPost`, `sessionGet`, `sessionDelete`, `legacyOpen`, `legacyPost`).
 *
 * @module
 */
import { JsonRpcErrorCode } from '../jsonrpc/errorCodes.js';
import { LocalError } from '../jsonrpc/localError.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { endpointPost } from './endpointPost.js';
import { checkHost, checkOrigin } from './guards.js';
import { reject } from './handlerScope.js';
import { HttpError } from './httpError.js';
import { HttpSession } from './httpSession.js';
import { KeepAlive } from './keepAlive.js';
import { legacyOpen, legacyPost } from './legacySse.js';
import { resolveOptions } from './options.js';
import { ENDPOINT_METHODS, sessionDelete, sessionGet } from './sessionRequests.js';
import { SessionTable } from './sessionTable.js';
import { withHeaders } from './withHeaders.js';
/** Serves an MCP server over HTTP; the web and Node faces both drive one of these. */
export class McpHttpHandler {
    server;
    options;
    sessions;
    keepAlive;
    #closed = false;
    constructor(server, options) {
        this.server = server;
        this.options = resolveOptions(options);
        this.sessions = new SessionTable(this.options);
        this.keepAlive = new KeepAlive(this.options.keepAliveMs);
    }
    /** True if `path` is one of the paths this handler serves. */
    serves(path) {
        const o = this.options;
        return path === o.path || path === o.ssePath || path === o.messagesPath;
    }
    /** Handles one exchange to the end; never rejects (an unexpected failure is a 500). */
    async handle(exchange) {
        try {
            await this.#dispatch(exchange);
        }
        catch (error) {
            const closed = error instanceof LocalError && error.code === 'CONNECTION_CLOSED';
            reject(exchange, closed
                ? HttpError.unavailable('Service Unavailable: the server is closed')
                : new HttpError(500, JsonRpcErrorCode.InternalError, 'Internal error'));
        }
    }
    /**
     * Closes the connection carrying the answer to request `requestId` of
     * session `sessionId` without ending its stream: the client reconnects after
     * the advised `retry` delay and resumes with `Last-Event-ID` (2025-11-25
     * polling, SEP-1699). False if no such request is in flight.
     */
    closeStream(sessionId, requestId) {
        const session = this.sessions.get(sessionId);
        return session instanceof HttpSession && session.disconnect(requestId);
    }
    /** Closes every session and refuses further requests (503). */
    async close() {
        this.#closed = true;
        await this.sessions.closeAll();
        this.keepAlive.stop();
    }
    async #dispatch(raw) {
        const cors = corsHeaders(raw, this.options);
        const exchange = cors === undefined ? raw : withHeaders(raw, cors);
        const blocked = checkHost(exchange, this.options) ?? checkOrigin(exchange, this.options);
        if (blocked !== undefined) {
            reject(exchange, blocked);
            return;
        }
        if (this.#closed) {
            reject(exchange, HttpError.unavailable('Service Unavailable: shutting down'));
            return;
        }
        if (exchange.method === 'OPTIONS') {
            if (cors === undefined) {
                reject(exchange, HttpError.methodNotAllowed(ENDPOINT_METHODS));
                return;
            }
            exchange.respond(204, preflightHeaders(exchange, this.options, cors));
            return;
        }
        const step = this.#route(exchange);
        if (step instanceof HttpError) {
            reject(exchange, step);
            return;
        }
        await step(this, exchange);
    }
    /** The step that serves this path and method, or the rejection (404, 405). */
    #route(exchange) {
        const { path, ssePath, messagesPath } = this.options;
        const method = exchange.method;
        if (exchange.path === path) {
            if (method === 'POST')
                return endpointPost;
            if (method === 'GET')
                return sessionGet;
            if (method === 'DELETE')
                return sessionDelete;
            return HttpError.methodNotAllowed(ENDPOINT_METHODS);
        }
        if (exchange.path === ssePath)
            return method === 'GET' ? legacyOpen : HttpError.methodNotAllowed('GET');
        if (exchange.path === messagesPath)
            return method === 'POST' ? legacyPost : HttpError.methodNotAllowed('POST');
        return new HttpError(404, JsonRpcErrorCode.InvalidRequest, 'Not Found');
    }
}
//# sourceMappingURL=httpHandler.js.map