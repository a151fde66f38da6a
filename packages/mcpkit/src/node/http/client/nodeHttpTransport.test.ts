// mcpkit/node's client transports: node:http unless told otherwise, against
// mcpkit's own server in both eras, and network failures as HttpTransportError.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen } from '../../../../test/httpClient/nodeServer.js';
import { RecordingSink } from '../../../../test/helpers.js';
import { McpClient } from '../../../client/index.js';
import { HttpTransportError } from '../../../http/client/transportError.js';
import { McpServer } from '../../../server/index.js';
import { nodeHttpTransport, NodeStreamableHttpClientTransport } from './nodeHttpTransport.js';
import { serveHttp, type HttpServerHandle } from '../server/serveHttp.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function echoServer(): Promise<HttpServerHandle> {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.tool(
    { name: 'echo', input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
    (args) => (args as { message: string }).message,
  );
  const handle = await serveHttp(server);
  cleanups.push(() => handle.close());
  return handle;
}

async function connect(transport: NodeStreamableHttpClientTransport, era: 'handshake' | '2026-07-28'): Promise<McpClient> {
  const client = new McpClient({ name: 'node-face', version: '1.0.0', era });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return client;
}

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;

describe('mcpkit/node client transports', () => {
  it('go over node:http by default, never touching fetch', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('fetch must not be used')));
    vi.stubGlobal('fetch', fetchSpy);
    const { url } = await echoServer();
    const client = await connect(nodeHttpTransport(url), 'handshake');
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'native' } }))).toBe('native');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('go over an explicit fetch when given one', async () => {
    const realFetch = fetch;
    const fetchSpy = vi.fn((input: string, init: RequestInit) => realFetch(input, init));
    const { url } = await echoServer();
    const client = await connect(new NodeStreamableHttpClientTransport({ url, fetch: fetchSpy }), '2026-07-28');
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'fetched' } }))).toBe('fetched');
    expect(fetchSpy).toHaveBeenCalled();
  });

  it.each(['handshake', '2026-07-28'] as const)('carry %s calls to mcpkit’s server, 64 at a time', async (era) => {
    const { url } = await echoServer();
    const transport = nodeHttpTransport(url);
    const client = await connect(transport, era);
    const messages = Array.from({ length: 64 }, (_, i) => `m${String(i)}`);
    const answers = await Promise.all(
      messages.map(async (message) => text(await client.callTool({ name: 'echo', arguments: { message } }))),
    );
    expect(answers).toEqual(messages);
    expect(transport.sessionId === undefined).toBe(era === '2026-07-28');
  });

  it('report a refused connection as HttpTransportError without a status', async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    const transport = new NodeStreamableHttpClientTransport({ url: `${closed.origin}/mcp`, fallbackToSse: false });
    await transport.start(new RecordingSink());
    const error = await transport
      .send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect((error as HttpTransportError).status).toBeUndefined();
    expect((error as HttpTransportError).message).toMatch(/^POST initialize failed: .*ECONNREFUSED/);
    await transport.close();
  });
});
