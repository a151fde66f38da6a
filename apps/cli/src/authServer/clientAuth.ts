/**
 * Client authentication at the token and introspection endpoints
 * (RFC 6749 §2.3): `client_secret_basic`, `client_secret_post`, or a public
 * client naming itself (`none`). Secrets are compared in constant time.
 *
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import { RegistrationError, type Client } from './clients.js';
import type { DevAuthContext } from './context.js';
import { oauthError } from './replies.js';

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
  const secret = basic?.secret ?? form.get('client_secret');
  if (client.secret === undefined) return secret === undefined ? client : refuse();
  if (secret === undefined || !sameSecret(secret, client.secret)) return refuse();
  return client;
}
