// Key rotation at the authorization server: a token signed with a key the
// verifier has not seen makes it fetch the JWKS again, at most once per
// cooldown; until then (and for a kid nobody publishes) the token is refused
// without another fetch.
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jwtVerifier } from './jwtVerifier.js';

const ISSUER = 'https://as.example';
const RESOURCE = 'https://mcp.example/mcp';

async function keyPair(kid: string): Promise<{ key: CryptoKey; jwk: JWK }> {
  const pair = await generateKeyPair('ES256');
  return { key: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256' } };
}

function sign(key: CryptoKey, kid: string): Promise<string> {
  return new SignJWT({ scope: 'mcp' })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

/** The authorization server's metadata and JWKS, the keys replaceable, the JWKS fetches counted. */
function authorizationServer(keys: JWK[]) {
  const served = { keys, jwksFetches: 0 };
  const fetch = ((input: string | URL) => {
    const url = String(input);
    if (url === `${ISSUER}/.well-known/oauth-authorization-server`)
      return Promise.resolve(Response.json({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` }));
    if (url === `${ISSUER}/jwks`) {
      served.jwksFetches++;
      return Promise.resolve(Response.json({ keys: served.keys }));
    }
    return Promise.resolve(new Response('', { status: 404 }));
  }) as typeof globalThis.fetch;
  return { served, fetch };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('jwtVerifier and key rotation', () => {
  it('fetches the keys again for an unknown kid, at most once per cooldown', async () => {
    const a = await keyPair('a');
    const b = await keyPair('b');
    const { served, fetch } = authorizationServer([a.jwk]);
    const verify = jwtVerifier({ issuer: ISSUER, fetch, jwksCooldownSeconds: 30 });
    expect((await verify(await sign(a.key, 'a'), { resource: RESOURCE })).ok).toBe(true);
    expect(served.jwksFetches).toBe(1);

    served.keys = [b.jwk]; // rotated
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokenB = await sign(b.key, 'b');
    // Within the cooldown of the last fetch: refused, and nothing fetched.
    expect(await verify(tokenB, { resource: RESOURCE })).toEqual({
      ok: false,
      reason: 'the access token was signed with an unknown key',
    });
    expect(served.jwksFetches).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    expect((await verify(tokenB, { resource: RESOURCE })).ok).toBe(true);
    expect(served.jwksFetches).toBe(2);

    // Forged kids right after: refused, and they cost no fetch.
    const forged = await keyPair('forged');
    for (let i = 0; i < 5; i++)
      expect((await verify(await sign(forged.key, `forged-${String(i)}`), { resource: RESOURCE })).ok).toBe(false);
    expect(served.jwksFetches).toBe(2);
    expect((await verify(await sign(a.key, 'a'), { resource: RESOURCE })).ok).toBe(false); // the retired key
  });
});
