// DPoP proof checks (RFC 9449 §4.3), attacked one claim at a time: every
// proof here is a real signed JWT, and every refusal names its reason.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessTokenHash, DpopVerifier } from './dpopProof.js';
import { MemoryReplayCache } from './replayCache.js';

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
    expect(await check(verifier, p)).toMatchObject({ ok: false, reason: /already used/ });
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

describe('DpopVerifier.check', () => {
  it('records nothing until record is called, and record refuses a replay', async () => {
    const verifier = new DpopVerifier();
    const p = await proof();
    const first = await verifier.check({ proof: p, method: 'POST', urls: [URL_], accessToken: TOKEN, jkt });
    const again = await verifier.check({ proof: p, method: 'POST', urls: [URL_], accessToken: TOKEN, jkt });
    if (!first.ok || !again.ok) throw new Error('the proof should pass its checks');
    expect(await first.record()).toEqual({ ok: true, jkt });
    expect(await again.record()).toMatchObject({ ok: false, reason: /already used/ });
  });

  it('shares a small cache fairly: a key that floods it is refused, another key is not', async () => {
    const verifier = new DpopVerifier({ replayCache: new MemoryReplayCache({ maxEntries: 100, maxEntriesPerKey: 3 }) });
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await check(verifier, await proof())).ok);
    expect(results).toEqual([true, true, true, false, false]);
    const bystander = await proof({ key: other.key, jwk: other.jwk });
    expect(await check(verifier, bystander, { bound: false })).toMatchObject({ ok: true });
  });
});
describe('MemoryReplayCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a live jti of the same key, and takes the same jti from another key', () => {
    const cache = new MemoryReplayCache();
    const later = Date.now() + 60_000;
    expect(cache.remember('A', 'j', later)).toBe(true);
    expect(cache.remember('A', 'j', later)).toBe(false);
    expect(cache.remember('B', 'j', later)).toBe(true);
  });

  it('refuses a key over its own limit, never another key', () => {
    const cache = new MemoryReplayCache({ maxEntriesPerKey: 3 });
    const later = Date.now() + 60_000;
    for (let i = 0; i < 3; i++) expect(cache.remember('A', `a${String(i)}`, later)).toBe(true);
    expect(cache.remember('A', 'a3', later)).toBe(false);
    for (let i = 0; i < 3; i++) expect(cache.remember('B', `b${String(i)}`, later)).toBe(true);
  });

  it('when full of live entries, refuses the keys holding their share and still takes the others', () => {
    const cache = new MemoryReplayCache({ maxEntries: 4, maxEntriesPerKey: 100 });
    const later = Date.now() + 60_000;
    for (let i = 0; i < 4; i++) expect(cache.remember('A', `a${String(i)}`, later)).toBe(true);
    expect(cache.remember('A', 'a4', later)).toBe(false); // the flooder, full
    expect(cache.remember('B', 'b0', later)).toBe(true); // a bystander is still served
    expect(cache.remember('B', 'b1', later)).toBe(true); // below its share (4 over 2 keys)
    expect(cache.remember('B', 'b2', later)).toBe(false); // at its share while full
    expect(cache.remember('A', 'a0', later)).toBe(false); // and no live jti was forgotten
  });

  it('drops expired entries from the head only, up to the first live one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const cache = new MemoryReplayCache({ maxEntriesPerKey: 2 });
    expect(cache.remember('A', 'old1', start + 1_000)).toBe(true);
    expect(cache.remember('A', 'old2', start + 1_000)).toBe(true);
    expect(cache.remember('A', 'full', start + 1_000)).toBe(false); // A at its limit
    expect(cache.remember('B', 'live', start + 60_000)).toBe(true);
    expect(cache.remember('C', 'short', start + 2_000)).toBe(true); // expires early, behind a live entry
    vi.setSystemTime(start + 5_000);
    // A's two entries at the head expire: A may record again, and its old jti is a new use.
    expect(cache.remember('A', 'old1', start + 65_000)).toBe(true);
    expect(cache.remember('A', 'new', start + 65_000)).toBe(true);
    // C's expired entry sits behind B's live one: kept (counted) until the head expires, yet it refuses nothing.
    expect(cache.size).toBe(4);
    expect(cache.remember('C', 'short', start + 65_000)).toBe(true);
    expect(cache.size).toBe(4);
    vi.setSystemTime(start + 70_000);
    expect(cache.remember('D', 'x', start + 130_000)).toBe(true);
    expect(cache.size).toBe(1);
  });
});
