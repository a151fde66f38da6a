/**
 * End to end: `McpClient` with `era: 'auto'` over `httpTransport`, against the
 * three kinds of official server. The client probes with `server/discover`;
 * a handshake-era server's HTTP error reaches it as an `HttpTransportError` status, so
 * it falls back to `initialize`; an HTTP+SSE server then also fails that POST,
 * and the transport switches underneath.
 */
import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import type { httpTransport } from '../../src/http/client/httpTransport.js';
import { FACES, type Face } from './faces.js';
import { listen, webHandler } from './nodeServer.js';
import { legacyServer, streamableServer } from './officialV1.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(face: Face, url: string): Promise<{ client: McpClient; transport: ReturnType<typeof httpTransport> }> {
  const transport = face.httpTransport(url);
  const client = new McpClient({ name: 'mcpkit-e2e', version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;

describe.each(FACES)('$name face', (face) => {
  it('speaks 2026-07-28 to the official v2 server, mirroring x-mcp-header parameters', async () => {
    const schema: object = {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
      required: ['region'],
    };
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: 'v2', version: '2.0.0' });
      server.registerTool('where', { inputSchema: fromJsonSchema<{ region: string }>(schema as JsonSchemaType) }, (args) => ({
        content: [{ type: 'text', text: `in ${args.region}` }],
      }));
      return server;
    });
    const server = await listen(webHandler((request) => handler.fetch(request)));
    cleanups.push(
      () => server.close(),
      () => handler.close(),
    );
    const { client, transport } = await connect(face, `${server.origin}/mcp`);
    expect([client.era, client.revision]).toEqual(['stateless', '2026-07-28']);
    expect(text(await client.callTool({ name: 'where', arguments: { region: 'Genève' } }))).toBe('in Genève');
    expect(transport.sessionId).toBeUndefined();
  });

  it('falls back to the handshake with the official v1 server, in a session', async () => {
    const server = await streamableServer();
    cleanups.push(() => server.close());
    const { client, transport } = await connect(face, `${server.origin}/mcp`);
    expect([client.era, client.revision]).toEqual(['handshake', '2025-11-25']);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'v1' } }))).toBe('v1');
    expect(server.sessions.has(transport.sessionId ?? '')).toBe(true);
  });

  it('reaches an official 2024-11-05 HTTP+SSE server through the same URL-only setup', async () => {
    const server = await legacyServer();
    cleanups.push(() => server.close());
    const { client, transport } = await connect(face, `${server.origin}/sse`);
    expect(client.era).toBe('handshake');
    expect(transport.protocol).toBe('http+sse');
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'sse' } }))).toBe('sse');
  });
});
