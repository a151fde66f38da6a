/**
 * A POST to the MCP endpoint, up to the era: negotiate (Accept, Content-Type)
 * → read (size-limited body, parsed once) → classify → the era's own step.
 *
 * @module
 */
import { readJsonBody } from './body.js';
import { classify } from './classify.js';
import type { HttpExchange } from './exchange.js';
import { checkContentType, checkPostAccept } from './guards.js';
import { reject, requestIdOf, type HandlerScope } from './handlerScope.js';
import { handshakePost } from './handshakePost.js';
import { HttpError } from './httpError.js';
import { statelessPost } from './statelessPost.js';

/** Serves a POST to the MCP endpoint. */
export async function endpointPost(scope: HandlerScope, exchange: HttpExchange): Promise<void> {
  const refused = checkPostAccept(exchange) ?? checkContentType(exchange);
  if (refused !== undefined) {
    reject(exchange, refused);
    return;
  }
  const body = await readJsonBody(exchange, scope.options.maxBodyBytes);
  if (body instanceof HttpError) {
    reject(exchange, body);
    return;
  }
  const denied = scope.auth?.authorize(body.value, exchange.auth);
  if (denied !== undefined) {
    reject(exchange, denied, requestIdOf(body.value));
    return;
  }
  const era = classify(body.value, exchange);
  if (era instanceof HttpError) reject(exchange, era, requestIdOf(body.value));
  else if (era === 'stateless') await statelessPost(scope, exchange, body.value);
  else await handshakePost(scope, exchange, body.value);
}
