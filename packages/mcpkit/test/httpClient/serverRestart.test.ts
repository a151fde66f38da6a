/**
 * The client against mcpkit's own HTTP server when that server restarts (its
 * sessions gone, the listener the same): the next request with the old
 * `Mcp-Session-Id` gets 404, and the client starts a new session and sends
 * the request again, as the 2025-03-26+ transport requires. The server's 404
 * carries a JSON-RPC error with the request's id ("Session not found"); that
 * body is not the request's answer: the request was never processed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import { StreamableHttpClientTransport } from '../../src/http/client/streamableHttpClientTransport.js';
import { createNodeHandler, type NodeHandler } from '../../src/node/http/server/nodeHandler.js';
import { makeFixture, type Fixture } from '../http/fixture.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** An MCP endpoint whose server can be restarted: a new handler (no sessions) behind the same port. */
async function restartable(): Promise<{
  url: URL;
  restart: () => Promise<void>;
  requests: () => string[];
  fixture: () => Fixture;
}> {
  let fixture = makeFixture();
  let handler: NodeHandler = createNodeHandler(fixture.server);
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.headers['mcp-session-id'] === undefined ? '-' : 'session'}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
    () => handler.close(),
  );
  return {
    url: new URL(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}/mcp`),
    restart: async () => {
      const old = handler;
      fixture = makeFixture();
      handler = createNodeHandler(fixture.server);
      await old.close();
    },
    requests: () => seen,
    fixture: () => fixture,
  };
}

async function connect(
  url: URL,
  reinitialize?: boolean,
): Promise<{ client: McpClient; transport: StreamableHttpClientTransport }> {
  const transport = new StreamableHttpClientTransport({ url, ...(reinitialize !== undefined && { reinitialize }) });
  const client = new McpClient({ name: 'restart-test', version: '1.0.0', era: 'handshake' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;

describe('a Streamable HTTP server that restarts', () => {
  it('gets a new session on the next call, and the call answers', async () => {
    const server = await restartable();
    const { client, transport } = await connect(server.url);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'before' } }))).toBe('echo: before');
    const old = transport.sessionId;
    expect(old).toBeDefined();
    await server.restart();
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'after' } }))).toBe('echo: after');
    expect(transport.sessionId).toBeDefined();
    expect(transport.sessionId).not.toBe(old);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('echo');
    // The new session began with an initialize that carried no session id.
    expect(server.requests().filter((r) => r === 'POST -')).toHaveLength(2);
  });

  it('survives several restarts in a row, with calls in parallel', async () => {
    const server = await restartable();
    const { client } = await connect(server.url);
    for (let round = 0; round < 3; round++) {
      await server.restart();
      const answers = await Promise.all(
        ['a', 'b', 'c'].map((t) => client.callTool({ name: 'echo', arguments: { text: `${t}${String(round)}` } })),
      );
      expect(answers.map(text)).toEqual([`echo: a${String(round)}`, `echo: b${String(round)}`, `echo: c${String(round)}`]);
    }
  });

  it('subscribes again, in the new session, to the resources it had subscribed to', async () => {
    const server = await restartable();
    const { client } = await connect(server.url);
    const updates: unknown[] = [];
    await client.subscribe({ resources: ['test://static'] }, (n) => {
      updates.push(n.params['uri']);
    });
    await server.restart();
    // The call that notices the restart brings the subscription back before it answers.
    await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    server.fixture().server.notifyResourceUpdated('test://static');
    await expect.poll(() => updates, { timeout: 10_000 }).toEqual(['test://static']);
  });

  it('with reinitialize off, rejects the call with the 404 as a transport failure, not as its answer', async () => {
    const server = await restartable();
    const { client } = await connect(server.url, false);
    await server.restart();
    const error = await client.callTool({ name: 'echo', arguments: { text: 'after' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TRANSPORT_FAILED' });
    const cause = (error as Error).cause ?? error;
    expect(cause).toMatchObject({ name: 'HttpTransportError', status: 404 });
    expect((cause as Error).message).toMatch(/Session not found/);
  });
});
