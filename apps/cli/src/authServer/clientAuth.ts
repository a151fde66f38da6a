/**
 * Client authentication at the token and introspection endpoints
 * (RFC 6749 §2.3): `client_secret_basic`, `client_secret_post`,
 * `private_key_jwt` (RFC 7523 §2.2: a JWT signed by a key the client
 * registered, for this server, used once), or a public client naming itself
 * (`none`). Each client uses the method it registered, and only that one.
 * Secrets are compared in constant time.
 *
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import type { TokenVerifier } from 'mcpkit/http';
import { checkAssertion, keysVerifier, unverifiedClaims } from './assertions.js';
import { RegistrationError, type Client } from './clients.js';
import type { DevAuthContext } from './context.js';
import { oauthError } from './replies.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** One verifier per client with keys (it caches what its jwks_uri gave). */
const verifiers = new WeakMap<Client, TokenVerifier>();

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `id:secret` of a Basic header, each form-decoded (RFC 6749 §2.3.1). */
function basicCredentials(header: string): { id: string; secret: string } | undefined {
  const m = /^basic\s+(\S+)\s*$/i.exec(header);
  if (m === null) return undefined;
  const text = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** The authenticated client, or the 400/401 refusal. */
export async function authenticateClient(
  ctx: DevAuthContext,
  request: Request,
  form: Map<string, string>,
): Promise<Client | Response> {
  if (form.has('client_assertion') || form.has('client_assertion_type')) return assertedClient(ctx, request, form);
  const header = request.headers.get('authorization');
  const basic = header === null ? undefined : basicCredentials(header);
  if (header !== null && basic === undefined)
    return oauthError(401, 'invalid_client', 'unreadable Basic credentials', { 'www-authenticate': 'Basic' });
  if (basic !== undefined && form.has('client_secret'))
    return oauthError(400, 'invalid_request', 'use one client authentication method, not two');
  const id = basic?.id ?? form.get('client_id');
  if (id === undefined) return oauthError(401, 'invalid_client', 'client authentication is required');
  if (basic !== undefined && form.has('client_id') && form.get('client_id') !== id)
    return oauthError(400, 'invalid_request', 'client_id differs from the authenticated client');
  const client = await ctx.clients.find(id);
  const refuse = (): Response =>
    oauthError(401, 'invalid_client', 'client authentication failed', basic === undefined ? {} : { 'www-authenticate': 'Basic' });
  if (client === undefined || client instanceof RegistrationError) return refuse();
  // A client registered with a key proves itself with it: naming itself is not enough.
  if (client.authMethod === 'private_key_jwt') return refuse();
  const secret = basic?.secret ?? form.get('client_secret');
  if (client.secret === undefined) return secret === undefined ? client : refuse();
  if (secret === undefined || !sameSecret(secret, client.secret)) return refuse();
  return client;
}

/** `private_key_jwt`: the client is the assertion's `iss` and `sub`, its audience this server, its `jti` new. */
async function assertedClient(ctx: DevAuthContext, request: Request, form: Map<string, string>): Promise<Client | Response> {
  if (request.headers.get('authorization') !== null || form.has('client_secret'))
    return oauthError(400, 'invalid_request', 'use one client authentication method, not two');
  if (form.get('client_assertion_type') !== ASSERTION_TYPE)
    return oauthError(400, 'invalid_request', `client_assertion_type must be ${ASSERTION_TYPE}`);
  const assertion = form.get('client_assertion') ?? '';
  const id = unverifiedClaims(assertion)?.['sub'];
  if (typeof id !== 'string') return oauthError(401, 'invalid_client', 'the client assertion names no client (sub)');
  if (form.has('client_id') && form.get('client_id') !== id)
    return oauthError(400, 'invalid_request', 'client_id differs from the client of the assertion');
  const client = await ctx.clients.find(id);
  if (client === undefined || client instanceof RegistrationError || client.keys === undefined)
    return oauthError(401, 'invalid_client', 'client authentication failed (no client with keys by that id)');
  let verifier = verifiers.get(client);
  if (verifier === undefined) {
    verifier = keysVerifier(ctx, client.clientId, client.keys);
    verifiers.set(client, verifier);
  }
  const claims = await checkAssertion(ctx, assertion, {
    what: 'the client assertion',
    verifier,
    audiences: [ctx.issuer, `${ctx.issuer}/token`],
    maxLifetimeSeconds: 3600,
    singleUse: true,
  });
  if (typeof claims === 'string') return oauthError(401, 'invalid_client', claims);
  if (claims['sub'] !== client.clientId)
    return oauthError(401, 'invalid_client', 'the client assertion must have iss and sub the client id');
  return client;
}
