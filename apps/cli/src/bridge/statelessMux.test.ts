import { describe, expect, it } from 'vitest';
import { FakeTransport, settle } from '../../test/support/fakeTransport.js';
import { StatelessMux } from './statelessMux.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';

function mux(): { mux: StatelessMux; processes: FakeTransport[]; logs: string[] } {
  const processes: FakeTransport[] = [];
  const logs: string[] = [];
  const m = new StatelessMux({
    label: 'server',
    log: (line) => logs.push(line),
    spawn: async (onMessage, onClosed) => {
      const p = new FakeTransport();
      await p.start({ receive: onMessage, reject: () => undefined, closed: onClosed });
      processes.push(p);
      return p;
    },
  });
  return { mux: m, processes, logs };
}

async function host(m: StatelessMux): Promise<FakeTransport> {
  const h = new FakeTransport();
  await m.attach({ start: (sink) => h.start(sink), send: (p, o) => h.send(p, o), close: () => h.close() });
  return h;
}

const request = (id: number, method: string, meta: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', ...meta } },
});

describe('StatelessMux', () => {
  it('gives each request its own id and progress token, and routes answers back with the client’s own', async () => {
    const { mux: m, processes } = mux();
    const a = await host(m);
    const b = await host(m);
    a.deliver(request(1, 'tools/call', { progressToken: 't' }));
    b.deliver(request(1, 'tools/call', { progressToken: 't' }));
    await settle();
    expect(processes).toHaveLength(1);
    const [p] = processes as [FakeTransport];
    const [sentA, sentB] = p.messages as [Record<string, unknown>, Record<string, unknown>];
    expect(sentA['id']).not.toBe(sentB['id']);
    const tokenOf = (m: Record<string, unknown>) =>
      ((m['params'] as Record<string, unknown>)['_meta'] as Record<string, unknown>)['progressToken'];
    expect(tokenOf(sentA)).not.toBe(tokenOf(sentB));
    p.deliver(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: tokenOf(sentB), progress: 1 },
      }),
    );
    p.deliver(JSON.stringify({ jsonrpc: '2.0', id: sentB['id'], result: { content: [] } }));
    p.deliver(JSON.stringify({ jsonrpc: '2.0', id: sentA['id'], result: { content: [{ type: 'text', text: 'a' }] } }));
    expect(b.sent).toEqual([
      { message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } }, related: 1 },
      { message: { jsonrpc: '2.0', id: 1, result: { content: [] } }, related: 1 },
    ]);
    expect(a.messages).toEqual([{ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'a' }] } }]);
  });

  it('routes subscription notifications by their subscription id, restored', async () => {
    const { mux: m, processes } = mux();
    const a = await host(m);
    a.deliver(request(5, 'subscriptions/listen'));
    await settle();
    const id = (processes[0]?.messages[0] as Record<string, unknown>)['id'];
    processes[0]?.deliver(
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: id } } }),
    );
    processes[0]?.deliver(JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { [SUB]: id } } }));
    expect(a.messages).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 5 } } },
      { jsonrpc: '2.0', id: 5, result: { resultType: 'complete', _meta: { [SUB]: 5 } } },
    ]);
  });

  it('cancels upstream what a client that hung up was waiting for', async () => {
    const { mux: m, processes } = mux();
    const a = await host(m);
    a.deliver(request(1, 'tools/call'));
    await settle();
    const id = (processes[0]?.messages[0] as Record<string, unknown>)['id'];
    a.drop();
    await settle();
    expect(processes[0]?.messages.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id },
    });
  });

  it('answers requests in flight when the process dies, and starts a new one for the next', async () => {
    const { mux: m, processes, logs } = mux();
    const a = await host(m);
    a.deliver(request(1, 'tools/call'));
    await settle();
    processes[0]?.drop(new Error('exit code 1'));
    expect(a.messages).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'server stopped: exit code 1' } }]);
    expect(logs.join()).toContain('stopped');
    const b = await host(m);
    b.deliver(request(2, 'tools/list'));
    await settle();
    expect(processes).toHaveLength(2);
  });

  it('refuses a server-to-client request, which a 2026-07-28 client cannot be sent', async () => {
    const { mux: m, processes } = mux();
    const a = await host(m);
    a.deliver(request(1, 'tools/call'));
    await settle();
    processes[0]?.deliver(JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'roots/list' }));
    await settle();
    expect(processes[0]?.messages.at(-1)).toMatchObject({ id: 'x', error: { code: -32601 } });
    expect(a.messages).toEqual([]);
  });
});
