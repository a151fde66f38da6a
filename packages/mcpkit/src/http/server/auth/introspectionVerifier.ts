/**
 * A verifier for opaque access tokens: it asks the authorization server's
 * introspection endpoint (RFC 7662) what each token means. Answers are kept
 * briefly (default 30 s, never past the token's `exp`), so a burst of
 * requests costs one round trip.
 *
 * @module
 */
import { LocalError } from '../../../jsonrpc/localError.js';
import { audiencesOf, numberClaim, refused, scopesOf, stringClaim, type TokenVerifier, type VerifyResult } from './verifier.js';

/** Options of {@link introspectionVerifier}. */
export interface IntrospectionVerifierOptions {
  /** The introspection endpoint (`introspection_endpoint` of the AS metadata). */
  readonly endpoint: string;
  /** This resource server's credentials at the authorization server (sent with HTTP Basic). */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** Or a bearer token that authorizes introspection calls. */
  readonly bearer?: string;
  /** The issuer answers must name, when they name one. */
  readonly issuer?: string;
  /** How long an answer is reused, in ms (default 30 000; 0: never). */
  readonly cacheMs?: number;
  /** How `fetch` is done (default: the global one). */
  readonly fetch?: typeof fetch;
}

interface Cached {
  readonly result: VerifyResult;
  readonly until: number;
}

/** The most answers kept; the oldest go first. */
const CACHE_LIMIT = 1000;

/** Verifies opaque tokens by asking the authorization server (RFC 7662). */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const cacheMs = options.cacheMs ?? 30_000;
  const cache = new Map<string, Cached>();
  return async (token): Promise<VerifyResult> => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit !== undefined && hit.until > now) return hit.result;
    cache.delete(token);
    const result = await introspect(token, options);
    if (cacheMs > 0 && result.ok) {
      const exp = result.token.expiresAt;
      const until = Math.min(now + cacheMs, exp === undefined ? Infinity : exp * 1000);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(token, { result, until });
    }
    return result;
  };
}

async function introspect(token: string, options: IntrospectionVerifierOptions): Promise<VerifyResult> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (options.bearer !== undefined) headers['authorization'] = `Bearer ${options.bearer}`;
  else if (options.clientId !== undefined)
    headers['authorization'] = `Basic ${btoa(`${formEncode(options.clientId)}:${formEncode(options.clientSecret ?? '')}`)}`;
  const response = await (options.fetch ?? fetch)(options.endpoint, {
    method: 'POST',
    headers,
    body: `token=${formEncode(token)}&token_type_hint=access_token`,
  });
  // Anything but a readable 200 means the endpoint failed, not that the token is bad: the guard answers 503.
  if (response.status !== 200)
    throw new LocalError('TRANSPORT_FAILED', `Token introspection failed with HTTP ${String(response.status)}`);
  const answer = JSON.parse(await response.text()) as unknown;
  if (typeof answer !== 'object' || answer === null)
    throw new LocalError('PROTOCOL_VIOLATION', 'Token introspection answered something other than an object');
  const claims = answer as Readonly<Record<string, unknown>>;
  if (claims['active'] !== true) return refused('the access token is not active');
  const issuer = stringClaim(claims, 'iss');
  if (options.issuer !== undefined && issuer !== undefined && issuer !== options.issuer)
    return refused('the access token was issued by another authorization server');
  const tokenType = stringClaim(claims, 'token_type');
  if (tokenType !== undefined && tokenType.toLowerCase() !== 'bearer' && tokenType.toLowerCase() !== 'access_token')
    return refused(`the token is a ${tokenType}, not an access token`);
  return {
    ok: true,
    token: {
      subject: stringClaim(claims, 'sub'),
      clientId: stringClaim(claims, 'client_id'),
      scopes: scopesOf(claims['scope']),
      expiresAt: numberClaim(claims, 'exp'),
      issuer,
      audience: audiencesOf(claims['aud']),
      claims,
    },
  };
}

/** `application/x-www-form-urlencoded` of one value (RFC 6749 Appendix B, which client_secret_basic also uses). */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
