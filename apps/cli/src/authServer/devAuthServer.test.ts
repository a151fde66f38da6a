// The dev authorization server as a fetch handler (no port): metadata,
// registration, the authorization endpoint's refusals (shown, not redirected,
// when the client or redirect URI is wrong), PKCE, single-use codes, refresh
// rotation, client credentials, consent, introspection, and tokens that
// mcpkit's own JWT verifier accepts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerifier } from 'mcpkit/http';
import { describe, expect, it } from 'vitest';
import { createDevAuthServer, type DevAuthServer, type DevAuthServerOptions } from './devAuthServer.js';
import { s256 } from './signer.js';

const ISSUER = 'http://127.0.0.1:9000';
const REDIRECT = 'http://127.0.0.1:5555/callback';
const RESOURCE = 'http://127.0.0.1:3000/mcp';
const VERIFIER = 'v'.repeat(43);

function server(options: Partial<DevAuthServerOptions> = {}): Promise<DevAuthServer> {
  return createDevAuthServer({
    issuer: ISSUER,
    autoApprove: true,
    clients: [
      { clientId: 'public', redirectUris: [REDIRECT] },
      { clientId: 'machine', clientSecret: 'shh', redirectUris: [] },
    ],
    ...options,
  });
}

async function authorizeUrl(params: Record<string, string>): Promise<string> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'public',
    redirect_uri: REDIRECT,
    code_challenge: await s256(VERIFIER),
    code_challenge_method: 'S256',
    state: 'st',
    resource: RESOURCE,
    ...params,
  });
  for (const [k, v] of Object.entries(params)) if (v === '') query.delete(k);
  return `${ISSUER}/authorize?${query.toString()}`;
}

function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

async function codeFrom(as: DevAuthServer, params: Record<string, string> = {}): Promise<string> {
  const res = await as.fetch(new Request(await authorizeUrl(params)));
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.searchParams.get('iss')).toBe(ISSUER);
  return location.searchParams.get('code')!;
}

async function exchange(as: DevAuthServer, code: string, extra: Record<string, string> = {}): Promise<Response> {
  return as.fetch(
    new Request(
      `${ISSUER}/token`,
      form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
        client_id: 'public',
        ...extra,
      }),
    ),
  );
}

describe('metadata and registration', () => {
  it('publishes RFC 8414 metadata with S256 only, CIMD and iss support', async () => {
    const as = await server({ scopes: ['mcp', 'admin'] });
    const res = await as.fetch(new Request(`${ISSUER}/.well-known/oauth-authorization-server`));
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/token`,
      registration_endpoint: `${ISSUER}/register`,
      jwks_uri: `${ISSUER}/jwks`,
      scopes_supported: ['mcp', 'admin'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect((await as.fetch(new Request(`${ISSUER}/.well-known/openid-configuration`))).status).toBe(200);
    expect((await as.fetch(new Request(`${ISSUER}/nothing`))).status).toBe(404);
  });

  it('registers public and confidential clients, and refuses unsafe redirect URIs', async () => {
    const as = await server();
    const register = (body: unknown) =>
      as.fetch(
        new Request(`${ISSUER}/register`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      );
    const pub = await register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', client_name: 'app' });
    expect(pub.status).toBe(201);
    const registered = (await pub.json()) as Record<string, unknown>;
    expect(registered).toMatchObject({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
    expect(registered['client_secret']).toBeUndefined();
    const conf = (await (await register({ redirect_uris: ['https://app.example/cb'] })).json()) as Record<string, unknown>;
    expect(typeof conf['client_secret']).toBe('string');
    const insecure = await register({ redirect_uris: ['http://app.example/cb'] });
    expect(insecure.status).toBe(400);
    expect(await insecure.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    expect((await register({ redirect_uris: ['https://app.example/cb#frag'] })).status).toBe(400);
    expect((await register({ grant_types: ['password'], redirect_uris: [REDIRECT] })).status).toBe(400);
    expect((await register('nope')).status).toBe(400);
  });
});

describe('the authorization endpoint', () => {
  it('shows, never redirects, an unknown client or a redirect URI that is not an exact match', async () => {
    const as = await server();
    const unknown = await as.fetch(new Request(await authorizeUrl({ client_id: 'nobody' })));
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
    for (const redirect of [`${REDIRECT}/`, 'http://127.0.0.1:5555/callback?x=1', 'http://evil.example/callback']) {
      const res = await as.fetch(new Request(await authorizeUrl({ redirect_uri: redirect })));
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('never for production');
    }
  });

  it('redirects other errors with state and iss: no PKCE, plain PKCE, wrong response type, unknown scope', async () => {
    const as = await server({ scopes: ['mcp'] });
    const errorOf = async (params: Record<string, string>) => {
      const res = await as.fetch(new Request(await authorizeUrl(params)));
      expect(res.status).toBe(302);
      const url = new URL(res.headers.get('location')!);
      expect(url.searchParams.get('state')).toBe('st');
      expect(url.searchParams.get('iss')).toBe(ISSUER);
      expect(url.searchParams.get('code')).toBeNull();
      return url.searchParams.get('error');
    };
    expect(await errorOf({ code_challenge: '', code_challenge_method: '' })).toBe('invalid_request');
    expect(await errorOf({ code_challenge_method: 'plain' })).toBe('invalid_request');
    expect(await errorOf({ response_type: 'token' })).toBe('unsupported_response_type');
    expect(await errorOf({ scope: 'mcp root' })).toBe('invalid_scope');
    expect(await errorOf({ resource: 'http://x.example/mcp#f' })).toBe('invalid_target');
  });

  it('without auto-approve, a consent page whose form approves or denies', async () => {
    const as = await server({ autoApprove: false });
    const pageRes = await as.fetch(new Request(await authorizeUrl({ scope: 'mcp' })));
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain('127.0.0.1:5555');
    // Chromium checks form-action on the redirect after the form is sent: the redirect URI's origin is listed.
    expect(pageRes.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:5555");
    const id = /name="request" value="([^"]+)"/.exec(html)![1]!;
    const approve = await as.fetch(new Request(`${ISSUER}/authorize`, form({ request: id, decision: 'approve' })));
    expect(new URL(approve.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    const replay = await as.fetch(new Request(`${ISSUER}/authorize`, form({ request: id, decision: 'approve' })));
    expect(replay.status).toBe(400);
    const second = /name="request" value="([^"]+)"/.exec(await (await as.fetch(new Request(await authorizeUrl({})))).text())![1]!;
    const deny = await as.fetch(new Request(`${ISSUER}/authorize`, form({ request: second, decision: 'deny' })));
    expect(new URL(deny.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });
});

describe('the token endpoint', () => {
  it('exchanges a code once, for a JWT that names the resource and verifies against the JWKS', async () => {
    const as = await server();
    const code = await codeFrom(as, { scope: 'mcp admin' });
    const res = await exchange(as, code);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = (await res.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'mcp admin', expires_in: 3600 });
    const jwks = (await (await as.fetch(new Request(`${ISSUER}/jwks`))).json()) as { keys: Record<string, unknown>[] };
    const verdict = await jwtVerifier({ issuer: ISSUER, jwks })(tokens['access_token'] as string, { resource: RESOURCE });
    expect(verdict).toMatchObject({
      ok: true,
      token: { subject: 'dev-user', clientId: 'public', scopes: ['mcp', 'admin'], audience: [RESOURCE] },
    });
    const replay = await exchange(as, code);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a replayed code revokes its grant: the tokens, the refreshed ones, and lists their jti for resource servers', async () => {
    const as = await server();
    const metadata = (await (await as.fetch(new Request(`${ISSUER}/.well-known/oauth-authorization-server`))).json()) as Record<
      string,
      unknown
    >;
    expect(metadata['mcpkit_revocation_list']).toBe(`${ISSUER}/revoked`);
    const code = await codeFrom(as, { scope: 'mcp' });
    const first = (await (await exchange(as, code)).json()) as Record<string, string>;
    const refreshed = (await (
      await as.fetch(
        new Request(
          `${ISSUER}/token`,
          form({ grant_type: 'refresh_token', refresh_token: first['refresh_token']!, client_id: 'public' }),
        ),
      )
    ).json()) as Record<string, string>;
    const other = (await (await exchange(as, await codeFrom(as))).json()) as Record<string, string>;
    const jtiOf = (jwt: string): string =>
      (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    const listed = async (): Promise<string[]> =>
      ((await (await as.fetch(new Request(`${ISSUER}/revoked`))).json()) as { revoked: string[] }).revoked;
    expect(await listed()).toEqual([]);
    expect(await (await exchange(as, code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await listed()).sort()).toEqual([jtiOf(first['access_token']!), jtiOf(refreshed['access_token']!)].sort());
    expect(await listed()).not.toContain(jtiOf(other['access_token']!));
    const refreshAgain = await as.fetch(
      new Request(
        `${ISSUER}/token`,
        form({ grant_type: 'refresh_token', refresh_token: refreshed['refresh_token']!, client_id: 'public' }),
      ),
    );
    expect(await refreshAgain.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('lets the token request pick no audience the authorization did not name', async () => {
    const as = await server();
    const code = await codeFrom(as, { resource: '' });
    expect(await (await exchange(as, code, { resource: 'http://victim.example/mcp' })).json()).toMatchObject({
      error: 'invalid_target',
    });
    const unbound = (await (await exchange(as, await codeFrom(as, { resource: '' }))).json()) as Record<string, string>;
    const refresh = await as.fetch(
      new Request(
        `${ISSUER}/token`,
        form({
          grant_type: 'refresh_token',
          refresh_token: unbound['refresh_token']!,
          client_id: 'public',
          resource: 'http://victim.example/mcp',
        }),
      ),
    );
    expect(await refresh.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('refuses a wrong verifier, a different redirect URI, another resource, another client', async () => {
    const as = await server();
    expect(await (await exchange(as, await codeFrom(as), { code_verifier: 'w'.repeat(43) })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await (await exchange(as, await codeFrom(as), { redirect_uri: `${REDIRECT}x` })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await (await exchange(as, await codeFrom(as), { resource: 'http://other.example/mcp' })).json()).toMatchObject({
      error: 'invalid_target',
    });
    const stolen = await exchange(as, await codeFrom(as), { client_id: 'machine', client_secret: 'shh' });
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('rotates refresh tokens and never widens their scope', async () => {
    const as = await server();
    const first = (await (await exchange(as, await codeFrom(as, { scope: 'a b' }))).json()) as Record<string, string>;
    const refresh = (token: string, extra: Record<string, string> = {}) =>
      as.fetch(
        new Request(
          `${ISSUER}/token`,
          form({ grant_type: 'refresh_token', refresh_token: token, client_id: 'public', ...extra }),
        ),
      );
    expect(await (await refresh(first['refresh_token']!, { scope: 'a c' })).json()).toMatchObject({ error: 'invalid_scope' });
    const second = (await (await refresh(first['refresh_token']!, { scope: 'a' })).json()) as Record<string, string>;
    expect(second).toMatchObject({ scope: 'a' });
    expect(second['refresh_token']).not.toBe(first['refresh_token']);
    expect(await (await refresh(first['refresh_token']!)).json()).toMatchObject({ error: 'invalid_grant' });
    // That reuse revoked the family: the token rotated in its place is dead too.
    expect(await (await refresh(second['refresh_token']!)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a reused refresh token revokes its own family only', async () => {
    const as = await server();
    const mine = (await (await exchange(as, await codeFrom(as))).json()) as Record<string, string>;
    const other = (await (await exchange(as, await codeFrom(as))).json()) as Record<string, string>;
    const refresh = (token: string) =>
      as.fetch(new Request(`${ISSUER}/token`, form({ grant_type: 'refresh_token', refresh_token: token, client_id: 'public' })));
    expect((await refresh(mine['refresh_token']!)).status).toBe(200);
    expect((await refresh(mine['refresh_token']!)).status).toBe(400);
    expect((await refresh(other['refresh_token']!)).status).toBe(200);
  });

  it('client credentials: Basic or post authentication, confidential clients only', async () => {
    const as = await server();
    const basic = `Basic ${btoa('machine:shh')}`;
    const ok = await as.fetch(
      new Request(
        `${ISSUER}/token`,
        form({ grant_type: 'client_credentials', scope: 'mcp', resource: RESOURCE }, { authorization: basic }),
      ),
    );
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', scope: 'mcp' });
    const post = await as.fetch(
      new Request(`${ISSUER}/token`, form({ grant_type: 'client_credentials', client_id: 'machine', client_secret: 'shh' })),
    );
    expect(post.status).toBe(200);
    const wrong = await as.fetch(
      new Request(
        `${ISSUER}/token`,
        form({ grant_type: 'client_credentials' }, { authorization: `Basic ${btoa('machine:no')}` }),
      ),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Basic');
    const pub = await as.fetch(new Request(`${ISSUER}/token`, form({ grant_type: 'client_credentials', client_id: 'public' })));
    expect(await pub.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('introspection answers for live tokens and only to confidential clients', async () => {
    const as = await server({ tokenFormat: 'opaque' });
    const { access_token: token } = (await (await exchange(as, await codeFrom(as, { scope: 'mcp' }))).json()) as Record<
      string,
      string
    >;
    const ask = (t: string, auth = `Basic ${btoa('machine:shh')}`) =>
      as.fetch(new Request(`${ISSUER}/introspect`, form({ token: t }, { authorization: auth })));
    expect(await (await ask(token!)).json()).toMatchObject({
      active: true,
      sub: 'dev-user',
      client_id: 'public',
      scope: 'mcp',
      aud: RESOURCE,
    });
    expect(await (await ask('unknown')).json()).toEqual({ active: false });
    expect((await ask(token!, `Basic ${btoa('public:')}`)).status).toBe(401);
  });
});

describe('Client ID Metadata Documents', () => {
  it('accepts a client whose document names its own URL, and refuses one that names another', async () => {
    const docs = createServer((req, res) => {
      const self = `http://127.0.0.1:${String((docs.address() as AddressInfo).port)}${req.url ?? ''}`;
      const clientId = req.url === '/good.json' ? self : 'https://someone.else/client.json';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ client_id: clientId, client_name: 'CIMD app', redirect_uris: [REDIRECT] }));
    });
    await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${String((docs.address() as AddressInfo).port)}`;
      const as = await server({ allowInsecureMetadataUrls: true });
      const code = await codeFrom(as, { client_id: `${base}/good.json` });
      expect((await exchange(as, code, { client_id: `${base}/good.json` })).status).toBe(200);
      const bad = await as.fetch(new Request(await authorizeUrl({ client_id: `${base}/bad.json` })));
      expect(bad.status).toBe(400);
      const strict = await server();
      expect((await strict.fetch(new Request(await authorizeUrl({ client_id: `${base}/good.json` })))).status).toBe(400);
    } finally {
      docs.close();
    }
  });

  it('fetches no document from this machine or its network, whatever the URL or its name resolves to', async () => {
    let hits = 0;
    const docs = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((docs.address() as AddressInfo).port);
      const resolve = ((host: string, _o: unknown, cb: (e: Error | null, a: { address: string; family: number }[]) => void) => {
        cb(null, [{ address: host === 'private.example' ? '10.0.0.7' : '127.0.0.1', family: 4 }]);
      }) as unknown as NonNullable<DevAuthServerOptions['resolve']>;
      const logged: string[] = [];
      const as = await server({ resolve, log: (line) => logged.push(line) });
      for (const [clientId, why] of [
        [`https://127.0.0.1:${port}/client.json`, '127.0.0.1 is a loopback address'],
        [`https://rebind.example:${port}/client.json`, 'rebind.example resolves to 127.0.0.1'],
        [`https://private.example:${port}/client.json`, 'a private address'],
      ] as const) {
        const res = await as.fetch(new Request(await authorizeUrl({ client_id: clientId })));
        expect(res.status).toBe(400);
        // The client hears only that the document could not be read; how the name resolves goes to the log.
        const page = await res.text();
        expect(page).toContain('could not be read');
        for (const leak of [why, '127.0.0.1 ', '10.0.0.7', 'resolves']) expect(page).not.toContain(leak);
        expect(logged.at(-1)).toContain(why);
      }
      expect(hits).toBe(0);
    } finally {
      docs.close();
    }
  });
});
