// Real peers: the official v2 SDK client (`@modelcontextprotocol/client` 2.x)
// over a live port. Its default mode speaks the 2025 era (initialize,
// sessions); pinned to 2026-07-28 it speaks the stateless era (per-request
// `_meta`, Mcp-Method/Mcp-Name/Mcp-Param headers, input_required rounds).
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../src/node/http/server/serveHttp.js';
import { makeFixture, type Fixture } from './fixture.js';

let fixture: Fixture;
let served: HttpServerHandle;

beforeEach(async () => {
  fixture = makeFixture();
  served = await serveHttp(fixture.server, { retryMs: 50 });
  fixture.hooks.closeStream = (sid, rid) => served.handler.http.closeStream(sid, rid);
});

afterEach(async () => {
  await served.close();
});

function v2Client(pin?: string): Client {
  const client = new Client(
    { name: 'sdk-v2', version: '2.0.0' },
    { capabilities: { elicitation: {}, sampling: {} }, ...(pin === undefined ? {} : { versionNegotiation: { mode: { pin } } }) },
  );
  client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Grace' } }));
  client.setRequestHandler('sampling/createMessage', () => ({
    role: 'assistant',
    content: { type: 'text', text: 'forty-two' },
    model: 'test-model',
  }));
  return client;
}

describe('official v2 client, 2025 era', () => {
  it('uses a session: tools, progress, elicitation and sampling', async () => {
    const client = v2Client();
    const transport = new StreamableHTTPClientTransport(new URL(served.url));
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect(served.handler.http.sessions.size).toBe(1);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'v2' } })).toMatchObject({
      content: [{ type: 'text', text: 'echo: v2' }],
    });
    const progress: number[] = [];
    await client.callTool({ name: 'progress', arguments: { steps: 3 } }, { onprogress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1, 2, 3]);
    expect(await client.callTool({ name: 'elicit', arguments: {} })).toMatchObject({ content: [{ text: 'hello Grace' }] });
    expect(await client.callTool({ name: 'sample', arguments: { prompt: 'q' } })).toMatchObject({
      content: [{ text: 'model said: forty-two' }],
    });
    await client.close();
  });

  it('resumes a call whose stream the server closed', async () => {
    const client = v2Client();
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'reconnect', arguments: { steps: 2 } },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(result).toMatchObject({ content: [{ text: 'reconnected' }] });
    expect(progress).toEqual([1, 2, 3]);
    await client.close();
  });

  it('connects over HTTP+SSE (2024-11-05)', async () => {
    const client = v2Client();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated 2024-11-05 transport is what this test serves
    await client.connect(new SSEClientTransport(new URL(served.url.replace(/\/mcp$/, '/sse'))));
    expect(await client.callTool({ name: 'echo', arguments: { text: 'sse' } })).toMatchObject({
      content: [{ text: 'echo: sse' }],
    });
    await client.close();
  });
});

describe('official v2 client pinned to 2026-07-28', () => {
  it('serves it statelessly: no session, results stamped, headers validated', async () => {
    const client = v2Client('2026-07-28');
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(served.handler.http.sessions.size).toBe(0);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('region');
    expect(await client.callTool({ name: 'echo', arguments: { text: 'modern' } })).toMatchObject({
      content: [{ type: 'text', text: 'echo: modern' }],
    });
    // The client mirrors x-mcp-header arguments into Mcp-Param headers; the server checks them.
    expect(await client.callTool({ name: 'region', arguments: { region: 'Zürich', count: 3, flag: true } })).toMatchObject({
      content: [{ text: 'region Zürich' }],
    });
    expect(await client.readResource({ uri: 'test://static' })).toMatchObject({
      contents: [{ uri: 'test://static', text: 'static text' }],
    });
    expect(served.handler.http.sessions.size).toBe(0);
    expect(fixture.server.sessions.size).toBe(0);
    await client.close();
  });

  it('streams progress and fulfils input_required rounds (elicitation, sampling)', async () => {
    const client = v2Client('2026-07-28');
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const progress: number[] = [];
    await client.callTool({ name: 'progress', arguments: { steps: 2 } }, { onprogress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1, 2]);
    expect(await client.callTool({ name: 'elicit', arguments: {} })).toMatchObject({ content: [{ text: 'hello Grace' }] });
    expect(await client.callTool({ name: 'sample', arguments: { prompt: 'q' } })).toMatchObject({
      content: [{ text: 'model said: forty-two' }],
    });
    await client.close();
  });

  it('receives list changes on a subscriptions/listen stream', async () => {
    const client = v2Client('2026-07-28');
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler('notifications/tools/list_changed', () => {
        resolve();
      });
    });
    const subscription = await client.listen({ toolsListChanged: true });
    fixture.server.tool({ name: 'late', description: 'added later' }, () => 'late');
    await changed;
    await subscription.close();
    await client.close();
  });
});
