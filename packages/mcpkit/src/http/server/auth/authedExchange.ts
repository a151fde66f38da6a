/**
 * An exchange whose `auth` is the verified token, whatever the face attached:
 * once the guard has checked a bearer token, sessions, principals and
 * handlers (`ctx.auth`) see only what it verified.
 *
 * @module
 */
import type { AuthInfo } from '../../../server/authInfo.js';
import type { HttpExchange } from '../exchange.js';
import { ForwardingExchange } from '../forwardingExchange.js';

class AuthedExchange extends ForwardingExchange {
  readonly #auth: AuthInfo;

  constructor(inner: HttpExchange, auth: AuthInfo) {
    super(inner);
    this.#auth = auth;
  }

  override get auth(): AuthInfo {
    return this.#auth;
  }
}

/** `exchange`, carrying `auth` as its credentials. */
export function withAuth(exchange: HttpExchange, auth: AuthInfo): HttpExchange {
  return new AuthedExchange(exchange, auth);
}
