// DPoP proof checks (RFC 9449 §4.3), attacked one claim at a time: every
// proof here is a real signed JWT, and every refusal names its reason.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokenHash, DpopVerifier, MemoryReplayCache } from './dpopProof.js';

const URL_ = 'https://mcp.example/mcp';
const TOKEN = 'the-access-token';

let key: CryptoKey;
let jwk: JWK;
let jkt: string;
let other: { key: CryptoKey; jwk: JWK };

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  key = pair.privateKey;
  jwk = await exportJWK(pair.publicKey);
  jkt = await calculateJwkThumbprint(jwk);
  const second = await generateKeyPair('ES256');
  other = { key: second.privateKey, jwk: await exportJWK(second.publicKey) };
});

interface ProofOptions {
  readonly htm?: string;
  readonly htu?: string;
  readonly iat?: number;
  readonly jti?: string | null;
  readonly ath?: string | null;
  readonly typ?: string;
  readonly key?: CryptoKey;
  readonly jwk?: JWK;
}

let counter = 0;
async function proof(options: ProofOptions = {}): Promise<string> {
  const claims: Record<string, unknown> = {
    htm: options.htm ?? 'POST',
    htu: options.htu ?? URL_,
    iat: options.iat ?? Math.floor(Date.now() / 1000),
  };
  if (options.jti !== null) claims['jti'] = options.jti ?? `jti-${String(++counter)}`;
  if (options.ath !== null) claims['ath'] = options.ath ?? (await accessTokenHash(TOKEN));
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'dpop+jwt', jwk: options.jwk ?? jwk })
    .sign(options.key ?? key);
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function check(verifier: DpopVerifier, proofText: string | undefined, extra: { bound?: boolean } = {}) {
  return verifier.verify({
    proof: proofText,
    method: 'POST',
    urls: [URL_],
    accessToken: TOKEN,
    ...(extra.bound !== false && { jkt }),
  });
}

describe('DpopVerifier', () => {
  it('accepts a fresh proof by the bound key, and names its thumbprint', async () => {
    expect(await check(new DpopVerifier(), await proof())).toEqual({ ok: true, jkt });
  });

  it('compares htu without the query or fragment, and with the host case-folded', async () => {
    const verifier = new DpopVerifier();
    expect((await check(verifier, await proof({ htu: 'https://MCP.example/mcp?x=1#f' }))).ok).toBe(true);
  });

  it('refuses a replayed jti, even from the same key on the same URL', async () => {
    const verifier = new DpopVerifier();
    const p = await proof();
    expect((await check(verifier, p)).ok).toBe(true);
    expect(await check(verifier, p)).toEqual({ ok: false, reason: 'the DPoP proof was already used (its jti was seen)' });
  });

  it('refuses a proof for another URL or another method', async () => {
    const verifier = new DpopVerifier();
    expect(await check(verifier, await proof({ htu: 'https://mcp.example/other' }))).toMatchObject({ reason: /htu/ });
    expect(await check(verifier, await proof({ htu: 'https://evil.example/mcp' }))).toMatchObject({ reason: /htu/ });
    expect(await check(verifier, await proof({ htm: 'GET' }))).toMatchObject({ reason: /htm/ });
  });

  it('refuses a stale iat, and one from the future', async () => {
    const verifier = new DpopVerifier({ maxAgeSeconds: 60, clockToleranceSeconds: 5 });
    const now = Math.floor(Date.now() / 1000);
    expect(await check(verifier, await proof({ iat: now - 120 }))).toMatchObject({ ok: false, reason: /too old/ });
    expect(await check(verifier, await proof({ iat: now + 120 }))).toMatchObject({ ok: false, reason: /future/ });
  });

  it('refuses a proof by another key than the token is bound to', async () => {
    const p = await proof({ key: other.key, jwk: other.jwk });
    expect(await check(new DpopVerifier(), p)).toMatchObject({ ok: false, reason: /another key/ });
  });

  it('refuses a proof without ath, or with the hash of another token', async () => {
    const verifier = new DpopVerifier();
    expect(await check(verifier, await proof({ ath: null }))).toMatchObject({ ok: false, reason: /no ath/ });
    expect(await check(verifier, await proof({ ath: await accessTokenHash('stolen') }))).toMatchObject({ reason: /ath/ });
  });

  it('needs no ath at a token endpoint (no access token yet)', async () => {
    const verifier = new DpopVerifier();
    const result = await verifier.verify({ proof: await proof({ ath: null }), method: 'POST', urls: [URL_] });
    expect(result).toEqual({ ok: true, jkt });
  });

  it('refuses alg none', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'dpop+jwt', jwk })}.${b64({ htm: 'POST', htu: URL_, iat: Math.floor(Date.now() / 1000), jti: 'n1', ath: await accessTokenHash(TOKEN) })}.`;
    expect(await check(new DpopVerifier(), unsigned)).toMatchObject({ ok: false });
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(jwk));
    const forged = await new SignJWT({
      htm: 'POST',
      htu: URL_,
      iat: Math.floor(Date.now() / 1000),
      jti: 'h1',
      ath: await accessTokenHash(TOKEN),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk })
      .sign(secret);
    expect(await check(new DpopVerifier(), forged)).toMatchObject({ ok: false, reason: /algorithm/ });
  });

  it('refuses a proof whose header carries a private key, or another typ, or no jti', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(pair.privateKey);
    const verifier = new DpopVerifier();
    expect(await check(verifier, await proof({ key: pair.privateKey, jwk: privateJwk }), { bound: false })).toMatchObject({
      ok: false,
    });
    expect(await check(verifier, await proof({ typ: 'JWT' }))).toMatchObject({ ok: false, reason: /typ/ });
    expect(await check(verifier, await proof({ jti: null }))).toMatchObject({ ok: false, reason: /jti/ });
  });

  it('refuses a signature that does not verify, a missing proof, and two proofs at once', async () => {
    const verifier = new DpopVerifier();
    const p = await proof();
    const tampered = `${p.slice(0, p.lastIndexOf('.'))}.${b64('x')}`;
    expect(await check(verifier, tampered)).toMatchObject({ ok: false });
    expect(await check(verifier, undefined)).toMatchObject({ ok: false, reason: /required/ });
    expect(await check(verifier, `${await proof()}, ${await proof()}`)).toMatchObject({ ok: false, reason: /one JWT/ });
  });
});

describe('MemoryReplayCache', () => {
  it('forgets an entry once it expired, and refuses rather than forget a live one when full', () => {
    const cache = new MemoryReplayCache(2);
    const later = Date.now() + 60_000;
    expect(cache.remember('a', Date.now() - 1)).toBe(true);
    expect(cache.remember('a', later)).toBe(true); // expired: a new use
    expect(cache.remember('b', later)).toBe(true);
    expect(cache.remember('c', later)).toBe(false); // full of live entries
    expect(cache.remember('a', later)).toBe(false);
  });
});
