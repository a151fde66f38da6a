import { describe, expect, it, vi } from 'vitest';
import { FakeTransport, settle } from '../../test/support/fakeTransport.js';
import { RestartingUpstream } from './restartingUpstream.js';

const INIT = {
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {} },
};

async function setup(failFrom = Infinity): Promise<{
  proc: RestartingUpstream;
  children: FakeTransport[];
  got: unknown[];
  closed: unknown[];
  logs: string[];
}> {
  const children: FakeTransport[] = [];
  const got: unknown[] = [];
  const closed: unknown[] = [];
  const logs: string[] = [];
  const proc = new RestartingUpstream({
    label: 'server',
    log: (m) => logs.push(m),
    spawn: () => {
      const child = new FakeTransport();
      if (children.length >= failFrom) child.failWith = new Error('connection refused');
      children.push(child);
      return child;
    },
  });
  await proc.start({
    receive: (f) => got.push(typeof f === 'string' ? JSON.parse(f) : f),
    reject: () => undefined,
    closed: (e) => closed.push(e),
  });
  return { proc, children, got, closed, logs };
}

/** The session's handshake, answered by the current child. */
async function handshake(s: Awaited<ReturnType<typeof setup>>): Promise<void> {
  await s.proc.send(INIT);
  s.children.at(-1)?.deliver({ jsonrpc: '2.0', id: 1, result: {} });
  await s.proc.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

/** Lets the current child die, then answers the replayed initialize on the new one. */
async function crash(s: Awaited<ReturnType<typeof setup>>): Promise<void> {
  s.children.at(-1)?.drop(new Error('killed'));
  await settle();
  const child = s.children.at(-1);
  const replay = child?.messages[0];
  if (replay !== undefined) child?.deliver({ jsonrpc: '2.0', id: replay['id'], result: {} });
  await settle();
}

describe('RestartingUpstream', () => {
  it('answers what was in flight, starts a new process and replays the handshake, keeping its answer', async () => {
    const s = await setup();
    await handshake(s);
    await s.proc.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} });
    await crash(s);
    expect(s.children).toHaveLength(2);
    expect(s.got).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'server stopped: killed' } },
    ]);
    expect(s.children[1]?.messages).toEqual([
      { ...INIT, id: 'bridge-restart-1' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    await s.proc.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(s.children[1]?.messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(s.closed).toEqual([]);
    expect(s.logs.join()).toContain('starting it again');
  });

  it('is not restarted when it dies before the handshake', async () => {
    const s = await setup();
    await s.proc.send(INIT);
    s.children[0]?.drop(new Error('exit code 3'));
    await settle();
    expect(s.children).toHaveLength(1);
    expect(s.got).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'server stopped: exit code 3' } }]);
    expect(s.closed).toHaveLength(1);
  });

  it('gives up after three restarts in a row', async () => {
    const s = await setup();
    await handshake(s);
    for (let i = 0; i < 3; i++) await crash(s);
    expect(s.closed).toEqual([]);
    s.children.at(-1)?.drop(new Error('killed'));
    await settle();
    expect(s.children).toHaveLength(4);
    expect(s.closed).toHaveLength(1);
  });

  it('tries a few times, further apart, then ends the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const s = await setup(1);
      await handshake(s);
      s.children[0]?.drop(new Error('killed'));
      await settle();
      expect(s.children).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(400);
      expect(s.children).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(5_000);
      await settle();
      expect(s.children).toHaveLength(5);
      expect(s.closed).toHaveLength(1);
      expect(s.logs.join()).toContain('could not be started again: connection refused');
    } finally {
      vi.useRealTimers();
    }
  });
});
