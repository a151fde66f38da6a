import { checkStreamAccept } from './guards.js';
import { reject } from './handlerScope.js';
import { Header } from './headers.js';
import { HttpError } from './httpError.js';
import { checkVersionHeader, findSession } from './sessionLookup.js';
/** What is allowed at the endpoint (the `Allow` header of a 405). */
export const ENDPOINT_METHODS = 'GET, POST, DELETE';
/** GET: the standalone stream, or a resumption. */
export async function sessionGet(scope, exchange) {
    if (exchange.header(Header.SessionId) === undefined) {
        reject(exchange, HttpError.methodNotAllowed('POST'));
        return;
    }
    const refused = checkStreamAccept(exchange) ?? checkVersionHeader(scope, exchange);
    if (refused !== undefined) {
        reject(exchange, refused);
        return;
    }
    const session = findSession(scope, exchange);
    if (session instanceof HttpError) {
        reject(exchange, session);
        return;
    }
    const error = await session.get(exchange, exchange.header(Header.LastEventId));
    if (error !== undefined)
        reject(exchange, error);
}
/** DELETE: ends the session; later requests naming it get 404. */
export async function sessionDelete(scope, exchange) {
    if (exchange.header(Header.SessionId) === undefined) {
        reject(exchange, HttpError.methodNotAllowed('POST'));
        return;
    }
    const refused = checkVersionHeader(scope, exchange);
    if (refused !== undefined) {
        reject(exchange, refused);
        return;
    }
    const session = findSession(scope, exchange);
    if (session instanceof HttpError) {
        reject(exchange, session);
        return;
    }
    scope.sessions.delete(session.id);
    await session.close();
    exchange.respond(204, {});
}
//# sourceMappingURL=sessionRequests.js.map