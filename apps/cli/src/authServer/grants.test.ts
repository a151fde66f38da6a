// The dev authorization server's newer grants, as a fetch handler (no port),
// each attacked: private_key_jwt (a reused assertion, a wrong audience, a key
// not registered, a jwks_uri on loopback, a keyed client naming itself
// without proof), DPoP at the token endpoint (a bad proof, a proof replayed
// after bogus grants, a public client's refresh token bound to its key), ID-JAGs of the local identity provider (for
// another client, another audience or resource, replayed, an ID token passed
// off as one) and workload JWTs (an untrusted issuer, a key not the issuer's,
// another audience).
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevAuthServer, type DevAuthServer, type DevAuthServerOptions } from './devAuthServer.js';

const ISSUER = 'http://127.0.0.1:9000';
const RESOURCE = 'http://127.0.0.1:3000/mcp';
const WORKLOAD = 'https://workload.example';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

interface KeyPair {
  readonly privateKey: CryptoKey;
  readonly jwk: JWK;
}

async function keyPair(): Promise<KeyPair> {
  const pair = await generateKeyPair('ES256');
  return { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), alg: 'ES256' } };
}

let clientKey: KeyPair;
let strayKey: KeyPair;
let workloadKey: KeyPair;
let dpopKey: KeyPair;

beforeAll(async () => {
  [clientKey, strayKey, workloadKey, dpopKey] = await Promise.all([keyPair(), keyPair(), keyPair(), keyPair()]);
});

function server(options: Partial<DevAuthServerOptions> = {}): Promise<DevAuthServer> {
  return createDevAuthServer({
    issuer: ISSUER,
    autoApprove: true,
    idp: true,
    workloadIssuers: [{ issuer: WORKLOAD, jwks: { keys: [workloadKey.jwk] } }],
    clients: [
      { clientId: 'keyed', jwks: { keys: [clientKey.jwk] } },
      { clientId: 'app', clientSecret: 'app-secret' },
      { clientId: 'other', clientSecret: 'other-secret' },
      { clientId: 'public', redirectUris: ['http://127.0.0.1:5555/cb'] },
    ],
    ...options,
  });
}

function post(as: DevAuthServer, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return as.fetch(
    new Request(`${ISSUER}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

async function body(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

let n = 0;
function clientAssertion(key: KeyPair, claims: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'keyed', sub: 'keyed', aud: ISSUER, iat: now, exp: now + 60, jti: `a${String(++n)}`, ...claims })
    .setProtectedHeader({ alg: 'ES256' })
    .sign(key.privateKey);
}

function withAssertion(assertion: string, fields: Record<string, string> = {}): Record<string, string> {
  return {
    grant_type: 'client_credentials',
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: assertion,
    resource: RESOURCE,
    ...fields,
  };
}

async function dpopProof(key: KeyPair = dpopKey, htu = `${ISSUER}/token`): Promise<string> {
  return new SignJWT({ htm: 'POST', htu, iat: Math.floor(Date.now() / 1000), jti: `d${String(++n)}` })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.jwk })
    .sign(key.privateKey);
}

describe('private_key_jwt', () => {
  it('issues a token to a client proving itself with its registered key', async () => {
    const as = await server();
    const res = await post(as, '/token', withAssertion(await clientAssertion(clientKey)));
    expect(res.status).toBe(200);
    const token = decodeJwt((await body(res))['access_token'] as string);
    expect(token).toMatchObject({ sub: 'keyed', client_id: 'keyed', aud: RESOURCE });
  });

  it('refuses an assertion used twice, one for another audience, and one signed by another key', async () => {
    const as = await server();
    const once = await clientAssertion(clientKey);
    expect((await post(as, '/token', withAssertion(once))).status).toBe(200);
    const replay = await post(as, '/token', withAssertion(once));
    expect(replay.status).toBe(401);
    expect(await body(replay)).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringMatching(/already used/) as unknown,
    });
    const elsewhere = await post(as, '/token', withAssertion(await clientAssertion(clientKey, { aud: 'https://other.example' })));
    expect(await body(elsewhere)).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringMatching(/aud/) as unknown,
    });
    const stray = await post(as, '/token', withAssertion(await clientAssertion(strayKey)));
    expect(await body(stray)).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a keyed client naming itself without an assertion, and two methods at once', async () => {
    const as = await server();
    const bare = await post(as, '/token', { grant_type: 'client_credentials', client_id: 'keyed' });
    expect(bare.status).toBe(401);
    const both = await post(as, '/token', withAssertion(await clientAssertion(clientKey), { client_secret: 'x' }));
    expect(await body(both)).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses an assertion with alg none', async () => {
    const as = await server();
    const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none' })}.${b64({ iss: 'keyed', sub: 'keyed', aud: ISSUER, exp: now + 60, jti: 'z' })}.`;
    expect((await post(as, '/token', withAssertion(unsigned))).status).toBe(401);
  });

  it('registers a client with a jwks, refuses a private key in it, and never fetches a jwks_uri on loopback', async () => {
    const logged: string[] = [];
    const as = await server({ log: (line) => logged.push(line) });
    const register = (metadata: Record<string, unknown>) =>
      as.fetch(
        new Request(`${ISSUER}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_types: ['client_credentials'],
            token_endpoint_auth_method: 'private_key_jwt',
            ...metadata,
          }),
        }),
      );
    const ok = await register({ jwks: { keys: [clientKey.jwk] } });
    expect(ok.status).toBe(201);
    expect(await body(ok)).not.toHaveProperty('client_secret');
    const pair = await generateKeyPair('ES256', { extractable: true });
    expect((await register({ jwks: { keys: [await exportJWK(pair.privateKey)] } })).status).toBe(400);
    expect((await register({})).status).toBe(400);
    expect((await register({ jwks_uri: 'http://127.0.0.1:1/jwks' })).status).toBe(400);
    const loopback = await register({ jwks_uri: 'https://127.0.0.1:1/jwks' });
    expect(loopback.status).toBe(201);
    const id = (await body(loopback))['client_id'] as string;
    const assertion = await clientAssertion(clientKey, { iss: id, sub: id });
    const res = await post(as, '/token', withAssertion(assertion));
    expect(res.status).toBe(401);
    expect((await body(res))['error_description']).toBe(
      "the keys to check the client assertion could not be fetched (the server's log says why)",
    );
    expect(logged.join('\n')).toMatch(/127\.0\.0\.1 is a loopback address/);
  });

  it('tells a client nothing of how its jwks_uri resolves or fails: that goes to the log', async () => {
    // A name that resolves to a private address: the guard refuses it before any connection.
    const resolve = ((host: string, _o: unknown, cb: (e: Error | null, a: { address: string; family: number }[]) => void) => {
      if (host === 'nowhere.internal')
        cb(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.internal'), { code: 'ENOTFOUND' }), []);
      else cb(null, [{ address: '10.0.0.7', family: 4 }]);
    }) as unknown as NonNullable<DevAuthServerOptions['resolve']>;
    const logged: string[] = [];
    const as = await server({ resolve, log: (line) => logged.push(line) });
    for (const [uri, detail] of [
      ['https://keys.intranet.example/jwks', 'keys.intranet.example resolves to 10.0.0.7'],
      ['https://nowhere.internal/jwks', 'ENOTFOUND'],
    ] as const) {
      const registered = await as.fetch(
        new Request(`${ISSUER}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_types: ['client_credentials'],
            token_endpoint_auth_method: 'private_key_jwt',
            jwks_uri: uri,
          }),
        }),
      );
      const id = (await body(registered))['client_id'] as string;
      const res = await post(as, '/token', withAssertion(await clientAssertion(clientKey, { iss: id, sub: id })));
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(text).toContain('could not be fetched');
      for (const leak of ['10.0.0.7', 'resolves', 'private', 'ENOTFOUND', 'nowhere.internal', 'intranet'])
        expect(text).not.toContain(leak);
      expect(logged.join('\n')).toContain(detail);
    }
  });

  it('fetches a jwks_uri on loopback only when allowed (local development)', async () => {
    let fetched = 0;
    const keys = createServer((_req, res) => {
      fetched++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [clientKey.jwk] }));
    });
    await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', resolve));
    try {
      const uri = `http://127.0.0.1:${String((keys.address() as AddressInfo).port)}/jwks`;
      const as = await server({ allowInsecureMetadataUrls: true });
      const registered = await as.fetch(
        new Request(`${ISSUER}/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_types: ['client_credentials'],
            token_endpoint_auth_method: 'private_key_jwt',
            jwks_uri: uri,
          }),
        }),
      );
      const id = (await body(registered))['client_id'] as string;
      const res = await post(as, '/token', withAssertion(await clientAssertion(clientKey, { iss: id, sub: id })));
      expect(res.status).toBe(200);
      expect(fetched).toBe(1);
    } finally {
      await new Promise((resolve) => keys.close(resolve));
    }
  });

  it('advertises private_key_jwt, DPoP and the JWT-bearer grant in its metadata', async () => {
    const as = await server();
    expect(as.metadata).toMatchObject({
      token_endpoint_auth_methods_supported: expect.arrayContaining(['private_key_jwt']) as unknown,
      grant_types_supported: expect.arrayContaining([JWT_BEARER]) as unknown,
      dpop_signing_alg_values_supported: expect.arrayContaining(['ES256']) as unknown,
    });
    const plain = await server({ idp: false, workloadIssuers: [] });
    expect(plain.metadata['grant_types_supported']).not.toContain(JWT_BEARER);
  });
});

describe('DPoP at the token endpoint', () => {
  it('binds the token to the proof key (cnf.jkt, token_type DPoP)', async () => {
    const as = await server();
    const res = await post(
      as,
      '/token',
      { grant_type: 'client_credentials', resource: RESOURCE },
      {
        authorization: `Basic ${btoa('app:app-secret')}`,
        dpop: await dpopProof(),
      },
    );
    const answer = await body(res);
    expect(answer['token_type']).toBe('DPoP');
    expect(decodeJwt(answer['access_token'] as string)['cnf']).toEqual({ jkt: await calculateJwkThumbprint(dpopKey.jwk) });
  });

  it('refuses a proof for another URL, and one replayed', async () => {
    const as = await server();
    const headers = { authorization: `Basic ${btoa('app:app-secret')}` };
    const wrong = await post(
      as,
      '/token',
      { grant_type: 'client_credentials' },
      { ...headers, dpop: await dpopProof(dpopKey, `${ISSUER}/other`) },
    );
    expect(await body(wrong)).toMatchObject({ error: 'invalid_dpop_proof' });
    const proof = await dpopProof();
    expect((await post(as, '/token', { grant_type: 'client_credentials' }, { ...headers, dpop: proof })).status).toBe(200);
    expect(await body(await post(as, '/token', { grant_type: 'client_credentials' }, { ...headers, dpop: proof }))).toMatchObject(
      {
        error: 'invalid_dpop_proof',
      },
    );
  });

  it('spends a proof only on a good grant: a bogus code takes no room, a replay spends no code', async () => {
    const as = await server();
    const { s256 } = await import('./signer.js');
    const verifier = 'w'.repeat(43);
    const codeFor = async () => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'public',
        redirect_uri: 'http://127.0.0.1:5555/cb',
        code_challenge: await s256(verifier),
        code_challenge_method: 'S256',
        resource: RESOURCE,
      });
      const redirect = await as.fetch(new Request(`${ISSUER}/authorize?${query.toString()}`));
      return new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    };
    const exchange = async (code: string, dpop: string) =>
      body(
        await post(
          as,
          '/token',
          {
            grant_type: 'authorization_code',
            code,
            redirect_uri: 'http://127.0.0.1:5555/cb',
            code_verifier: verifier,
            client_id: 'public',
          },
          { dpop },
        ),
      );
    const proof = await dpopProof();
    // A flood of bogus codes under one proof (or many) records nothing: the proof stays good.
    for (let i = 0; i < 20; i++) expect(await exchange(`bogus-${String(i)}`, proof)).toMatchObject({ error: 'invalid_grant' });
    const first = await codeFor();
    expect(await exchange(first, proof)).toMatchObject({ token_type: 'DPoP' });
    // Now spent: replayed with a fresh code, it is refused, and that code is not spent by the refusal.
    const second = await codeFor();
    expect(await exchange(second, proof)).toMatchObject({
      error: 'invalid_dpop_proof',
      error_description: expect.stringMatching(/already used/) as unknown,
    });
    expect(await exchange(second, await dpopProof())).toMatchObject({ token_type: 'DPoP' });
  });

  it("binds a public client's refresh token to its key: another key cannot refresh", async () => {
    const as = await server();
    const { s256 } = await import('./signer.js');
    const verifier = 'v'.repeat(43);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'public',
      redirect_uri: 'http://127.0.0.1:5555/cb',
      code_challenge: await s256(verifier),
      code_challenge_method: 'S256',
      resource: RESOURCE,
    });
    const redirect = await as.fetch(new Request(`${ISSUER}/authorize?${query.toString()}`));
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await body(
      await post(
        as,
        '/token',
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'http://127.0.0.1:5555/cb',
          code_verifier: verifier,
          client_id: 'public',
        },
        { dpop: await dpopProof() },
      ),
    );
    const refresh = tokens['refresh_token'] as string;
    const refreshWith = async (key: KeyPair) =>
      body(
        await post(
          as,
          '/token',
          { grant_type: 'refresh_token', refresh_token: refresh, client_id: 'public' },
          { dpop: await dpopProof(key) },
        ),
      );
    expect(await refreshWith(strayKey)).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/DPoP key/) as unknown,
    });
    expect(await refreshWith(dpopKey)).toMatchObject({ token_type: 'DPoP' });
  });
});

/** An ID token of the local identity provider for `client`, then its ID-JAG (or the refusal). */
async function idJag(
  as: DevAuthServer,
  client: string,
  secret: string,
  fields: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const basic = { authorization: `Basic ${btoa(`${client}:${secret}`)}` };
  const idToken = (await body(await post(as, '/idp/id-token', {}, basic)))['id_token'] as string;
  return body(
    await post(
      as,
      '/idp/token',
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        subject_token: idToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
        audience: ISSUER,
        resource: RESOURCE,
        ...fields,
      },
      basic,
    ),
  );
}

function bearerGrant(
  as: DevAuthServer,
  assertion: string,
  client = 'app',
  secret = 'app-secret',
  fields: Record<string, string> = {},
) {
  return post(
    as,
    '/token',
    { grant_type: JWT_BEARER, assertion, resource: RESOURCE, ...fields },
    {
      authorization: `Basic ${btoa(`${client}:${secret}`)}`,
    },
  );
}

describe('the local identity provider and ID-JAGs', () => {
  it('exchanges an ID token for an ID-JAG the token endpoint takes once', async () => {
    const as = await server();
    const jag = (await idJag(as, 'app', 'app-secret'))['access_token'] as string;
    expect(decodeJwt(jag)).toMatchObject({
      iss: `${ISSUER}/idp`,
      aud: ISSUER,
      client_id: 'app',
      resource: RESOURCE,
      sub: 'dev-user',
    });
    const res = await bearerGrant(as, jag);
    expect(res.status).toBe(200);
    expect(decodeJwt((await body(res))['access_token'] as string)).toMatchObject({
      sub: 'dev-user',
      client_id: 'app',
      aud: RESOURCE,
    });
    expect(await body(await bearerGrant(as, jag))).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/already used/) as unknown,
    });
  });

  it('refuses an ID-JAG presented by another client, or for another resource', async () => {
    const as = await server();
    const jag = (await idJag(as, 'app', 'app-secret'))['access_token'] as string;
    expect(await body(await bearerGrant(as, jag, 'other', 'other-secret'))).toMatchObject({
      error: 'invalid_grant',
      error_description: 'the ID-JAG was issued for another client',
    });
    const jag2 = (await idJag(as, 'app', 'app-secret'))['access_token'] as string;
    expect(await body(await bearerGrant(as, jag2, 'app', 'app-secret', { resource: 'http://127.0.0.1:4000/mcp' }))).toMatchObject(
      {
        error: 'invalid_target',
      },
    );
  });

  it('issues no ID-JAG for another audience, nor for an ID token of another client', async () => {
    const as = await server();
    expect(await idJag(as, 'app', 'app-secret', { audience: 'https://other-as.example' })).toMatchObject({
      error: 'invalid_target',
    });
    const theirs = (await body(await post(as, '/idp/id-token', {}, { authorization: `Basic ${btoa('other:other-secret')}` })))[
      'id_token'
    ] as string;
    expect(await idJag(as, 'app', 'app-secret', { subject_token: theirs })).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/aud/) as unknown,
    });
  });

  it('refuses an ID token passed off as an ID-JAG (its typ), and is off without --idp', async () => {
    const as = await server();
    const idToken = (await body(await post(as, '/idp/id-token', {}, { authorization: `Basic ${btoa('app:app-secret')}` })))[
      'id_token'
    ] as string;
    expect(await body(await bearerGrant(as, idToken))).toMatchObject({ error: 'invalid_grant' });
    const plain = await server({ idp: false });
    expect((await post(plain, '/idp/id-token', {}, { authorization: `Basic ${btoa('app:app-secret')}` })).status).toBe(404);
  });
});

describe('workload JWTs', () => {
  function workloadJwt(key: KeyPair, claims: Record<string, unknown> = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: WORKLOAD,
      sub: 'system:serviceaccount:ci:builder',
      aud: ISSUER,
      iat: now,
      exp: now + 600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign(key.privateKey);
  }

  it("exchanges a trusted issuer's workload JWT for a token for the workload", async () => {
    const as = await server();
    const res = await bearerGrant(as, await workloadJwt(workloadKey));
    expect(res.status).toBe(200);
    expect(decodeJwt((await body(res))['access_token'] as string)).toMatchObject({ sub: 'system:serviceaccount:ci:builder' });
  });

  it('refuses an untrusted issuer, a key not the issuer’s, and another audience', async () => {
    const as = await server();
    const untrusted = await bearerGrant(as, await workloadJwt(workloadKey, { iss: 'https://attacker.example' }));
    expect(await body(untrusted)).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/not trusted/) as unknown,
    });
    expect(await body(await bearerGrant(as, await workloadJwt(strayKey)))).toMatchObject({ error: 'invalid_grant' });
    const elsewhere = await bearerGrant(as, await workloadJwt(workloadKey, { aud: 'https://other.example' }));
    expect(await body(elsewhere)).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/aud/) as unknown,
    });
  });

  it('refuses the grant where no issuer is trusted', async () => {
    const as = await server({ idp: false, workloadIssuers: [] });
    expect(await body(await bearerGrant(as, await workloadJwt(workloadKey)))).toMatchObject({ error: 'unsupported_grant_type' });
  });
});
