// The revocation list as a resource server sees it: fetched at most once per
// period however many tokens are verified, a listed jti refused, a list on
// another origin never fetched, and a list that cannot be read leaves the last copy.
import type { TokenVerifier } from 'mcpkit/http';
import { describe, expect, it } from 'vitest';
import { withRevocationList } from './revocationList.js';

const ISSUER = 'http://127.0.0.1:9000';
const accept: TokenVerifier = (token) => Promise.resolve({ ok: true, token: { claims: { jti: token } } });

function world(list: string, revoked: () => unknown) {
  const fetched: string[] = [];
  const fetch = ((input: string) => {
    fetched.push(input);
    if (input.endsWith('/.well-known/oauth-authorization-server'))
      return Promise.resolve(Response.json({ issuer: ISSUER, mcpkit_revocation_list: list }));
    const body = revoked();
    return body instanceof Error ? Promise.reject(body) : Promise.resolve(Response.json({ revoked: body }));
  }) as typeof globalThis.fetch;
  return { fetched, fetch };
}

const ctx = { resource: 'http://127.0.0.1:3000/mcp' };

describe('withRevocationList', () => {
  it('refuses a listed jti and fetches the list at most once per period', async () => {
    const w = world(`${ISSUER}/revoked`, () => ['bad']);
    const verify = withRevocationList(accept, ISSUER, { fetch: w.fetch, refreshMs: 60_000 });
    expect(await verify('bad', ctx)).toEqual({ ok: false, reason: 'the access token was revoked' });
    await Promise.all(Array.from({ length: 10 }, () => verify('good', ctx)));
    expect((await verify('good', ctx)).ok).toBe(true);
    expect(w.fetched.filter((u) => u.endsWith('/revoked'))).toHaveLength(1);
  });

  it('never fetches a list the metadata places on another origin', async () => {
    const w = world('http://169.254.169.254/latest', () => ['bad']);
    const verify = withRevocationList(accept, ISSUER, { fetch: w.fetch });
    expect((await verify('bad', ctx)).ok).toBe(true);
    expect(w.fetched.some((u) => u.includes('169.254'))).toBe(false);
  });

  it('keeps the last copy when the list cannot be read', async () => {
    let answer: unknown = ['bad'];
    const w = world(`${ISSUER}/revoked`, () => answer);
    const verify = withRevocationList(accept, ISSUER, { fetch: w.fetch, refreshMs: 0 });
    expect((await verify('bad', ctx)).ok).toBe(false);
    answer = new Error('down');
    expect((await verify('bad', ctx)).ok).toBe(false);
  });
});
