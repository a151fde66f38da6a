/**
 * The authorization endpoint: checks the request (known client, exact
 * redirect URI, PKCE with S256 only, scopes, resource), then either answers
 * at once (auto-approve) or shows a consent page whose form posts back here.
 * Errors about the client or the redirect URI are shown, never redirected
 * (an open redirector otherwise); every other answer is a redirect carrying
 * `state` and the RFC 9207 `iss`.
 *
 * @module
 */
import type { Client } from './clients.js';
import { RegistrationError } from './clients.js';
import type { DevAuthContext } from './context.js';
import { cspSourceOf, fieldsOf, formOf, html, page, redirect } from './replies.js';
import { randomToken } from './signer.js';
import type { Grant } from './state.js';

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** GET (a new request) or POST (the consent form's decision) on the authorization endpoint. */
export async function authorize(ctx: DevAuthContext, request: Request): Promise<Response> {
  if (request.method === 'POST') return decide(ctx, request);
  if (request.method !== 'GET') return page(405, 'Method not allowed', '<p>Use GET.</p>');
  const fields = fieldsOf(new URL(request.url).searchParams);
  if (typeof fields === 'string') return page(400, 'Invalid authorization request', `<p>${html(fields)}</p>`);
  const clientId = fields.get('client_id');
  if (clientId === undefined) return page(400, 'Invalid authorization request', '<p>client_id is missing.</p>');
  const client = await ctx.clients.find(clientId);
  if (client === undefined) return page(400, 'Unknown client', `<p>No client ${html(clientId)} is registered.</p>`);
  if (client instanceof RegistrationError) return page(400, 'Invalid client', `<p>${html(client.description)}</p>`);
  const redirectUri = redirectOf(client, fields.get('redirect_uri'));
  if (redirectUri === undefined)
    return page(400, 'Invalid redirect URI', '<p>The redirect URI is not one the client registered (it must match exactly).</p>');
  const state = fields.get('state');
  const fail = (error: string, description: string): Response =>
    redirect(answer(ctx, redirectUri, { error, error_description: description, state }));
  if (fields.get('response_type') !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported');
  if (!client.grantTypes.includes('authorization_code'))
    return fail('unauthorized_client', 'the client may not use the authorization code grant');
  const challenge = fields.get('code_challenge');
  if (challenge === undefined)
    return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
  if (fields.get('code_challenge_method') !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
  if (!CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
  const scopes = ctx.scopesOf(fields.get('scope'));
  if (typeof scopes === 'string') return fail('invalid_scope', scopes);
  const resource = fields.get('resource');
  if (resource !== undefined && !isResource(resource))
    return fail('invalid_target', 'resource must be an absolute URI without a fragment');
  const grant: Grant = { client, redirectUri, state, challenge, scopes, resource };
  if (ctx.options.autoApprove) return redirect(issueCode(ctx, grant));
  const id = randomToken();
  ctx.state.consents.set(id, { ...grant, expires: Date.now() + 10 * 60_000 });
  return consentPage(ctx, id, grant);
}

/** The consent form's answer. */
async function decide(ctx: DevAuthContext, request: Request): Promise<Response> {
  const form = await formOf(request);
  if (typeof form === 'string') return page(400, 'Invalid consent', `<p>${html(form)}</p>`);
  const id = form.get('request') ?? '';
  const grant = ctx.state.consents.get(id);
  if (grant === undefined || grant.expires < Date.now())
    return page(
      400,
      'Expired',
      '<p>This authorization request expired or was already answered. Start again from the application.</p>',
    );
  ctx.state.consents.delete(id);
  if (form.get('decision') !== 'approve')
    return redirect(
      answer(ctx, grant.redirectUri, {
        error: 'access_denied',
        error_description: 'the user denied the request',
        state: grant.state,
      }),
    );
  return redirect(issueCode(ctx, grant));
}

/** Issues a code and returns the redirect that carries it. */
function issueCode(ctx: DevAuthContext, grant: Grant): string {
  const code = randomToken();
  ctx.state.codes.set(code, {
    ...grant,
    subject: ctx.options.subject,
    expires: Date.now() + 60_000,
    used: false,
    grantId: randomToken(),
  });
  return answer(ctx, grant.redirectUri, { code, state: grant.state });
}

/** The redirect URI with the response parameters and `iss` (RFC 9207) added to its query. */
function answer(ctx: DevAuthContext, redirectUri: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', ctx.issuer);
  return url.href;
}

/** The registered redirect URI the request names (exact string match), or its only one when it names none. */
function redirectOf(client: Client, requested: string | undefined): string | undefined {
  if (requested === undefined) return client.redirectUris.length === 1 ? client.redirectUris[0] : undefined;
  return client.redirectUris.includes(requested) ? requested : undefined;
}

function isResource(value: string): boolean {
  try {
    return new URL(value).hash === '' && !value.includes('#');
  } catch {
    return false;
  }
}

function consentPage(ctx: DevAuthContext, id: string, grant: Grant): Response {
  const who =
    grant.client.name === undefined ? html(grant.client.clientId) : `${html(grant.client.name)} (${html(grant.client.clientId)})`;
  const host = new URL(grant.redirectUri).host;
  const scopes =
    grant.scopes.length === 0
      ? '<li>no particular scope</li>'
      : grant.scopes.map((s) => `<li><code>${html(s)}</code></li>`).join('');
  return page(
    200,
    'Authorize access?',
    `<p><strong>${who}</strong> asks to act as <strong>${html(ctx.options.subject)}</strong>${
      grant.resource === undefined ? '' : ` at <code>${html(grant.resource)}</code>`
    }.</p><p>Scopes:</p><ul>${scopes}</ul>
<p>You will be sent back to <strong>${html(host)}</strong> (<code>${html(grant.redirectUri)}</code>).</p>
<form method="post" action="${html(new URL('/authorize', ctx.issuer).pathname)}"><input type="hidden" name="request" value="${html(id)}">
<button name="decision" value="approve">Approve</button><button name="decision" value="deny">Deny</button></form>`,
    [cspSourceOf(grant.redirectUri)].filter((s) => s !== undefined),
  );
}
