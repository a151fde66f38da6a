import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthorizationError, MemoryTokenStore, OAuthClient, serverKey, type OAuthClientOptions } from '../../src/auth/index.js';
import { authorizedClient } from '../../src/http/client/authorizer.js';
import { FakeWorld, ISSUER, post, REDIRECT, SERVER, type WorldOptions } from './fakeWorld.js';

function setup(world: WorldOptions = {}, options: OAuthClientOptions = {}) {
  const w = new FakeWorld(world);
  const oauth = new OAuthClient({ handler: w.handler, fetch: w.fetch, ...options });
  return { world: w, oauth, client: authorizedClient(w.resource, oauth) };
}

async function refusal(promise: Promise<unknown>): Promise<AuthorizationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthorizationError);
  return error as AuthorizationError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('OAuthClient: the flow', () => {
  it('answers a 401 with discovery, registration, PKCE S256 and a token, then resends the request', async () => {
    const { world, client } = setup({
      challenge: `Bearer scope="mcp:read", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`,
    });
    const reply = await client.request(post());
    expect(reply.status).toBe(200);
    const [auth] = world.authorizations;
    expect(auth?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth?.searchParams.get('resource')).toBe(SERVER);
    expect(auth?.searchParams.get('scope')).toBe('mcp:read');
    expect(auth?.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(world.registrations[0]).toMatchObject({
      redirect_uris: [REDIRECT],
      application_type: 'native',
      token_endpoint_auth_method: 'none',
    });
    expect(world.tokenBodies[0]?.get('resource')).toBe(SERVER);
    expect(world.resourceLog.map((r) => r.authorization)).toEqual([undefined, 'Bearer access-1']);
  });

  it('reuses the token for later requests and never sends it to another origin', async () => {
    const { world, client } = setup();
    await client.request(post());
    await client.request(post());
    await client.request(post('https://elsewhere.example.com/mcp'));
    expect(world.authorizations).toHaveLength(1);
    expect(world.resourceLog.map((r) => r.authorization)).toEqual([undefined, 'Bearer access-1', 'Bearer access-1', undefined]);
  });

  it('takes scopes from scopes_supported when the challenge names none, and none when neither does', async () => {
    const a = setup({ prm: { scopes_supported: ['a', 'b'] } });
    await a.client.request(post());
    expect(a.world.authorizations[0]?.searchParams.get('scope')).toBe('a b');
    const b = setup();
    await b.client.request(post());
    expect(b.world.authorizations[0]?.searchParams.has('scope')).toBe(false);
  });

  it('adds offline_access only where the authorization server lists it', async () => {
    const { world, client } = setup({
      prm: { scopes_supported: ['a'] },
      metadata: { scopes_supported: ['a', 'offline_access'] },
    });
    await client.request(post());
    expect(world.authorizations[0]?.searchParams.get('scope')).toBe('a offline_access');
    expect(world.registrations[0]?.['grant_types']).toContain('refresh_token');
  });

  it('steps up on 403 insufficient_scope with the union of the scopes', async () => {
    const { world, client } = setup({
      challenge: `Bearer scope="mcp:read", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`,
      requiredScopes: ['mcp:write'],
    });
    const reply = await client.request(post());
    expect(reply.status).toBe(200);
    expect(world.authorizations.map((u) => u.searchParams.get('scope'))).toEqual(['mcp:read', 'mcp:write mcp:read']);
  });

  it('gives up after three authorizations for one request', async () => {
    const { world, client } = setup({ alwaysForbidden: true });
    const error = await refusal(client.request(post()));
    expect(error.reason).toBe('retry_limit');
    expect(world.authorizations).toHaveLength(3);
  });

  it('uses pre-registered credentials before anything else, with client_secret_basic', async () => {
    const { world, client } = setup(
      {},
      { client: { clientId: 'pre', clientSecret: 's3cret' }, clientMetadataUrl: 'https://app.example/cimd.json' },
    );
    await client.request(post());
    expect(world.registrations).toHaveLength(0);
    expect(world.authorizations[0]?.searchParams.get('client_id')).toBe('pre');
  });

  it('uses the client metadata document URL as client_id where the server supports CIMD', async () => {
    const { world, client } = setup(
      { metadata: { client_id_metadata_document_supported: true } },
      { clientMetadataUrl: 'https://app.example/cimd.json' },
    );
    await client.request(post());
    expect(world.registrations).toHaveLength(0);
    expect(world.authorizations[0]?.searchParams.get('client_id')).toBe('https://app.example/cimd.json');
  });

  it('refreshes an expired token before sending it, and authorizes again when refresh fails', async () => {
    const { world, oauth, client } = setup({ refresh: true, expiresIn: 3600 });
    await client.request(post());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600_000 - 10_000);
    // The token expires within the 30 s margin: the next request refreshes first.
    await client.request(post());
    expect(world.tokenBodies.map((b) => b.get('grant_type'))).toEqual(['authorization_code', 'refresh_token']);
    expect(world.resourceLog.at(-1)?.authorization).toBe('Bearer access-2');
    world.refreshTokens.clear();
    vi.setSystemTime(Date.now() + 3600_000);
    await client.request(post());
    expect(world.authorizations).toHaveLength(2);
    expect(oauth.scopes).toEqual([]);
  });

  it('two clients sharing a store after expiry: one refresh, and the other uses its tokens', async () => {
    const store = new MemoryTokenStore();
    const first = setup({ refresh: true, expiresIn: 3600 }, { store });
    await first.client.request(post());
    // A second client (another host, say) loads the same tokens.
    const second = new OAuthClient({ handler: first.world.handler, fetch: first.world.fetch, store });
    const other = authorizedClient(first.world.resource, second);
    await other.request(post());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600_000);
    await Promise.all([first.client.request(post()), other.request(post())]);
    const refreshes = first.world.tokenBodies.filter((b) => b.get('grant_type') === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(first.world.authorizations).toHaveLength(1);
    expect(first.world.resourceLog.slice(-2).map((r) => r.authorization)).toEqual(['Bearer access-2', 'Bearer access-2']);
  });

  it('never sends an expired token without a refresh token', async () => {
    const store = new MemoryTokenStore();
    await store.set(serverKey(SERVER), {
      server: serverKey(SERVER),
      tokens: {
        accessToken: 'stale',
        tokenType: 'Bearer',
        expiresAt: Date.now() - 1000,
        scopes: [],
        issuer: ISSUER,
        resource: SERVER,
      },
    });
    const { world, client } = setup({}, { store });
    await client.request(post());
    expect(world.resourceLog[0]?.authorization).toBeUndefined();
  });

  it('keeps tokens in the store, so a new client reuses them', async () => {
    const store = new MemoryTokenStore();
    const first = setup({}, { store });
    await first.client.request(post());
    const second = new OAuthClient({ handler: first.world.handler, fetch: first.world.fetch, store });
    await authorizedClient(first.world.resource, second).request(post());
    expect(first.world.authorizations).toHaveLength(1);
  });

  it('registers anew with a new authorization server, never reusing the old credentials', async () => {
    const store = new MemoryTokenStore();
    const a = setup({}, { store });
    await a.client.request(post());
    const other = 'https://as2.example.com';
    const b = new FakeWorld({
      prm: { authorization_servers: [other] },
      redirect: (u) => {
        u.searchParams.set('iss', other);
        return u;
      },
    });
    const fetch2 = (input: string, init: RequestInit) =>
      b.fetch(input.replace(other, ISSUER).replace('as2.example.com', 'as.example.com'), init).then(async (r) => {
        const text = await r.text();
        return new Response(text.replaceAll(ISSUER, other), {
          status: r.status,
          headers: { 'content-type': 'application/json' },
        });
      });
    const oauth2 = new OAuthClient({ handler: b.handler, fetch: fetch2, store });
    await authorizedClient(b.resource, oauth2).request(post());
    expect(b.registrations).toHaveLength(1);
    const kept = await store.get(serverKey(SERVER));
    expect(Object.keys(kept?.clients ?? {}).sort()).toEqual([ISSUER, other]);
    expect(kept?.tokens?.issuer).toBe(other);
  });
});

describe('OAuthClient: refusals', () => {
  it('refuses authorization server metadata for another issuer', async () => {
    const { world, client } = setup({ metadata: { issuer: 'https://evil.example.com' } });
    expect((await refusal(client.request(post()))).reason).toBe('issuer_mismatch');
    expect(world.authorizations).toHaveLength(0);
  });

  it('refuses protected resource metadata for another resource', async () => {
    const { world, client } = setup({ prm: { resource: 'https://evil.example.com/mcp' } });
    expect((await refusal(client.request(post()))).reason).toBe('resource_mismatch');
    expect(world.asLog.some((l) => l.includes('as.example.com'))).toBe(false);
  });

  it('refuses an authorization server without PKCE S256', async () => {
    for (const methods of [undefined, ['plain']]) {
      const { world, client } = setup({ metadata: { code_challenge_methods_supported: methods } });
      expect((await refusal(client.request(post()))).reason).toBe('pkce_unsupported');
      expect(world.authorizations).toHaveLength(0);
    }
  });

  it('refuses a response whose state is not the one sent, before any token request', async () => {
    const { world, client } = setup({
      redirect: (u) => {
        u.searchParams.set('state', 'forged');
        return u;
      },
    });
    expect((await refusal(client.request(post()))).reason).toBe('state_mismatch');
    expect(world.tokenBodies).toHaveLength(0);
  });

  it('refuses a response from another issuer (RFC 9207), and one without iss where it is advertised', async () => {
    const wrong = setup({
      redirect: (u) => {
        u.searchParams.set('iss', `${ISSUER}/`);
        return u;
      },
    });
    expect((await refusal(wrong.client.request(post()))).reason).toBe('iss_mismatch');
    const missing = setup({
      redirect: (u) => {
        u.searchParams.delete('iss');
        return u;
      },
    });
    expect((await refusal(missing.client.request(post()))).reason).toBe('iss_mismatch');
    expect(wrong.world.tokenBodies.length + missing.world.tokenBodies.length).toBe(0);
  });

  it('refuses a redirect that is not exactly the redirect URI', async () => {
    const { world, client } = setup({ redirect: (u) => new URL(`http://127.0.0.1:4567/other${u.search}`) });
    expect((await refusal(client.request(post()))).reason).toBe('redirect_mismatch');
    expect(world.tokenBodies).toHaveLength(0);
  });

  it('refuses insecure metadata and endpoint URLs', async () => {
    const prm = setup({ challenge: 'Bearer resource_metadata="http://mcp.example.com/prm"' });
    expect((await refusal(prm.client.request(post()))).reason).toBe('insecure_url');
    const as = setup({ prm: { authorization_servers: ['http://as.example.com'] } });
    expect((await refusal(as.client.request(post()))).reason).toBe('insecure_url');
    const endpoint = setup({ metadata: { token_endpoint: 'http://as.example.com/token' } });
    expect((await refusal(endpoint.client.request(post()))).reason).toBe('insecure_url');
    expect(prm.world.asLog).toHaveLength(0);
  });

  it('does not send a token kept for another server', async () => {
    const store = new MemoryTokenStore();
    const other = 'https://other.example.com/mcp';
    await store.set(serverKey(SERVER), {
      server: serverKey(SERVER),
      tokens: { accessToken: 'for-other', tokenType: 'Bearer', scopes: [], issuer: ISSUER, resource: other },
    });
    const { oauth } = setup({}, { store });
    expect(await oauth.headers(post())).toEqual({});
  });

  it('names the OAuth error but never a secret, a code or a token', async () => {
    const { client } = setup({ tokenError: 'invalid_grant' }, { client: { clientId: 'pre', clientSecret: 'TOPSECRET' } });
    const error = await refusal(client.request(post()));
    expect(error.reason).toBe('token_failed');
    expect(error.message).toContain('invalid_grant');
    expect(error.message).not.toMatch(/TOPSECRET|code-1|access-/);
  });

  it('without a handler, says so instead of hanging', async () => {
    const w = new FakeWorld();
    const client = authorizedClient(w.resource, new OAuthClient({ fetch: w.fetch }));
    expect((await refusal(client.request(post()))).reason).toBe('not_configured');
  });
});

describe('OAuthClient: machine grants and DPoP', () => {
  it('client credentials: no user, the secret at the token endpoint', async () => {
    const { world, client } = setup({}, { grant: { type: 'client_credentials' }, client: { clientId: 'm', clientSecret: 'x' } });
    expect((await client.request(post())).status).toBe(200);
    expect(world.authorizations).toHaveLength(0);
    expect(world.tokenBodies[0]?.get('grant_type')).toBe('client_credentials');
  });

  it('DPoP: a fresh proof bound to the token on every request', async () => {
    const w = new FakeWorld();
    // The fake issues Bearer tokens; ask for DPoP-bound ones by rewriting the token type.
    const fetchDpop = async (input: string, init: RequestInit) => {
      const r = await w.fetch(input, init);
      if (!input.endsWith('/token')) return r;
      const body = JSON.parse(await r.text()) as Record<string, unknown>;
      expect(new Headers(init.headers as Record<string, string>).get('dpop')).toMatch(/^ey/);
      return new Response(JSON.stringify({ ...body, token_type: 'DPoP' }), { status: r.status });
    };
    const oauth = new OAuthClient({ handler: w.handler, fetch: fetchDpop, dpop: true });
    const client = authorizedClient(w.resource, oauth);
    await client.request(post());
    await client.request(post());
    const proofs = w.resourceLog.filter((r) => r.dpop !== undefined);
    expect(proofs).toHaveLength(2);
    expect(proofs[0]?.authorization).toBe('DPoP access-1');
    const payload = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const [a, b] = proofs.map((p) => payload(p.dpop ?? ''));
    expect(a?.['htu']).toBe(SERVER);
    expect(a?.['ath']).toBeTypeOf('string');
    expect(a?.['jti']).not.toBe(b?.['jti']);
  });
});
