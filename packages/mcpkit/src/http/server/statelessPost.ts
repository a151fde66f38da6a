/**
 * A POST of the stateless era (2026-07-28), in named steps: decode one
 * message; a notification is accepted (202) and dropped, since the core
 * defines none over HTTP; a request passes the HTTP checks (`_meta`, mirrored
 * headers), then runs on a short-lived session of its own.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#sending-messages`
 * @module
 */
import { decodeValue } from '../../jsonrpc/codec.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type { HttpExchange } from './exchange.js';
import { reject, requestIdOf, type HandlerScope } from './handlerScope.js';
import { HttpError } from './httpError.js';
import { checkStatelessNotification, checkStatelessRequest } from './statelessChecks.js';
import { StatelessTransport } from './statelessTransport.js';

/** Serves a 2026-07-28 POST whose body was already parsed. */
export async function statelessPost(scope: HandlerScope, exchange: HttpExchange, body: unknown): Promise<void> {
  const decoded = decodeValue(body);
  if (!decoded.ok || !('message' in decoded)) {
    const error = decoded.ok ? undefined : decoded.error;
    reject(
      exchange,
      new HttpError(400, error?.code ?? JsonRpcErrorCode.InvalidRequest, error?.message ?? 'Invalid request'),
      requestIdOf(body),
    );
    return;
  }
  const message = decoded.message;
  if (!('method' in message)) {
    reject(exchange, HttpError.badRequest('Invalid request: a 2026-07-28 client never posts responses'));
    return;
  }
  const fields = message as unknown as Readonly<Record<string, unknown>>;
  if (!('id' in message)) {
    const refused = checkStatelessNotification(fields, exchange);
    if (refused !== undefined) {
      reject(exchange, refused);
      return;
    }
    exchange.respond(202, {});
    return;
  }
  const refused = checkStatelessRequest(fields, exchange, (tool) => scope.view.inputSchema(tool));
  if (refused !== undefined) {
    reject(exchange, refused, message.id);
    return;
  }
  const transport = new StatelessTransport(exchange, scope.keepAlive);
  await scope.server.connect(transport, { mode: 'stateless' });
  transport.deliver(message);
}
