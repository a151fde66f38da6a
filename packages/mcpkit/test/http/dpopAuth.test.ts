// A protected server taking DPoP-bound tokens (RFC 9449 §7) through the web
// handler: `Authorization: DPoP` with a proof by the bound key passes; the
// same token as Bearer, a proof by another key, a replayed proof, a proof for
// another URL or token, and an unbound token in the DPoP scheme are refused
// with a `DPoP` challenge naming the error.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../src/http/server/auth/authOptions.js';
import { accessTokenHash } from '../../src/http/server/auth/dpopProof.js';
import { jwtVerifier } from '../../src/http/server/auth/jwtVerifier.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { McpServer } from '../../src/server/server.js';
import { stateless } from './webClient.js';

const ISSUER = 'https://auth.example';
const RESOURCE = 'http://localhost/mcp';

let asKey: CryptoKey;
let asJwk: JWK;
let clientKey: CryptoKey;
let clientJwk: JWK;
let thief: { key: CryptoKey; jwk: JWK };
let handler: WebHandler | undefined;

beforeAll(async () => {
  const as = await generateKeyPair('ES256');
  asKey = as.privateKey;
  asJwk = { ...(await exportJWK(as.publicKey)), kid: 'k1', alg: 'ES256' };
  const client = await generateKeyPair('ES256');
  clientKey = client.privateKey;
  clientJwk = await exportJWK(client.publicKey);
  const other = await generateKeyPair('ES256');
  thief = { key: other.privateKey, jwk: await exportJWK(other.publicKey) };
});

afterEach(async () => {
  await handler?.close();
  handler = undefined;
});

async function accessToken(bound: boolean): Promise<string> {
  const cnf = bound ? { cnf: { jkt: await calculateJwkThumbprint(clientJwk) } } : {};
  return new SignJWT({ scope: 'mcp', client_id: 'c1', ...cnf })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setSubject('alice')
    .setAudience(RESOURCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(asKey);
}

let n = 0;
async function proof(token: string, options: { htu?: string; key?: CryptoKey; jwk?: JWK } = {}): Promise<string> {
  return new SignJWT({
    htm: 'POST',
    htu: options.htu ?? RESOURCE,
    iat: Math.floor(Date.now() / 1000),
    jti: `p${String(++n)}`,
    ath: await accessTokenHash(token),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: options.jwk ?? clientJwk })
    .sign(options.key ?? clientKey);
}

function serve(options: Partial<AuthOptions> = {}): WebHandler {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.tool({ name: 'whoami', description: 'Reports the subject' }, (_args, ctx) =>
    String((ctx.auth as { subject?: string } | undefined)?.subject),
  );
  handler = createWebHandler(server, {
    auth: {
      verifier: jwtVerifier({ issuer: ISSUER, jwks: { keys: [asJwk] } }),
      authorizationServers: [ISSUER],
      resource: RESOURCE,
      requiredScopes: ['mcp'],
      ...options,
    },
  });
  return handler;
}

function call(headers: Record<string, string>): Request {
  return stateless('tools/call', { name: 'whoami', arguments: {} }, { headers });
}

function challengeOf(response: Response): string {
  return response.headers.get('www-authenticate') ?? '';
}

describe('DPoP-bound tokens at a protected server', () => {
  it('passes with the DPoP scheme and a proof by the bound key', async () => {
    const h = serve();
    const t = await accessToken(true);
    const res = await h(call({ authorization: `DPoP ${t}`, dpop: await proof(t) }));
    expect(res.status).toBe(200);
  });

  it('refuses the bound token presented as Bearer, with both challenges', async () => {
    const h = serve();
    const res = await h(call({ authorization: `Bearer ${await accessToken(true)}` }));
    expect(res.status).toBe(401);
    expect(challengeOf(res)).toMatch(/^Bearer error="invalid_token", error_description="[^"]*DPoP-bound/);
    expect(challengeOf(res)).toMatch(/, DPoP algs="ES256 /);
  });

  it('refuses a proof by another key, a replayed proof, one for another URL, and none', async () => {
    const h = serve();
    const t = await accessToken(true);
    const stolen = await h(call({ authorization: `DPoP ${t}`, dpop: await proof(t, thief) }));
    expect(stolen.status).toBe(401);
    expect(challengeOf(stolen)).toMatch(/^DPoP error="invalid_dpop_proof", error_description="[^"]*another key/);
    const p = await proof(t);
    expect((await h(call({ authorization: `DPoP ${t}`, dpop: p }))).status).toBe(200);
    const replayed = await h(call({ authorization: `DPoP ${t}`, dpop: p }));
    expect(challengeOf(replayed)).toMatch(/invalid_dpop_proof.*already used/);
    const elsewhere = await h(call({ authorization: `DPoP ${t}`, dpop: await proof(t, { htu: 'http://localhost/other' }) }));
    expect(challengeOf(elsewhere)).toMatch(/invalid_dpop_proof.*htu/);
    const none = await h(call({ authorization: `DPoP ${t}` }));
    expect(none.status).toBe(401);
    expect(challengeOf(none)).toMatch(/invalid_dpop_proof.*required/);
  });

  it('refuses a proof made for another token (ath)', async () => {
    const h = serve();
    const t = await accessToken(true);
    const res = await h(call({ authorization: `DPoP ${t}`, dpop: await proof(await accessToken(true)) }));
    expect(challengeOf(res)).toMatch(/invalid_dpop_proof.*ath/);
  });

  it('refuses an unbound token in the DPoP scheme, and an invalid one with a DPoP invalid_token', async () => {
    const h = serve();
    const t = await accessToken(false);
    const unbound = await h(call({ authorization: `DPoP ${t}`, dpop: await proof(t) }));
    expect(challengeOf(unbound)).toMatch(/^DPoP error="invalid_token".*not DPoP-bound/);
    const bad = await h(call({ authorization: 'DPoP not-a-jwt', dpop: await proof('not-a-jwt') }));
    expect(bad.status).toBe(401);
    expect(challengeOf(bad)).toMatch(/^DPoP error="invalid_token"/);
  });

  it('with dpop: false, takes Bearer only and still refuses a bound token as Bearer', async () => {
    const h = serve({ dpop: false });
    const t = await accessToken(true);
    const dpop = await h(call({ authorization: `DPoP ${t}`, dpop: await proof(t) }));
    expect(dpop.status).toBe(401);
    expect(challengeOf(dpop)).toMatch(/^Bearer resource_metadata=/);
    expect((await h(call({ authorization: `Bearer ${t}` }))).status).toBe(401);
    expect((await h(call({ authorization: `Bearer ${await accessToken(false)}` }))).status).toBe(200);
  });
});
