/**
 * Interop: mcpkit's client (McpClient + nodeHttpTransport + OAuthClient, with the
 * Node loopback redirect) against a protected server built only from the
 * official SDK's own auth helpers (see sdkProtectedServer.ts).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthClient, serverKey } from '../../src/auth/index.js';
import { McpClient } from '../../src/client/index.js';
import { nodeHttpTransport, FileTokenStore, LoopbackAuthorization } from '../../src/node/index.js';
import { startSdkProtectedServer, type SdkProtectedServer } from './sdkProtectedServer.js';

let sdk: SdkProtectedServer;
let mcpUrl: URL;

beforeAll(async () => {
  sdk = await startSdkProtectedServer();
  mcpUrl = sdk.url;
});

afterAll(() => {
  sdk.close();
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
      await client.connect(nodeHttpTransport(mcpUrl, { auth: new OAuthClient({ handler: browser(), store }) }));
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
      await again.connect(nodeHttpTransport(mcpUrl, { auth: silent }));
      await again.listTools();
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without authorization the SDK server refuses, and the client reports it', async () => {
    const client = new McpClient({ name: 'interop', version: '1.0.0', era: 'handshake' });
    const error = await client.connect(nodeHttpTransport(mcpUrl)).then(
      () => undefined,
      (e: unknown) => e,
    );
    const chain: string[] = [];
    for (let e = error; e instanceof Error; e = e.cause) chain.push(e.message);
    expect(chain.join(' / ')).toMatch(/401/);
  });
});
