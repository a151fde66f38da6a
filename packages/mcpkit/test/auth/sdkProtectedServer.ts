/**
 * A protected MCP server built only from the official SDK's own auth helpers:
 * `mcpAuthRouter` with its demo in-memory provider as the authorization
 * server, `requireBearerAuth` (scope `mcp:tools`) in front of an SDK
 * `McpServer` on Streamable HTTP with one tool, `whoami`.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** The little of express used here (it ships no types in this repository). */
interface App {
  use(...handlers: unknown[]): void;
  post(path: string, ...handlers: unknown[]): void;
  listen(port: number, host: string, ready: () => void): Server;
}
const express = createRequire(import.meta.url)('express') as (() => App) & { json(): unknown };

/** A running server. */
export interface SdkProtectedServer {
  readonly url: URL;
  close(): void;
}

/** Starts one on 127.0.0.1 and a free port. */
export async function startSdkProtectedServer(): Promise<SdkProtectedServer> {
  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => {
      resolve(s);
    });
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${base}/mcp`);
  const provider = new DemoInMemoryAuthProvider((resource) => resource?.href === mcpUrl.href);
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
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  return {
    url: mcpUrl,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
