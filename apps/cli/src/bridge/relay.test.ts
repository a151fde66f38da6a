import { describe, expect, it } from 'vitest';
import { FakeTransport, settle } from '../../test/support/fakeTransport.js';
import { Relay } from './relay.js';

async function relay(): Promise<{ host: FakeTransport; upstream: FakeTransport; closes: string[]; logs: string[] }> {
  const host = new FakeTransport();
  const upstream = new FakeTransport();
  const closes: string[] = [];
  const logs: string[] = [];
  const r = new Relay({
    host,
    upstream,
    label: 'https://up.example/mcp',
    log: (m) => logs.push(m),
    onClose: (side) => closes.push(side),
  });
  await r.start();
  return { host, upstream, closes, logs };
}

const call = (id: number | string, token?: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'echo', ...(token !== undefined && { _meta: { progressToken: token } }) },
});

describe('Relay', () => {
  it('passes messages both ways unchanged, ids included, and names the request an answer belongs to', async () => {
    const { host, upstream } = await relay();
    host.deliver(JSON.stringify(call(7)));
    expect(upstream.messages).toEqual([call(7)]);
    upstream.deliver({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(host.sent).toEqual([{ message: { jsonrpc: '2.0', id: 7, result: { content: [] } }, related: 7 }]);
  });

  it('answers a request the upstream cannot take with -32000, once', async () => {
    const { host, upstream } = await relay();
    upstream.failWith = new Error('connect ECONNREFUSED');
    host.deliver(call(1));
    await settle();
    expect(host.messages).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32000, message: 'https://up.example/mcp did not answer tools/call: connect ECONNREFUSED' },
      },
    ]);
  });

  it('does not add an error when the upstream answered before its send failed', async () => {
    const { host, upstream } = await relay();
    let fail!: (e: Error) => void;
    upstream.send = (payload) => {
      upstream.sent.push({ message: payload as unknown as Record<string, unknown>, related: undefined });
      return new Promise((_, reject) => (fail = reject));
    };
    host.deliver(call(1));
    upstream.deliver({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } });
    fail(new Error('HTTP 400'));
    await settle();
    expect(host.messages).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } }]);
  });

  it('answers what is in flight when the upstream closes, and later requests at once', async () => {
    const { host, upstream, closes } = await relay();
    host.deliver(call(1));
    upstream.drop(new Error('stream ended'));
    host.deliver(call(2));
    await settle();
    expect(host.messages.map((m) => [m['id'], (m['error'] as { code: number }).code])).toEqual([
      [1, -32000],
      [2, -32000],
    ]);
    expect(JSON.stringify(host.messages[1])).toContain('is not available: stream ended');
    expect(closes).toEqual(['upstream']);
  });

  it('forwards a cancellation and drops the late answer', async () => {
    const { host, upstream, logs } = await relay();
    host.deliver(call(1));
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
    host.deliver(cancel);
    expect(upstream.messages).toEqual([call(1), cancel]);
    upstream.deliver({ jsonrpc: '2.0', id: 1, result: {} });
    expect(host.messages).toEqual([]);
    expect(logs.join()).toContain('dropped an answer');
  });

  it('routes progress by its token, and other messages to the one request in flight', async () => {
    const { host, upstream } = await relay();
    host.deliver(call(1, 'a'));
    host.deliver(call(2, 'b'));
    upstream.deliver({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'a', progress: 1 } });
    upstream.deliver({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
    upstream.deliver({ jsonrpc: '2.0', id: 2, result: {} });
    upstream.deliver({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'y' } });
    expect(host.sent.map((s) => s.related)).toEqual([1, undefined, 2, 1]);
  });

  it('relays a server-to-client request and its answer, and refuses it to the upstream if the host cannot be asked', async () => {
    const { host, upstream } = await relay();
    host.deliver(call(1));
    upstream.deliver({ jsonrpc: '2.0', id: 's1', method: 'elicitation/create', params: { message: 'Name?' } });
    expect(host.sent.at(-1)).toEqual({
      message: { jsonrpc: '2.0', id: 's1', method: 'elicitation/create', params: { message: 'Name?' } },
      related: 1,
    });
    host.deliver({ jsonrpc: '2.0', id: 's1', result: { action: 'decline' } });
    expect(upstream.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 's1', result: { action: 'decline' } });
    host.failWith = new Error('no GET stream');
    upstream.deliver({ jsonrpc: '2.0', id: 's2', method: 'roots/list' });
    await settle();
    expect(upstream.messages.at(-1)).toMatchObject({
      id: 's2',
      error: { code: -32603, message: expect.stringContaining('no GET stream') as string },
    });
  });

  it('tells the upstream to stop what is in flight when the host goes away', async () => {
    const { host, upstream, closes } = await relay();
    host.deliver(call(1));
    host.drop();
    expect(upstream.messages.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(closes).toEqual(['host']);
  });

  it('answers malformed input itself and splits batches', async () => {
    const { host, upstream } = await relay();
    host.deliver('not json');
    host.deliver(JSON.stringify([call(1), { jsonrpc: '2.0', method: 'notifications/initialized' }, { nope: true }]));
    expect(host.messages).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) as string } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) as string } },
    ]);
    expect(upstream.messages).toEqual([call(1), { jsonrpc: '2.0', method: 'notifications/initialized' }]);
  });
});
