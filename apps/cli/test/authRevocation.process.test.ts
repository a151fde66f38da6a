// A replayed authorization code revokes its tokens at `mcpkit auth-server`
// (RFC 6749 §4.1.2), and the resource server (`mcpkit serve everything
// --auth-server`) refuses the JWT issued from it within a bounded time, though
// its signature still verifies: it polls the authorization server's
// revocation list. A token of another grant keeps working. Real processes;
// the "user agent" is fetch, reading the redirect the auto-approving server sends.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthServer,
  startProtectedEverything,
  type AuthServerProcess,
  type ProtectedServerProcess,
} from '../../../test/support/authProcess.js';
import { assertCliBuilt } from '../../../test/support/process.js';

const REDIRECT = 'http://127.0.0.1:9/callback'; // never listened on: the redirect is read, not followed
/** Generous: the list is polled every 5 s, and the machine may be loaded. */
const REVOCATION_DEADLINE_MS = 30_000;

let as: AuthServerProcess;
let mcp: ProtectedServerProcess;
let clientId: string;

beforeAll(async () => {
  assertCliBuilt();
  as = await startAuthServer(['--auto-approve']);
  mcp = await startProtectedEverything(as.issuer);
  const registered = await fetch(`${as.issuer}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  clientId = ((await registered.json()) as { client_id: string }).client_id;
});

afterAll(async () => {
  await Promise.all([mcp.stop(), as.stop()]);
});

/** An authorization code for the MCP server, and its verifier. */
async function authorize(): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: mcp.url.href,
  });
  const res = await fetch(`${as.issuer}/authorize?${query.toString()}`, { redirect: 'manual' });
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code!, verifier };
}

async function exchange(code: string, verifier: string): Promise<Response> {
  return fetch(`${as.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
    }).toString(),
  });
}

/** An initialize with the token: the status, and the challenge of a refusal. */
async function use(token: string): Promise<{ status: number; challenge: string }> {
  const res = await fetch(mcp.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'revocation-test', version: '1' } },
    }),
  });
  await res.body?.cancel();
  return { status: res.status, challenge: res.headers.get('www-authenticate') ?? '' };
}

describe('a replayed authorization code (processes)', () => {
  it('revokes its JWT at the resource server too, within a bounded time; another grant is untouched', async () => {
    const first = await authorize();
    const { access_token: token } = (await (await exchange(first.code, first.verifier)).json()) as { access_token: string };
    const other = await authorize();
    const { access_token: otherToken } = (await (await exchange(other.code, other.verifier)).json()) as {
      access_token: string;
    };
    expect((await use(token)).status).toBe(200);

    const replay = await exchange(first.code, first.verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });

    const deadline = Date.now() + REVOCATION_DEADLINE_MS;
    let seen = await use(token);
    while (seen.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await use(token);
    }
    expect(seen.status).toBe(401);
    expect(seen.challenge).toContain('invalid_token');
    expect(seen.challenge).toContain('revoked');
    expect((await use(otherToken)).status).toBe(200);
  });
});
