// `mcpkit bridge` in front of the reference everything server from npm (built
// on the official v1 SDK), with mcpkit's client as the host: `bridge URL` to
// its Streamable HTTP and its old HTTP+SSE transport, and `bridge --http` to
// its stdio transport, over Streamable HTTP and HTTP+SSE.
import type { McpClient } from 'mcpkit/client';
import { SseClientTransport } from 'mcpkit/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt } from '../support/process.js';
import { connected, http, stdio, textOf } from './client.js';
import { SERVERS, startEverythingHttp, startHttp, type HttpProcess } from './servers.js';

function throughTheBridge(label: string, connect: () => Promise<{ client: McpClient; stop: () => Promise<void> }>): void {
  describe(label, () => {
    let client: McpClient | undefined;
    let stop: (() => Promise<void>) | undefined;
    const connectedClient = (): McpClient => {
      if (client === undefined) throw new Error('not connected');
      return client;
    };
    beforeAll(async () => {
      assertCliBuilt();
      ({ client, stop } = await connect());
    });
    afterAll(async () => {
      await client?.close();
      await stop?.();
    });

    it('reaches the server', async () => {
      expect(connectedClient().serverInfo).toMatchObject({ name: 'mcp-servers/everything' });
      expect(textOf(await connectedClient().callTool({ name: 'get-sum', arguments: { a: 2, b: 3.5 } }))).toBe(
        'The sum of 2 and 3.5 is 5.5.',
      );
    });

    it('carries the server’s requests and the client’s answers: sampling, elicitation, roots', async () => {
      expect(
        textOf(await connectedClient().callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hi' } })),
      ).toContain('sampled 1 message(s)');
      expect(textOf(await connectedClient().callTool({ name: 'trigger-elicitation-request' }))).toContain('- Name: Ada Lovelace');
      expect(textOf(await connectedClient().callTool({ name: 'get-roots-list' }))).toContain('URI: file:///interop/root');
    });

    it('carries progress', async () => {
      const progress: number[] = [];
      const result = await connectedClient().callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.4, steps: 2 } },
        { onProgress: (p) => progress.push(p.progress) },
      );
      expect(textOf(result)).toBe('Long running operation completed. Duration: 0.4 seconds, Steps: 2.');
      expect(progress.length).toBeGreaterThanOrEqual(1);
    });
  });
}

async function bridgeUrl(mode: 'streamableHttp' | 'sse'): Promise<{ client: McpClient; stop: () => Promise<void> }> {
  const server = await startEverythingHttp(mode);
  try {
    return { client: await connected(stdio([process.execPath, CLI_ENTRY, 'bridge', server.url])), stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function bridgeHttp(transport: 'streamable' | 'sse'): Promise<{ client: McpClient; stop: () => Promise<void> }> {
  const bridge: HttpProcess = await startHttp(
    [process.execPath, CLI_ENTRY, 'bridge', '--http', '0', '--', ...SERVERS.everything],
    {
      ready: /Ctrl-C to stop/,
    },
  );
  try {
    const url = new URL(bridge.url);
    const client = await connected(transport === 'sse' ? new SseClientTransport({ url: new URL('/sse', url) }) : http(url.href));
    return { client, stop: () => bridge.stop() };
  } catch (error) {
    await bridge.stop();
    throw error;
  }
}

throughTheBridge('bridge URL → server-everything (npm) on Streamable HTTP', () => bridgeUrl('streamableHttp'));
throughTheBridge('bridge URL → server-everything (npm) on HTTP+SSE', () => bridgeUrl('sse'));
throughTheBridge('bridge --http → server-everything (npm) on stdio, over Streamable HTTP', () => bridgeHttp('streamable'));
throughTheBridge('bridge --http → server-everything (npm) on stdio, over HTTP+SSE', () => bridgeHttp('sse'));
