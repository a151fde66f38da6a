// The `auth` option: an OAuth-protected server through the web handler. Every
// refusal (no token, bad signature, wrong audience, expired, inactive, a
// token in the URL, a verifier that is down), 403 insufficient_scope with the
// union of scopes, per-tool / prompt / resource scopes in both eras,
// `ctx.auth` as handlers see it, and the Protected Resource Metadata.
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../src/http/server/auth/authOptions.js';
import { introspectionVerifier } from '../../src/http/server/auth/introspectionVerifier.js';
import { jwtVerifier } from '../../src/http/server/auth/jwtVerifier.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { McpServer } from '../../src/server/server.js';
import { post, SseReader, stateless } from './webClient.js';

const ISSUER = 'https://auth.example';
const RESOURCE = 'http://localhost/mcp';
const PRM = 'http://localhost/.well-known/oauth-protected-resource/mcp';

let signingKey: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;
let handler: WebHandler | undefined;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
  otherKey = (await generateKeyPair('ES256')).privateKey;
});

afterEach(async () => {
  await handler?.close();
  handler = undefined;
});

interface TokenOptions {
  readonly aud?: string | string[];
  readonly scope?: string;
  readonly sub?: string;
  readonly expSeconds?: number;
  readonly key?: CryptoKey;
  readonly iss?: string;
}

async function token(options: TokenOptions = {}): Promise<string> {
  return new SignJWT({ scope: options.scope ?? 'mcp', client_id: 'client-1', tenant: 't1' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(options.iss ?? ISSUER)
    .setSubject(options.sub ?? 'alice')
    .setAudience(options.aud ?? RESOURCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expSeconds ?? 600))
    .sign(options.key ?? signingKey);
}

function protectedServer(): McpServer {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.tool({ name: 'whoami', description: 'Reports ctx.auth' }, (_args, ctx) => ({
    content: [{ type: 'text', text: JSON.stringify({ auth: ctx.auth, principal: ctx.principal }) }],
    structuredContent: { token: (ctx.auth as { token?: string } | undefined)?.token ?? null },
  }));
  server.tool({ name: 'admin', description: 'Needs the admin scope' }, () => 'done');
  server.prompt({ name: 'secret-prompt', description: 'Needs prompts:read' }, () => 'hello');
  server.resourceTemplate({ uriTemplate: 'files:///{path}', name: 'files' }, (uri) => `contents of ${uri}`);
  return server;
}

function serve(options: Partial<AuthOptions> = {}): WebHandler {
  handler = createWebHandler(protectedServer(), {
    auth: {
      verifier: jwtVerifier({ issuer: ISSUER, jwks: { keys: [jwk] } }),
      authorizationServers: [ISSUER],
      resource: RESOURCE,
      requiredScopes: ['mcp'],
      scopes: {
        tools: { admin: ['admin'] },
        prompts: { 'secret-prompt': ['prompts:read'] },
        resources: { 'files:///{path}': ['files:read'] },
      },
      ...options,
    },
  });
  return handler;
}

function bearer(t: string): Record<string, string> {
  return { authorization: `Bearer ${t}` };
}

/** A 2026-07-28 tools/call with a bearer token. */
function call(name: string, t: string | undefined): Request {
  return stateless('tools/call', { name, arguments: {} }, { headers: t === undefined ? {} : bearer(t) });
}

/** The parameters of a `Bearer` challenge. */
function challenge(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  expect(header.startsWith('Bearer')).toBe(true);
  const params: Record<string, string> = {};
  for (const m of header.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) params[m[1]!] = m[2]!;
  return params;
}

async function resultOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(200);
  const type = response.headers.get('content-type') ?? '';
  const message = type.includes('event-stream')
    ? await new SseReader(response).nextMessage()
    : ((await response.json()) as Record<string, unknown>);
  return message?.['result'] as Record<string, unknown>;
}

describe('Protected Resource Metadata', () => {
  it('is served at the path-aware well-known URL, to any origin', async () => {
    const h = serve({ resourceName: 'Test server' });
    const res = await h(new Request(PRM, { headers: { origin: 'https://elsewhere.example' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      resource: RESOURCE,
      authorization_servers: [ISSUER],
      scopes_supported: ['mcp', 'admin', 'prompts:read', 'files:read'],
      bearer_methods_supported: ['header'],
      dpop_signing_alg_values_supported: ['ES256', 'ES384', 'ES512', 'RS256', 'PS256', 'EdDSA', 'Ed25519'],
      resource_name: 'Test server',
    });
    expect((await h(new Request(PRM, { method: 'POST' }))).status).toBe(405);
  });

  it('keeps the query of a resource in its metadata URL (RFC 9728 §3.1), and serves the metadata there', async () => {
    const h = serve({ resource: 'http://localhost/mcp?tenant=acme' });
    const refused = await h(call('whoami', undefined));
    const url = challenge(refused)['resource_metadata'];
    expect(url).toBe('http://localhost/.well-known/oauth-protected-resource/mcp?tenant=acme');
    const res = await h(new Request(url ?? ''));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Record<string, unknown>)['resource']).toBe('http://localhost/mcp?tenant=acme');
  });

  it('a server without auth serves no metadata', async () => {
    handler = createWebHandler(protectedServer());
    expect((await handler(new Request(PRM))).status).toBe(404);
  });

  it('refuses a configuration without a resource or an authorization server', () => {
    const verifier = jwtVerifier({ issuer: ISSUER, jwks: { keys: [] } });
    expect(() => createWebHandler(protectedServer(), { auth: { verifier, authorizationServers: [ISSUER] } })).toThrow(
      /auth\.resource/,
    );
    expect(() =>
      createWebHandler(protectedServer(), { auth: { verifier, authorizationServers: [], resource: RESOURCE } }),
    ).toThrow(/at least one/);
  });
});

describe('refusals', () => {
  it('no token: 401 naming the metadata and the scopes to ask for', async () => {
    const res = await serve()(call('whoami', undefined));
    expect(res.status).toBe(401);
    expect(challenge(res)).toEqual({ resource_metadata: PRM, scope: 'mcp' });
    expect(await res.json()).toMatchObject({ error: { code: -32600 } });
  });

  it('another scheme is a plain challenge; an empty bearer token or one in the URL is 400', async () => {
    const h = serve();
    const basic = await h(stateless('tools/list', {}, { headers: { authorization: 'Basic dXNlcjpwYXNz' } }));
    expect(basic.status).toBe(401);
    expect(challenge(basic)['error']).toBeUndefined();
    const empty = await h(stateless('tools/list', {}, { headers: { authorization: 'Bearer ' } }));
    expect(empty.status).toBe(400);
    expect(challenge(empty)['error']).toBe('invalid_request');
    const inUrl = await h(post({ jsonrpc: '2.0', id: 1, method: 'ping' }, bearer(await token()), `${RESOURCE}?access_token=x`));
    expect(inUrl.status).toBe(400);
  });

  it('a bad signature is 401 invalid_token', async () => {
    const res = await serve()(call('whoami', await token({ key: otherKey })));
    expect(res.status).toBe(401);
    expect(challenge(res)).toMatchObject({ error: 'invalid_token', resource_metadata: PRM });
    const garbage = await serve()(call('whoami', 'not.a.jwt'));
    expect(garbage.status).toBe(401);
  });

  it('a token for another audience is 401, whatever Host the request names', async () => {
    const h = serve();
    const res = await h(call('whoami', await token({ aud: 'https://other.example/mcp' })));
    expect(res.status).toBe(401);
    expect(challenge(res)['error_description']).toMatch(/not issued for this resource/);
    const spoofed = stateless(
      'tools/call',
      { name: 'whoami', arguments: {} },
      { headers: bearer(await token({ aud: 'http://other.example/mcp' })) },
    );
    expect((await h(new Request('http://other.example/mcp', spoofed))).status).toBe(401);
  });

  it('accepts the audience in any case of scheme and host, with or without a trailing slash', async () => {
    const h = serve();
    expect((await h(call('whoami', await token({ aud: ['https://x.example', 'HTTP://LOCALHOST/mcp/'] })))).status).toBe(200);
  });

  it('an expired token is 401; a token from another issuer too', async () => {
    const h = serve();
    const expired = await h(call('whoami', await token({ expSeconds: -120 })));
    expect(expired.status).toBe(401);
    expect(challenge(expired)['error_description']).toMatch(/expired/);
    expect((await h(call('whoami', await token({ iss: 'https://evil.example' })))).status).toBe(401);
  });

  it('a verifier that cannot decide is 503, not 401', async () => {
    const h = serve({
      verifier: () => Promise.reject(new Error('introspection endpoint down')),
    });
    const res = await h(call('whoami', 'anything'));
    expect(res.status).toBe(503);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });
});

describe('scopes', () => {
  it('403 insufficient_scope for a tool, naming granted and needed scopes at once', async () => {
    const res = await serve()(call('admin', await token({ scope: 'mcp files:read offline_access' })));
    expect(res.status).toBe(403);
    expect(challenge(res)).toMatchObject({
      error: 'insufficient_scope',
      scope: 'mcp files:read admin',
      resource_metadata: PRM,
    });
    expect(await res.json()).toMatchObject({ id: 1, error: { code: -32600 } });
  });

  it('the server-wide scope is checked before any body is read', async () => {
    const res = await serve()(call('whoami', await token({ scope: 'files:read' })));
    expect(res.status).toBe(403);
    expect(challenge(res)['scope']).toBe('files:read mcp');
  });

  it('with the scope the same call succeeds; a broader scope implies narrower ones', async () => {
    const h = serve({ scopeImplies: { superuser: ['mcp', 'admin'] } });
    expect(await resultOf(await h(call('admin', await token({ scope: 'mcp admin' }))))).toMatchObject({
      content: [{ text: 'done' }],
    });
    expect(await resultOf(await h(call('admin', await token({ scope: 'superuser' }))))).toMatchObject({
      content: [{ text: 'done' }],
    });
  });

  it('prompts and resource templates have their own scopes', async () => {
    const h = serve();
    const t = await token({ scope: 'mcp' });
    const prompt = await h(stateless('prompts/get', { name: 'secret-prompt' }, { headers: bearer(t) }));
    expect(prompt.status).toBe(403);
    expect(challenge(prompt)['scope']).toBe('mcp prompts:read');
    const read = await h(stateless('resources/read', { uri: 'files:///a.txt' }, { headers: bearer(t) }));
    expect(read.status).toBe(403);
    expect(challenge(read)['scope']).toBe('mcp files:read');
    const ok = await h(
      stateless('resources/read', { uri: 'files:///a.txt' }, { headers: bearer(await token({ scope: 'mcp files:read' })) }),
    );
    expect(await resultOf(ok)).toMatchObject({ contents: [{ text: 'contents of files:///a.txt' }] });
  });

  it('a tool without its own scope needs only the server-wide ones; unknown names are left to the server', async () => {
    const h = serve();
    const t = await token({ scope: 'mcp' });
    expect((await h(call('whoami', t))).status).toBe(200);
    expect((await h(call('constructor', t))).status).toBe(200);
  });
});

describe('ctx.auth', () => {
  it('carries subject, client, scopes and claims; the token itself is not enumerable', async () => {
    const t = await token({ scope: 'mcp extra' });
    const result = await resultOf(await serve()(call('whoami', t)));
    const content = result['content'] as { text: string }[];
    const seen = JSON.parse(content[0]!.text) as { auth: Record<string, unknown>; principal: string };
    expect(seen.auth).toMatchObject({
      subject: 'alice',
      clientId: 'client-1',
      scopes: ['mcp', 'extra'],
      issuer: ISSUER,
      audience: [RESOURCE],
      claims: { tenant: 't1', sub: 'alice' },
    });
    expect(typeof seen.auth['expiresAt']).toBe('number');
    expect('token' in seen.auth).toBe(false);
    expect(seen.principal).toBe('alice');
    expect(result['structuredContent']).toEqual({ token: t });
  });

  it('handshake era: the session belongs to the token’s subject, and scopes are checked per request', async () => {
    const h = serve();
    const alice = await token({ scope: 'mcp' });
    const init = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        },
        bearer(alice),
      ),
    );
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id')!;
    const headers = (t: string) => ({ ...bearer(t), 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    const callIn = (name: string, t: string) =>
      post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: {} } }, headers(t));
    expect((await h(callIn('whoami', alice))).status).toBe(200);
    const denied = await h(callIn('admin', alice));
    expect(denied.status).toBe(403);
    expect(challenge(denied)['scope']).toBe('mcp admin');
    // A refreshed token for the same subject keeps the session; another subject's token cannot use it.
    expect((await h(callIn('admin', await token({ scope: 'mcp admin' })))).status).toBe(200);
    expect((await h(callIn('whoami', await token({ sub: 'mallory' })))).status).toBe(404);
    expect(
      (
        await h(
          post({ jsonrpc: '2.0', id: 3, method: 'ping' }, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' }),
        )
      ).status,
    ).toBe(401);
  });
});

describe('introspection', () => {
  function introspecting(answers: Record<string, object>, calls: string[]): AuthOptions['verifier'] {
    return introspectionVerifier({
      endpoint: 'https://auth.example/introspect',
      clientId: 'rs',
      clientSecret: 's e/cret',
      fetch: ((_url: string, init: RequestInit) => {
        const body = new URLSearchParams(init.body as string);
        calls.push(
          `${(init.headers as Record<string, string>)['authorization']} ${body.get('token')} ${body.get('token_type_hint')}`,
        );
        return Promise.resolve(
          new Response(JSON.stringify(answers[body.get('token') ?? ''] ?? { active: false }), { status: 200 }),
        );
      }) as typeof fetch,
    });
  }

  it('an inactive token is 401; an active one is verified once and cached', async () => {
    const calls: string[] = [];
    const h = serve({
      verifier: introspecting(
        {
          good: {
            active: true,
            sub: 'bob',
            client_id: 'c2',
            scope: 'mcp',
            aud: RESOURCE,
            exp: Math.floor(Date.now() / 1000) + 60,
          },
        },
        calls,
      ),
    });
    const inactive = await h(call('whoami', 'stale'));
    expect(inactive.status).toBe(401);
    expect(challenge(inactive)['error_description']).toBe('the access token is not active');
    const result = await resultOf(await h(call('whoami', 'good')));
    expect((result['content'] as { text: string }[])[0]!.text).toContain('"subject":"bob"');
    expect((await h(call('whoami', 'good'))).status).toBe(200);
    expect(calls).toEqual([
      `Basic ${btoa('rs:s+e%2Fcret')} stale access_token`,
      `Basic ${btoa('rs:s+e%2Fcret')} good access_token`,
    ]);
  });

  it('an introspection endpoint that fails is 503', async () => {
    const h = serve({
      verifier: introspectionVerifier({
        endpoint: 'https://auth.example/introspect',
        fetch: () => Promise.resolve(new Response('oops', { status: 500 })),
      }),
    });
    expect((await h(call('whoami', 'x'))).status).toBe(503);
  });
});

describe('older transports and batches', () => {
  it('2024-11-05 HTTP+SSE: the stream needs a token, and each POST is checked for its scopes', async () => {
    const h = serve();
    const sse = (headers: Record<string, string>) =>
      h(new Request('http://localhost/sse', { headers: { accept: 'text/event-stream', ...headers } }));
    const refused = await sse({});
    expect(refused.status).toBe(401);
    // The legacy endpoint is its own resource: its metadata, and tokens naming it (not /mcp).
    expect(challenge(refused)['resource_metadata']).toBe('http://localhost/.well-known/oauth-protected-resource/sse');
    const documented = await h(new Request('http://localhost/.well-known/oauth-protected-resource/sse'));
    expect(((await documented.json()) as { resource: string }).resource).toBe('http://localhost/sse');
    const forMcp = await sse(bearer(await token({ scope: 'mcp' })));
    expect(forMcp.status).toBe(401);
    expect(challenge(forMcp)['error']).toBe('invalid_token');
    const t = await token({ scope: 'mcp', aud: 'http://localhost/sse' });
    const stream = await sse(bearer(t));
    expect(stream.status).toBe(200);
    const reader = new SseReader(stream);
    const endpoint = (await reader.next())!.data!;
    const postTo = (body: object, tk: string) => h(post(body, bearer(tk), `http://localhost${endpoint}`));
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    };
    expect((await postTo(init, t)).status).toBe(202);
    const denied = await postTo({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'admin', arguments: {} } }, t);
    expect(denied.status).toBe(403);
    expect(challenge(denied)['scope']).toBe('mcp admin');
    await reader.cancel();
  });

  it('a 2025-03-26 batch needs the union of its requests’ scopes, named in one challenge', async () => {
    const h = serve();
    const t = await token({ scope: 'mcp' });
    const init = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'b', version: '1' } },
        },
        bearer(t),
      ),
    );
    const session = init.headers.get('mcp-session-id')!;
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'admin', arguments: {} } },
      { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'secret-prompt' } },
    ];
    const res = await h(post(batch, { ...bearer(t), 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' }));
    expect(res.status).toBe(403);
    expect(challenge(res)['scope']).toBe('mcp admin prompts:read');
  });
});
