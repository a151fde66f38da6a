/**
 * Interop: mcpkit's client (McpClient + connectHttp + OAuthClient, with the
 * Node loopback redirect) against a protected server built only from the
 * official SDK's own auth helpers: `mcpAuthRouter` with its demo in-memory
 * provider as the authorization server, `requireBearerAuth` in front of an
 * SDK `McpServer` on Streamable HTTP.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import expressUntyped from 'express';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthClient, serverKey } from '../../src/auth/index.js';
import { McpClient } from '../../src/client/index.js';
import { connectHttp, FileTokenStore, LoopbackAuthorization } from '../../src/node/index.js';

/** The little of express used here (it ships no types in this repository). */
interface App {
  use(...handlers: unknown[]): void;
  post(path: string, ...handlers: unknown[]): void;
  listen(port: number, host: string, ready: () => void): Server;
}
const express = expressUntyped as unknown as (() => App) & { json(): unknown };

let server: Server;
let mcpUrl: URL;
let provider: DemoInMemoryAuthProvider;

beforeAll(async () => {
  const app = express();
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => {
      resolve(s);
    });
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mcpUrl = new URL(`${base}/mcp`);
  provider = new DemoInMemoryAuthProvider((resource) => resource?.href === mcpUrl.href);
  app.use(express.json());
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), scopesSupported: ['mcp:tools'], resourceServerUrl: mcpUrl }));
  const bearer = requireBearerAuth({
    verifier: provider,
    requiredScopes: ['mcp:tools'],
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
  }) as unknown;
  app.post('/mcp', bearer, async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const mcp = new McpServer({ name: 'sdk-protected', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Who the token says you are' }, (extra) => ({
      content: [
        { type: 'text', text: `client ${extra.authInfo?.clientId ?? '?'} scopes ${extra.authInfo?.scopes.join(' ') ?? ''}` },
      ],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A "browser" that follows the authorization URL to the loopback listener. */
function browser(): LoopbackAuthorization {
  return new LoopbackAuthorization({
    openBrowser: false,
    onUrl: (url) => {
      void fetch(url).then((r) => r.body?.cancel());
    },
  });
}

describe('mcpkit client ↔ official SDK auth helpers', () => {
  it('connects, authorizes through the loopback redirect, calls a tool, and keeps the tokens in a 0600 file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-auth-'));
    try {
      const store = new FileTokenStore(join(dir, 'auth.json'));
      const client = new McpClient({ name: 'interop', version: '1.0.0', era: 'handshake' });
      await client.connect(connectHttp(mcpUrl, { auth: new OAuthClient({ handler: browser(), store }) }));
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(JSON.stringify(result.content)).toContain('scopes mcp:tools');
      await client.close();
      expect(statSync(join(dir, 'auth.json')).mode & 0o777).toBe(0o600);
      const kept = await store.get(serverKey(mcpUrl));
      expect(kept?.tokens?.scopes).toEqual(['mcp:tools']);

      // A second client with the same store needs no new authorization.
      const again = new McpClient({ name: 'interop', version: '1.0.0', era: 'handshake' });
      const silent = new OAuthClient({
        store,
        handler: { redirectUri: () => 'http://127.0.0.1:1/callback', authorize: () => Promise.reject(new Error('asked again')) },
      });
      await again.connect(connectHttp(mcpUrl, { auth: silent }));
      await again.listTools();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without authorization the SDK server refuses, and the client reports it', async () => {
    const client = new McpClient({ name: 'interop', version: '1.0.0', era: 'handshake' });
    const error = await client.connect(connectHttp(mcpUrl)).then(
      () => undefined,
      (e: unknown) => e,
    );
    const chain: string[] = [];
    for (let e = error; e instanceof Error; e = e.cause) chain.push(e.message);
    expect(chain.join(' / ')).toMatch(/401/);
  });
});
