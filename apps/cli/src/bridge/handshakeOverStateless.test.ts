import { describe, expect, it } from 'vitest';
import { FakeTransport, settle } from '../../test/support/fakeTransport.js';
import { HandshakeOverStateless } from './handshakeOverStateless.js';

const V = 'io.modelcontextprotocol/protocolVersion';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const INIT = {
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: { elicitation: {} }, clientInfo: { name: 'host', version: '1' } },
};
const REFUSAL = {
  jsonrpc: '2.0',
  id: 1,
  error: { code: -32602, message: 'no initialize here', data: { supported: ['2026-07-28'] } },
};
const DISCOVERED = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: { listChanged: true }, resources: {}, logging: {} },
  instructions: 'Be nice.',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '2' } },
};

async function setup(): Promise<{ adapter: HandshakeOverStateless; inner: FakeTransport; host: FakeTransport }> {
  const inner = new FakeTransport();
  const host = new FakeTransport();
  const adapter = new HandshakeOverStateless(inner, () => undefined);
  await adapter.start({
    receive: (frame) =>
      host.sent.push({
        message: (typeof frame === 'string' ? JSON.parse(frame) : frame) as Record<string, unknown>,
        related: undefined,
      }),
    reject: () => undefined,
    closed: () => undefined,
  });
  return { adapter, inner, host };
}

/** Refuses `initialize` and answers `server/discover`: the adapter is then translating. */
async function translating(): Promise<{ adapter: HandshakeOverStateless; inner: FakeTransport; host: FakeTransport }> {
  const s = await setup();
  void s.adapter.send(INIT);
  s.inner.deliver(REFUSAL);
  await settle();
  const discover = s.inner.messages.at(-1) as { id: string; method: string };
  expect(discover.method).toBe('server/discover');
  s.inner.deliver({ jsonrpc: '2.0', id: discover.id, result: DISCOVERED });
  await settle();
  return s;
}

const lastSent = (t: FakeTransport) => t.messages.at(-1) as { id: string; method: string; params: Record<string, unknown> };

describe('HandshakeOverStateless', () => {
  it('passes everything through when the server accepts initialize', async () => {
    const { adapter, inner, host } = await setup();
    void adapter.send(INIT);
    inner.deliver({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
    });
    await adapter.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(inner.messages).toEqual([INIT, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(adapter.translating).toBe(false);
    expect(host.messages).toHaveLength(1);
  });

  it('lets the refusal stand when the server does not speak 2026-07-28 either', async () => {
    const { adapter, inner, host } = await setup();
    void adapter.send(INIT);
    inner.deliver(REFUSAL);
    await settle();
    inner.deliver({ jsonrpc: '2.0', id: lastSent(inner).id, error: { code: -32601, message: 'Method not found' } });
    await settle();
    expect(host.messages).toEqual([REFUSAL]);
    expect(adapter.translating).toBe(false);
  });

  it('answers initialize from server/discover, in the revision the host asked for', async () => {
    const { adapter, host, inner } = await translating();
    expect(adapter.translating).toBe(true);
    expect(host.messages[0]).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, logging: {} },
        serverInfo: { name: 'modern', version: '2' },
        instructions: 'Be nice.',
      },
    });
    // List changes come through one subscriptions/listen stream.
    expect(lastSent(inner)).toMatchObject({
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true } },
    });
  });

  it('adds the 2026-07-28 _meta to each request, with the level logging/setLevel chose', async () => {
    const { adapter, host, inner } = await translating();
    await adapter.send({ jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'warning' } });
    expect(host.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    void adapter.send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: { progressToken: 'p' } } });
    await settle();
    expect(lastSent(inner).params['_meta']).toEqual({
      progressToken: 'p',
      [V]: '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'host', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      'io.modelcontextprotocol/logLevel': 'warning',
    });
    inner.deliver({ jsonrpc: '2.0', id: lastSent(inner).id, result: { tools: [] } });
    await settle();
    expect(host.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 3, result: { tools: [] } });
  });

  it('turns input_required into requests to the host, and retries with the answers under a new id', async () => {
    const { adapter, host, inner } = await translating();
    void adapter.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'ask', arguments: {} } });
    await settle();
    const first = lastSent(inner);
    inner.deliver({
      jsonrpc: '2.0',
      id: first.id,
      result: {
        resultType: 'input_required',
        inputRequests: { name: { method: 'elicitation/create', params: { message: 'Name?' } }, roots: { method: 'roots/list' } },
        requestState: 'sealed',
      },
    });
    await settle();
    const asks = host.messages.filter((m) => typeof m['method'] === 'string') as { id: string; method: string }[];
    expect(asks.map((a) => a.method).sort()).toEqual(['elicitation/create', 'roots/list']);
    for (const ask of asks)
      await adapter.send({
        jsonrpc: '2.0',
        id: ask.id,
        result: ask.method === 'roots/list' ? { roots: [] } : { action: 'accept', content: { n: 'Ada' } },
      });
    await settle();
    const retry = lastSent(inner);
    expect(retry.id).not.toBe(first.id);
    expect(retry.params).toMatchObject({
      name: 'ask',
      inputResponses: { name: { action: 'accept', content: { n: 'Ada' } }, roots: { roots: [] } },
      requestState: 'sealed',
    });
    // The host cancels by its own id; the server is told the id of the round in flight.
    await adapter.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } });
    expect(lastSent(inner)).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: retry.id } });
    inner.deliver({ jsonrpc: '2.0', id: retry.id, result: { content: [{ type: 'text', text: 'hi Ada' }] } });
    await settle();
    expect(host.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'hi Ada' }] } });
  });

  it('answers the host with an error when it refuses an input request', async () => {
    const { adapter, host, inner } = await translating();
    void adapter.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'ask' } });
    await settle();
    inner.deliver({
      jsonrpc: '2.0',
      id: lastSent(inner).id,
      result: { resultType: 'input_required', inputRequests: { s: { method: 'sampling/createMessage', params: {} } } },
    });
    await settle();
    const ask = host.messages.at(-1) as { id: string };
    await adapter.send({ jsonrpc: '2.0', id: ask.id, error: { code: -32601, message: 'no sampling' } });
    await settle();
    expect(host.messages.at(-1)).toMatchObject({
      id: 5,
      error: { code: -32000, message: expect.stringContaining('no sampling') as string },
    });
  });

  it('turns resources/subscribe into subscriptions/listen, and its notifications into handshake-era ones', async () => {
    const { adapter, host, inner } = await translating();
    await adapter.send({ jsonrpc: '2.0', id: 6, method: 'resources/subscribe', params: { uri: 'file:///a' } });
    expect(host.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
    const listen = lastSent(inner);
    expect(listen).toMatchObject({
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///a'] } },
    });
    inner.deliver({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { [SUB]: listen.id } },
    });
    inner.deliver({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'file:///a', _meta: { [SUB]: listen.id } },
    });
    expect(host.messages.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'file:///a', _meta: {} },
    });
    expect(host.messages.filter((m) => m['method'] === 'notifications/subscriptions/acknowledged')).toEqual([]);
  });

  it('answers ping and drops the session-only notifications', async () => {
    const { adapter, host, inner } = await translating();
    const before = inner.messages.length;
    await adapter.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await adapter.send({ jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(inner.messages).toHaveLength(before);
    expect(host.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
  });
});
