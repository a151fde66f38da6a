/**
 * What a handler learns about a caller whose HTTP request carried a verified
 * OAuth access token: `ctx.auth`, when the HTTP handler's `auth` option
 * protects the server.
 *
 * @module
 */

/** A verified access token, as handlers see it (`ctx.auth`). */
export interface AuthInfo {
  /**
   * The access token itself. Not enumerable, so logging or serializing
   * `ctx.auth` does not leak it; a server must never pass it on to another
   * service (the spec forbids token passthrough).
   */
  readonly token: string;
  /** The resource owner (`sub`), if the token names one; absent for client-credentials tokens that do not. */
  readonly subject: string | undefined;
  /** The client the token was issued to (`client_id`, or `azp`). */
  readonly clientId: string | undefined;
  /** The scopes granted. */
  readonly scopes: readonly string[];
  /** When the token expires, in seconds since the epoch (`exp`), if it says. */
  readonly expiresAt: number | undefined;
  /** Who issued it (`iss`), if it says. */
  readonly issuer: string | undefined;
  /** The audiences it was issued for (`aud`): the resource URIs of RFC 8707. */
  readonly audience: readonly string[];
  /** Every claim of the token (or of the introspection answer), as given. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** True if `value` is an {@link AuthInfo} made by the HTTP handler's `auth` guard. */
export function isAuthInfo(value: unknown): value is AuthInfo {
  return typeof value === 'object' && value !== null && 'scopes' in value && 'claims' in value && 'audience' in value;
}

/**
 * The principal of a request's credentials when the server names no other
 * way (`ServerOptions.principal`): the verified token's `sub`, `subject` or
 * `clientId`, whichever comes first; undefined without credentials.
 */
export function defaultPrincipal(auth: unknown): string | undefined {
  if (typeof auth !== 'object' || auth === null) return undefined;
  const fields = auth as Readonly<Record<string, unknown>>;
  for (const key of ['sub', 'subject', 'clientId']) {
    const value = fields[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}
