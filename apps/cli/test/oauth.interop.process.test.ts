// End to end with the official v2 client's OAuth support: mcpkit's protected
// server (the `auth` option of serveHttp) and mcpkit's dev authorization
// server, in both eras. The authorization code flow (dynamic registration,
// PKCE, RFC 9207 iss, the resource parameter), the client credentials flow,
// step-up on 403 insufficient_scope, and then the same through the command
// line: `mcpkit auth-server` and `mcpkit serve everything --auth-server`.
import {
  Client,
  ClientCredentialsProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { jwtVerifier } from 'mcpkit/http';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { McpServer } from 'mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import { startAuthServer, startProtectedEverything } from '../../../test/support/authProcess.js';
import { createDevAuthServer } from '../src/authServer/devAuthServer.js';
import { serveFetch, type FetchServer } from '../src/authServer/serveFetch.js';

const REDIRECT = 'http://127.0.0.1:1/callback';
const closers: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** An official-client OAuth provider for a headless test: it records the authorization URL instead of opening a browser. */
class TestProvider implements OAuthClientProvider {
  lastAuthorizationUrl: URL | undefined;
  #client: StoredOAuthClientInformation | undefined;
  #tokens: StoredOAuthTokens | undefined;
  #verifier = '';
  #discovery: OAuthDiscoveryState | undefined;
  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'official v2 client',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.#client;
  }
  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.#client = info;
  }
  tokens(): StoredOAuthTokens | undefined {
    return this.#tokens;
  }
  saveTokens(tokens: StoredOAuthTokens): void {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.lastAuthorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }
  codeVerifier(): string {
    return this.#verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }
}

async function authServer(options: { clients?: { clientId: string; clientSecret?: string }[] } = {}): Promise<FetchServer> {
  const served = await serveFetch(
    async (origin) => (await createDevAuthServer({ issuer: origin, autoApprove: true, clients: options.clients ?? [] })).fetch,
    0,
    '127.0.0.1',
  );
  closers.push(() => served.close());
  return served;
}

async function protectedServer(issuer: string): Promise<HttpServerHandle> {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.tool({ name: 'whoami', description: 'Who the token is for' }, (_args, ctx) => {
    const auth = ctx.auth as { subject?: string; clientId?: string; scopes?: string[] };
    return JSON.stringify({ subject: auth.subject, clientId: auth.clientId, scopes: auth.scopes });
  });
  server.tool({ name: 'admin', description: 'Needs the admin scope' }, () => 'admin done');
  const handle = await serveHttp(server, {
    auth: {
      verifier: jwtVerifier({ issuer }),
      authorizationServers: [issuer],
      requiredScopes: ['mcp'],
      scopes: { tools: { admin: ['admin'] } },
    },
  });
  closers.push(() => handle.close());
  return handle;
}

function client(pin?: string): Client {
  return new Client({ name: 'sdk-v2', version: '2.0.0' }, pin === undefined ? {} : { versionNegotiation: { mode: { pin } } });
}

/** Plays the browser: follows the authorization URL (auto-approved) and returns the callback's parameters. */
async function browse(url: URL | undefined): Promise<URLSearchParams> {
  expect(url).toBeDefined();
  const answer = await fetch(url!, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(REDIRECT);
  return callback.searchParams;
}

function text(result: unknown): string {
  return ((result as { content: { text: string }[] }).content[0] ?? { text: '' }).text;
}

describe.each([
  ['handshake era', undefined],
  ['stateless era', '2026-07-28'],
])('the official v2 client, %s', (_name, pin) => {
  it('completes the authorization code flow and calls a tool as the dev user', async () => {
    const as = await authServer();
    const mcp = await protectedServer(as.origin);
    const provider = new TestProvider();
    const first = new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider });
    await expect(client(pin).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const authorization = provider.lastAuthorizationUrl!;
    expect(authorization.searchParams.get('resource')).toBe(mcp.url);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('scope')).toBe('mcp');
    const params = await browse(authorization);
    expect(params.get('iss')).toBe(as.origin);
    await first.finishAuth(params);
    const c = client(pin);
    await c.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider }));
    const seen = JSON.parse(text(await c.callTool({ name: 'whoami', arguments: {} }))) as Record<string, unknown>;
    expect(seen).toMatchObject({ subject: 'dev-user', scopes: ['mcp'] });
    expect(typeof seen['clientId']).toBe('string');
    await c.close();
  });

  it('steps up on 403 insufficient_scope: a new authorization with the union of scopes', async () => {
    const as = await authServer();
    const mcp = await protectedServer(as.origin);
    const provider = new TestProvider();
    const first = new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider });
    await expect(client(pin).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    await first.finishAuth(await browse(provider.lastAuthorizationUrl));
    const transport = new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider });
    const c = client(pin);
    await c.connect(transport);
    provider.lastAuthorizationUrl = undefined;
    await expect(c.callTool({ name: 'admin', arguments: {} })).rejects.toThrow();
    const stepUp = provider.lastAuthorizationUrl as URL | undefined;
    expect(stepUp?.searchParams.get('scope')?.split(' ').sort()).toEqual(['admin', 'mcp']);
    await transport.finishAuth(await browse(stepUp));
    const again = client(pin);
    await again.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider }));
    expect(text(await again.callTool({ name: 'admin', arguments: {} }))).toBe('admin done');
    await c.close();
    await again.close();
  });

  it('gets a token with client credentials and is refused a tool beyond its scope', async () => {
    const as = await authServer({ clients: [{ clientId: 'machine', clientSecret: 'machine-secret' }] });
    const mcp = await protectedServer(as.origin);
    const provider = new ClientCredentialsProvider({
      clientId: 'machine',
      clientSecret: 'machine-secret',
      scope: 'mcp',
      expectedIssuer: as.origin,
    });
    const c = client(pin);
    await c.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { authProvider: provider }));
    expect(JSON.parse(text(await c.callTool({ name: 'whoami', arguments: {} })))).toMatchObject({
      subject: 'machine',
      clientId: 'machine',
    });
    await c.close();
  });
});

describe('the command line', () => {
  it('mcpkit serve everything --auth-server protects the reference server', async () => {
    const as = await startAuthServer(['--client-id', 'machine', '--client-secret', 'machine-secret']);
    closers.push(() => as.stop());
    const { issuer } = as;
    expect(as.output()).toContain('Never use it in production');
    const mcp = await startProtectedEverything(issuer);
    closers.push(() => mcp.stop());
    const { url } = mcp;
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('/.well-known/oauth-protected-resource/mcp');
    for (const pin of [undefined, '2026-07-28']) {
      const c = client(pin);
      const provider = new ClientCredentialsProvider({
        clientId: 'machine',
        clientSecret: 'machine-secret',
        expectedIssuer: issuer,
      });
      await c.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
      expect((await c.listTools()).tools.length).toBeGreaterThan(5);
      await c.close();
    }
  });
});
