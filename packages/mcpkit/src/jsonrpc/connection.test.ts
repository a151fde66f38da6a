import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveEcho, SECRET_MESSAGE } from '../../test/echoServer.js';
import {
  deferred,
  expectLocalError,
  expectRpcError,
  FakeTransport,
  note,
  req,
  shuffle,
  testCancellation,
  testProgress,
} from '../../test/helpers.js';
import { malformedCases } from '../../test/malformed.js';
import { Connection } from './connection.js';
import type { ConnectionOptions } from './connectionOptions.js';
import { JsonRpcErrorCode } from './errorCodes.js';
import { LocalError } from './localError.js';
import { createInMemoryPair } from './memoryTransport.js';
import type { Params, RequestId } from './message.js';
import { RpcError } from './rpcError.js';
import type { Transport } from './transport.js';

/** A started connection over a hand-driven transport. */
async function open(options: ConnectionOptions = {}): Promise<{ fake: FakeTransport; connection: Connection }> {
  const fake = new FakeTransport();
  const connection = new Connection(fake, options);
  await connection.start();
  return { fake, connection };
}

/** The id of the `n`th message the connection sent (0-based). */
function sentId(fake: FakeTransport, n: number): RequestId {
  return (fake.sent[n] as { id: RequestId }).id;
}

/** A settled-state probe: 'pending' until the promise settles. */
function state(promise: Promise<unknown>): { current: 'pending' | 'resolved' | 'rejected' } {
  const s = { current: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(
    () => (s.current = 'resolved'),
    () => (s.current = 'rejected'),
  );
  return s;
}

describe('outgoing requests', () => {
  it('sends unique integer ids and resolves with the matching result', async () => {
    const { fake, connection } = await open();
    const a = connection.request('a', { x: 1 });
    const b = connection.request('b');
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', id: 0, method: 'a', params: { x: 1 } },
      { jsonrpc: '2.0', id: 1, method: 'b' },
    ]);
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'A' });
    fake.deliver({ jsonrpc: '2.0', id: 1, result: { b: true } });
    await expect(a).resolves.toBe('A');
    await expect(b).resolves.toStrictEqual({ b: true });
  });

  it('correlates responses by id whatever their order', async () => {
    const { fake, connection } = await open();
    const calls = ['m0', 'm1', 'm2', 'm3', 'm4'].map((m) => connection.request(m));
    for (const n of [3, 0, 4, 2, 1]) fake.deliver({ jsonrpc: '2.0', id: sentId(fake, n), result: `answer-${String(n)}` });
    expect(await Promise.all(calls)).toStrictEqual(['answer-0', 'answer-1', 'answer-2', 'answer-3', 'answer-4']);
  });

  it('rejects with an RpcError carrying the peer’s code, message and data', async () => {
    const { fake, connection } = await open();
    const call = connection.request('x');
    fake.deliver({ jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'bad params', data: { field: 'a' } } });
    const error = await expectRpcError(call, JsonRpcErrorCode.InvalidParams);
    expect(error.message).toBe('bad params');
    expect(error.data).toStrictEqual({ field: 'a' });
  });

  it('does not match a string id to a numeric request id', async () => {
    const { fake, connection } = await open();
    const call = connection.request('x');
    const s = state(call);
    fake.deliver({ jsonrpc: '2.0', id: '0', result: 'wrong' });
    await Promise.resolve();
    expect(s.current).toBe('pending');
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'right' });
    await expect(call).resolves.toBe('right');
  });

  it('ignores a stray result and reports a stray error to onError', async () => {
    const onError = vi.fn();
    const { fake } = await open({ onError });
    fake.deliver({ jsonrpc: '2.0', id: 99, result: 1 });
    expect(onError).not.toHaveBeenCalled();
    fake.deliver({ jsonrpc: '2.0', id: 99, error: { code: -1, message: 'late' } });
    fake.deliver({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
    expect(onError).toHaveBeenCalledTimes(2);
    const [first, second] = onError.mock.calls.map((c) => c[0] as LocalError);
    expect(first).toMatchObject({
      code: 'PROTOCOL_VIOLATION',
      message: expect.stringContaining('unknown request 99') as unknown,
    });
    expect(second).toMatchObject({
      code: 'PROTOCOL_VIOLATION',
      message: expect.stringContaining('an unreadable message') as unknown,
    });
    expect(fake.sent).toStrictEqual([]);
  });

  it('rejects before start and after close with CONNECTION_CLOSED', async () => {
    const connection = new Connection(new FakeTransport());
    const before = await expectLocalError(connection.request('x'), 'CONNECTION_CLOSED');
    expect(before.message).toBe('Connection not started');
    await connection.start();
    await connection.close();
    expect(connection.isOpen).toBe(false);
    const after = await expectLocalError(connection.request('x'), 'CONNECTION_CLOSED');
    expect(after.message).toBe('Connection closed');
    await expectLocalError(connection.notify('n'), 'CONNECTION_CLOSED');
  });

  it('fails the request with TRANSPORT_FAILED when the transport cannot send', async () => {
    const { fake, connection } = await open();
    fake.failSends = new LocalError('CONNECTION_CLOSED', 'pipe gone');
    const error = await expectLocalError(connection.request('x'), 'TRANSPORT_FAILED');
    expect(error.cause).toBe(fake.failSends);
  });

  it('fails a request whose params cannot be serialized, without sending anything', async () => {
    const { fake, connection } = await open();
    const error = await expectLocalError(connection.request('x', { n: 1n }), 'INVALID_ARGUMENT');
    expect(error.message).toMatch(/serialized/);
    expect(fake.sent).toStrictEqual([]);
  });

  it('tells the caller the request id before the message is sent (onId)', async () => {
    const { fake, connection } = await open();
    void connection.request('first').catch(() => undefined);
    const seen: { id: RequestId | undefined; sentBefore: number } = { id: undefined, sentBefore: -1 };
    const pending = connection.request('second', undefined, {
      onId: (id) => {
        seen.id = id;
        seen.sentBefore = fake.sent.length;
      },
    });
    expect(seen.id).toBe(sentId(fake, 1));
    expect(seen.sentBefore).toBe(1);
    fake.deliver({ jsonrpc: '2.0', id: sentId(fake, 1), result: 'ok' });
    await expect(pending).resolves.toBe('ok');
  });

  it('assigns no id when the request is refused before sending (onId not called)', async () => {
    const connection = new Connection(new FakeTransport());
    const onId = vi.fn();
    await expectLocalError(connection.request('x', undefined, { onId }), 'CONNECTION_CLOSED');
    expect(onId).not.toHaveBeenCalled();
  });

  it('refuses to start twice', async () => {
    const { connection } = await open();
    await expectLocalError(connection.start(), 'INVALID_ARGUMENT');
  });

  it('rejects start and reports closed when the transport cannot open', async () => {
    const onClose = vi.fn();
    const failure = new LocalError('TRANSPORT_FAILED', 'spawn ENOENT');
    const transport: Transport = {
      start: () => Promise.reject(failure),
      send: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    const connection = new Connection(transport, { onClose });
    await expect(connection.start()).rejects.toBe(failure);
    expect(onClose).toHaveBeenCalledExactlyOnceWith(failure);
    expect(connection.isOpen).toBe(false);
  });
});

describe('timeouts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('defaults to 60 s and tells the peer the request was abandoned', async () => {
    const { fake, connection } = await open({ cancellation: testCancellation });
    const call = connection.request('slow');
    const s = state(call);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await expectLocalError(call, 'REQUEST_TIMEOUT');
    expect(error.message).toBe('Request slow exceeded its timeout (60000 ms)');
    expect(fake.sent[1]).toStrictEqual({ jsonrpc: '2.0', method: '$/cancel', params: { id: 0, reason: 'Request timed out' } });
  });

  it('uses the connection’s timeoutMs as the default', async () => {
    const { connection } = await open({ timeoutMs: 100 });
    const call = connection.request('x');
    const s = state(call);
    await vi.advanceTimersByTimeAsync(99);
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expectLocalError(call, 'REQUEST_TIMEOUT');
  });

  it('lets a per-call timeoutMs override the default', async () => {
    const { connection } = await open({ timeoutMs: 100 });
    const short = state(connection.request('short', undefined, { timeoutMs: 10 }).catch(() => 'timed out'));
    const long = connection.request('long', undefined, { timeoutMs: 1000 });
    const l = state(long);
    await vi.advanceTimersByTimeAsync(10);
    expect(short.current).toBe('resolved');
    await vi.advanceTimersByTimeAsync(500);
    expect(l.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(490);
    await expectLocalError(long, 'REQUEST_TIMEOUT');
  });

  it('never times out with Infinity, and arms no timer', async () => {
    const { fake, connection } = await open({ timeoutMs: Infinity });
    const call = connection.request('forever');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 24 * 3600 * 1000);
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'finally' });
    await expect(call).resolves.toBe('finally');
  });

  it('waits beyond the 2^31-1 ms timer limit without firing early', async () => {
    const { connection } = await open();
    const days30 = 30 * 24 * 3600 * 1000;
    const call = connection.request('long', undefined, { timeoutMs: days30 });
    const s = state(call);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(days30 - 2 ** 31);
    await expectLocalError(call, 'REQUEST_TIMEOUT');
  });

  it('clears the timer when the response arrives', async () => {
    const { fake, connection } = await open({ timeoutMs: 100 });
    const call = connection.request('x');
    expect(vi.getTimerCount()).toBe(1);
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 1 });
    await expect(call).resolves.toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('watches every request with one timer, armed for the earliest deadline', async () => {
    const { fake, connection } = await open({ timeoutMs: 1000 });
    const first = state(connection.request('a').catch(() => 'timed out'));
    const second = state(connection.request('b').catch(() => 'timed out'));
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(400);
    const short = state(connection.request('c', undefined, { timeoutMs: 100 }).catch(() => 'timed out'));
    const late = state(connection.request('d').catch(() => 'timed out')); // due at t = 1400
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(short.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1); // t = 500
    expect(short.current).toBe('resolved');
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'first' });
    await vi.advanceTimersByTimeAsync(499);
    expect([first.current, second.current]).toStrictEqual(['resolved', 'pending']);
    await vi.advanceTimersByTimeAsync(1); // t = 1000
    expect(second.current).toBe('resolved');
    await vi.advanceTimersByTimeAsync(399);
    expect(late.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1); // t = 1400
    expect(late.current).toBe('resolved');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resets the timeout on progress when asked', async () => {
    const { fake, connection } = await open({ progress: testProgress });
    const call = connection.request('work', {}, { timeoutMs: 100, resetTimeoutOnProgress: true });
    const s = state(call);
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(80);
      fake.deliver(note('$/progress', { token: 0, value: i }));
    }
    await vi.advanceTimersByTimeAsync(99); // t = 339: 99 ms after the last progress
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expectLocalError(call, 'REQUEST_TIMEOUT');
  });

  it('does not reset the timeout on progress unless asked', async () => {
    const onProgress = vi.fn();
    const { fake, connection } = await open({ progress: testProgress });
    const call = connection.request('work', {}, { timeoutMs: 100, onProgress });
    const s = state(call);
    await vi.advanceTimersByTimeAsync(80);
    fake.deliver(note('$/progress', { token: 0, value: 1 }));
    expect(onProgress).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(19);
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expectLocalError(call, 'REQUEST_TIMEOUT');
  });

  it('never extends past maxTotalTimeoutMs, however much progress arrives', async () => {
    const { fake, connection } = await open({ progress: testProgress, cancellation: testCancellation });
    const call = connection.request('work', {}, { timeoutMs: 100, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 250 });
    const s = state(call);
    for (let t = 50; t < 250; t += 50) {
      await vi.advanceTimersByTimeAsync(50);
      fake.deliver(note('$/progress', { token: 0 }));
    }
    await vi.advanceTimersByTimeAsync(49); // t = 249
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await expectLocalError(call, 'REQUEST_TIMEOUT');
    expect(error.message).toBe('Request work exceeded its maximum total timeout (250 ms)');
    expect(fake.sent.at(-1)).toMatchObject({ method: '$/cancel', params: { id: 0 } });
  });

  it('applies the connection’s maxTotalTimeoutMs even with an infinite timeout', async () => {
    const { connection } = await open({ timeoutMs: Infinity, maxTotalTimeoutMs: 500 });
    const call = connection.request('x');
    const s = state(call);
    await vi.advanceTimersByTimeAsync(499);
    expect(s.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expectLocalError(call, 'REQUEST_TIMEOUT');
  });

  it('ignores a late response after the timeout', async () => {
    const onError = vi.fn();
    const { fake, connection } = await open({ timeoutMs: 10, onError });
    const timedOut = expectLocalError(connection.request('x'), 'REQUEST_TIMEOUT');
    await vi.advanceTimersByTimeAsync(10);
    await timedOut;
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'too late' });
    expect(onError).not.toHaveBeenCalled();
    // The connection still works.
    const next = connection.request('y');
    fake.deliver({ jsonrpc: '2.0', id: 1, result: 'on time' });
    await expect(next).resolves.toBe('on time');
  });
});

describe('cancellation by the caller', () => {
  it('rejects with CANCELLED and tells the peer, with the reason', async () => {
    const { fake, connection } = await open({ cancellation: testCancellation });
    const controller = new AbortController();
    const call = connection.request('slow', {}, { signal: controller.signal });
    controller.abort(new Error('user pressed stop'));
    const error = await expectLocalError(call, 'CANCELLED');
    expect(error.cause).toBe(controller.signal.reason);
    expect(fake.sent[1]).toStrictEqual({ jsonrpc: '2.0', method: '$/cancel', params: { id: 0, reason: 'user pressed stop' } });
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { fake, connection } = await open({ cancellation: testCancellation });
    await expectLocalError(connection.request('x', {}, { signal: AbortSignal.abort('no') }), 'CANCELLED');
    expect(fake.sent).toStrictEqual([]);
  });

  it('sends no cancellation once the response has arrived', async () => {
    const { fake, connection } = await open({ cancellation: testCancellation });
    const controller = new AbortController();
    const call = connection.request('x', {}, { signal: controller.signal });
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 1 });
    await expect(call).resolves.toBe(1);
    controller.abort();
    expect(fake.sent).toHaveLength(1);
  });

  it('cancels locally only when no cancellation convention is configured', async () => {
    const { fake, connection } = await open();
    const controller = new AbortController();
    const call = connection.request('x', {}, { signal: controller.signal });
    controller.abort();
    await expectLocalError(call, 'CANCELLED');
    expect(fake.sent).toHaveLength(1);
  });

  it('aborts the peer’s handler, which sends no response', async () => {
    const [clientEnd, serverEnd] = createInMemoryPair();
    const server = serveEcho(serverEnd);
    const client = new Connection(clientEnd, { cancellation: testCancellation });
    await Promise.all([server.ready, client.start()]);
    const controller = new AbortController();
    const call = client.request('slow', { ms: 10_000 }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort('stop');
    await expectLocalError(call, 'CANCELLED');
    await vi.waitFor(() => {
      expect(server.cancelled).toStrictEqual(['slow']);
    });
    // The server is still answering.
    await expect(client.request('echo', { after: 1 })).resolves.toStrictEqual({ after: 1 });
    await client.close();
  });
});

describe('progress', () => {
  it('attaches a progress token only when the caller wants progress', async () => {
    const { fake, connection } = await open({ progress: testProgress });
    const calls = [
      connection.request('plain', { a: 1 }),
      connection.request('watched', { a: 1 }, { onProgress: () => undefined }),
      connection.request('reset', undefined, { resetTimeoutOnProgress: true }),
    ];
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', id: 0, method: 'plain', params: { a: 1 } },
      { jsonrpc: '2.0', id: 1, method: 'watched', params: { a: 1, progressToken: 1 } },
      { jsonrpc: '2.0', id: 2, method: 'reset', params: { progressToken: 2 } },
    ]);
    await connection.close();
    for (const call of calls) await expectLocalError(call, 'CONNECTION_CLOSED');
  });

  it('routes progress to the caller’s callback, not to onNotification', async () => {
    const onNotification = vi.fn();
    const seen: Params[] = [];
    const { fake, connection } = await open({ progress: testProgress, onNotification });
    const call = connection.request('work', {}, { onProgress: (p) => seen.push(p) });
    fake.deliver(note('$/progress', { token: 0, value: 10 }));
    fake.deliver(note('$/progress', { token: 0, value: 20 }));
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'ok' });
    await expect(call).resolves.toBe('ok');
    expect(seen).toStrictEqual([
      { token: 0, value: 10 },
      { token: 0, value: 20 },
    ]);
    expect(onNotification).not.toHaveBeenCalled();
  });

  it('passes progress for an unknown or finished request to onNotification', async () => {
    const onNotification = vi.fn();
    const onProgress = vi.fn();
    const { fake, connection } = await open({ progress: testProgress, onNotification });
    const call = connection.request('work', {}, { onProgress });
    fake.deliver({ jsonrpc: '2.0', id: 0, result: 'ok' });
    await call;
    fake.deliver(note('$/progress', { token: 0, value: 'late' }));
    fake.deliver(note('$/progress', { token: 'nobody' }));
    expect(onProgress).not.toHaveBeenCalled();
    expect(onNotification.mock.calls.map((c) => (c[0] as { params: unknown }).params)).toStrictEqual([
      { token: 0, value: 'late' },
      { token: 'nobody' },
    ]);
  });
});

describe('inbound requests', () => {
  it('answers -32601 when there is no request handler', async () => {
    const { fake } = await open();
    fake.deliver(req(1, 'anything'));
    expect(fake.sent).toStrictEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: anything' } }]);
  });

  it('answers -32601 when the handler says the method is unknown', async () => {
    const { fake } = await open({
      onRequest: (r) => {
        throw RpcError.methodNotFound(r.method);
      },
    });
    fake.deliver(req('x', 'nope'));
    expect(fake.sent).toStrictEqual([{ jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'Method not found: nope' } }]);
  });

  it('answers with the handler’s value, sync or async, and null for undefined', async () => {
    const { fake } = await open({
      onRequest: (r) => (r.method === 'sync' ? { v: 1 } : r.method === 'async' ? Promise.resolve([1, 2]) : undefined),
    });
    fake.deliver(req(1, 'sync'));
    fake.deliver(req(2, 'async'));
    fake.deliver(req(3, 'void'));
    await fake.nextSent(3);
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { v: 1 } },
      { jsonrpc: '2.0', id: 3, result: null },
      { jsonrpc: '2.0', id: 2, result: [1, 2] },
    ]);
    expect(fake.sendOptions).toStrictEqual([{ relatedRequestId: 1 }, { relatedRequestId: 3 }, { relatedRequestId: 2 }]);
  });

  const throwsString = (): never => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the point: a non-Error throwable
    throw SECRET_MESSAGE;
  };
  const throwsUndefined = (): never => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the point: a handler that throws nothing usable
    throw undefined;
  };
  it.each([
    [
      'throws an Error',
      () => {
        throw new Error(SECRET_MESSAGE);
      },
    ],
    ['rejects with an Error', () => Promise.reject(new Error(SECRET_MESSAGE))],
    ['throws a string', throwsString],
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the point
    ['rejects with undefined', () => Promise.reject(undefined)],
    ['throws undefined', throwsUndefined],
  ])('masks the message of a handler that %s as -32603 "Internal error"', async (_name, handler) => {
    const { fake } = await open({ onRequest: handler });
    fake.deliver(req(7, 'boom'));
    expect(await fake.nextSent()).toStrictEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } });
    expect(JSON.stringify(fake.sent)).not.toContain('hunter2');
  });

  it('sends the handler’s own message when exposeErrorDetails is set', async () => {
    const { fake } = await open({ exposeErrorDetails: true, onRequest: () => Promise.reject(new Error(SECRET_MESSAGE)) });
    fake.deliver(req(7, 'boom'));
    expect(await fake.nextSent()).toStrictEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: SECRET_MESSAGE } });
  });

  it('passes an RpcError through with its code, message and data', async () => {
    const { fake } = await open({
      onRequest: () => {
        throw new RpcError(-32001, 'Quota exceeded', { retryAfter: 5 });
      },
    });
    fake.deliver(req(1, 'x'));
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Quota exceeded', data: { retryAfter: 5 } } },
    ]);
  });

  it('answers -32603 when the result cannot be serialized, and keeps working', async () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    const onError = vi.fn();
    const { fake } = await open({ onError, onRequest: (r) => (r.method === 'bad' ? { big: 1n, circular } : 'fine') });
    fake.deliver(req(1, 'bad'));
    expect(await fake.nextSent()).toStrictEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } });
    expect(onError).toHaveBeenCalledOnce();
    fake.deliver(req(2, 'ok'));
    expect(await fake.nextSent()).toStrictEqual({ jsonrpc: '2.0', id: 2, result: 'fine' });
  });

  it('answers -32603 when echoing params nested too deeply to serialize', async () => {
    const fake = new FakeTransport();
    const server = serveEcho(fake);
    await server.ready;
    const depth = 100_000;
    fake.deliver(`{"jsonrpc":"2.0","id":"deep","method":"echo","params":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`);
    expect(await fake.nextSent()).toStrictEqual({
      jsonrpc: '2.0',
      id: 'deep',
      error: { code: -32603, message: 'Internal error' },
    });
    fake.deliver(req('next', 'echo', { ok: true }));
    expect(await fake.nextSent(2)).toStrictEqual({ jsonrpc: '2.0', id: 'next', result: { ok: true } });
  });

  it('runs handlers concurrently', async () => {
    let inFlight = 0;
    let most = 0;
    const gates = [deferred(), deferred(), deferred()];
    const { fake } = await open({
      onRequest: async (r) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await gates[r.id as number]?.promise;
        inFlight--;
        return r.id;
      },
    });
    for (const id of [0, 1, 2]) fake.deliver(req(id, 'wait'));
    expect(most).toBe(3);
    gates[2]?.resolve();
    gates[0]?.resolve();
    gates[1]?.resolve();
    await fake.nextSent(3);
    expect(fake.sent.map((m) => (m as { result: unknown }).result)).toStrictEqual([2, 0, 1]);
  });

  it('rejects a second request reusing an in-flight id with -32600, and still answers the first', async () => {
    const gate = deferred();
    const { fake } = await open({
      onRequest: async () => {
        await gate.promise;
        return 'first';
      },
    });
    fake.deliver(req(5, 'a'));
    fake.deliver(req(5, 'b'));
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'Request id 5 is already in use' } },
    ]);
    gate.resolve();
    expect(await fake.nextSent(2)).toStrictEqual({ jsonrpc: '2.0', id: 5, result: 'first' });
  });

  it('fires the handler’s signal when the peer cancels, and sends no response', async () => {
    const started = deferred();
    let reason: unknown;
    const onNotification = vi.fn();
    const { fake } = await open({
      cancellation: testCancellation,
      onNotification,
      onRequest: (_r, context) =>
        new Promise((_resolve, reject) => {
          context.signal.addEventListener('abort', () => {
            reason = context.signal.reason;
            reject(new Error('aborted'));
          });
          started.resolve();
        }),
    });
    fake.deliver(req('job', 'slow'));
    await started.promise;
    fake.deliver(note('$/cancel', { id: 'job', reason: 'changed my mind' }));
    expect(reason).toBe('changed my mind');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.sent).toStrictEqual([]);
    // A consumed cancellation is not passed on; one for an unknown request is.
    expect(onNotification).not.toHaveBeenCalled();
    fake.deliver(note('$/cancel', { id: 'unknown' }));
    expect(onNotification).toHaveBeenCalledOnce();
  });

  it('treats the transport’s per-message signal as a cancellation', async () => {
    const controller = new AbortController();
    let aborted = false;
    const { fake } = await open({
      onRequest: (_r, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => {
            aborted = true;
            resolve('ignored');
          });
        }),
    });
    fake.deliver(req(1, 'slow'), { signal: controller.signal });
    controller.abort('client hung up');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(aborted).toBe(true);
    expect(fake.sent).toStrictEqual([]);
  });

  it('reads the transport’s signal only when the handler reads its own', async () => {
    const controller = new AbortController();
    let reads = 0;
    const info = {
      get signal() {
        reads++;
        return controller.signal;
      },
    };
    const { fake } = await open({
      onRequest: (request, context) => (request.method === 'watch' ? context.signal.aborted : 'done'),
    });
    fake.deliver(req(1, 'plain'), info);
    expect(await fake.nextSent(1)).toStrictEqual({ jsonrpc: '2.0', id: 1, result: 'done' });
    expect(reads).toBe(0);
    fake.deliver(req(2, 'watch'), info);
    expect(await fake.nextSent(2)).toStrictEqual({ jsonrpc: '2.0', id: 2, result: false });
    expect(reads).toBeGreaterThan(0);
  });

  it('cancels at once when the transport’s signal had already fired', async () => {
    let aborted: boolean | undefined;
    const { fake } = await open({
      onRequest: (_r, context) => {
        aborted = context.signal.aborted;
        return 'ignored';
      },
    });
    fake.deliver(req(1, 'late'), { signal: AbortSignal.abort('gone') });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(aborted).toBe(true);
    expect(fake.sent).toStrictEqual([]);
  });

  it('fires the handler’s signal when the connection closes', async () => {
    let signal: AbortSignal | undefined;
    const { fake, connection } = await open({
      onRequest: (_r, context) => {
        signal = context.signal;
        return new Promise(() => undefined);
      },
    });
    fake.deliver(req(1, 'hang'));
    expect(signal?.aborted).toBe(false);
    await connection.close();
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('gives the handler the transport’s message info', async () => {
    let info: unknown;
    const { fake } = await open({
      onRequest: (_r, context) => {
        info = context.info;
        return null;
      },
    });
    fake.deliver(req(1, 'who'), { auth: { sub: 'alice' } });
    expect(info).toStrictEqual({ auth: { sub: 'alice' } });
  });

  it('ties the handler’s notifications to its request, and drops them once it is done', async () => {
    let late: (() => Promise<void>) | undefined;
    const { fake } = await open({
      onRequest: async (_r, context) => {
        await context.notify('step', { n: 1 });
        late = () => context.notify('step', { n: 2 });
        return 'done';
      },
    });
    fake.deliver(req(9, 'work'));
    await fake.nextSent(2);
    await late?.();
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'step', params: { n: 1 } },
      { jsonrpc: '2.0', id: 9, result: 'done' },
    ]);
    expect(fake.sendOptions).toStrictEqual([{ relatedRequestId: 9 }, { relatedRequestId: 9 }]);
  });

  it('lets a handler call back to the peer while it runs', async () => {
    const [aEnd, bEnd] = createInMemoryPair();
    const server = new Connection(bEnd, {
      onRequest: async (r, context) => {
        if (r.method !== 'outer') return null;
        const answer = await context.request('inner', { q: 'name?' });
        return { peerSaid: answer };
      },
    });
    const client = new Connection(aEnd, { onRequest: (r) => (r.method === 'inner' ? 'Ada' : null) });
    await Promise.all([server.start(), client.start()]);
    await expect(client.request('outer')).resolves.toStrictEqual({ peerSaid: 'Ada' });
    await client.close();
  });
});

describe('inbound notifications', () => {
  it('dispatches them with params and info, and never replies', async () => {
    const onNotification = vi.fn();
    const { fake } = await open({ onNotification, onRequest: () => 'unused' });
    fake.deliver(note('changed', { uri: 'a' }), { auth: 'token' });
    fake.deliver(note('bare'));
    expect(onNotification.mock.calls).toStrictEqual([
      [{ jsonrpc: '2.0', method: 'changed', params: { uri: 'a' } }, { auth: 'token' }],
      [{ jsonrpc: '2.0', method: 'bare' }, undefined],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.sent).toStrictEqual([]);
  });

  it('reports a failing notification handler to onError and keeps going', async () => {
    const onError = vi.fn();
    const { fake, connection } = await open({
      onError,
      onNotification: () => {
        throw new Error('handler bug');
      },
    });
    fake.deliver(note('n'));
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: 'PROTOCOL_VIOLATION', cause: new Error('handler bug') });
    expect(fake.sent).toStrictEqual([]);
    expect(connection.isOpen).toBe(true);
  });

  it('sends notifications without an id', async () => {
    const { fake, connection } = await open();
    await connection.notify('hello', { a: 1 });
    await connection.notify('bye');
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', method: 'hello', params: { a: 1 } },
      { jsonrpc: '2.0', method: 'bye' },
    ]);
  });
});

describe('malformed input', () => {
  it.each(malformedCases().map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const { fake } = await open({ onRequest: () => 'alive' });
    fake.deliver(row.input);
    if (!row.reply) expect(fake.sent).toStrictEqual([]);
    else if (row.id === undefined)
      expect(fake.sent).toStrictEqual([{ jsonrpc: '2.0', error: { code: row.code, message: expect.any(String) as unknown } }]);
    else
      expect(fake.sent).toStrictEqual([
        { jsonrpc: '2.0', id: row.id, error: { code: row.code, message: expect.any(String) as unknown } },
      ]);
    // The connection survives and still answers.
    const before = fake.sent.length;
    fake.deliver(req('after', 'ping'));
    expect(await fake.nextSent(before + 1)).toStrictEqual({ jsonrpc: '2.0', id: 'after', result: 'alive' });
  });

  it('answers a frame the transport refused (too long) with -32600 and no id', async () => {
    const { fake } = await open();
    fake.sink?.reject({ code: -32600, message: 'Message of 99 bytes exceeds the limit of 10 bytes' });
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', error: { code: -32600, message: 'Message of 99 bytes exceeds the limit of 10 bytes' } },
    ]);
  });

  it('accepts already-parsed frames (objects) as well as text and bytes', async () => {
    const { fake } = await open({ onRequest: (r) => r.id });
    fake.sink?.receive({ jsonrpc: '2.0', id: 1, method: 'm' });
    fake.sink?.receive(new TextEncoder().encode('{"jsonrpc":"2.0","id":2,"method":"m"}'));
    fake.sink?.receive({ jsonrpc: '2.0', id: null, method: 'm' });
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: 1 },
      { jsonrpc: '2.0', id: 2, result: 2 },
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: "id" must be a string or an integer' } },
    ]);
  });
});

describe('batches', () => {
  it('are rejected with one -32600 when allowBatch is absent or says no', async () => {
    for (const allowBatch of [undefined, () => false]) {
      const { fake } = await open(allowBatch === undefined ? { onRequest: () => 1 } : { allowBatch, onRequest: () => 1 });
      fake.deliver('[{"jsonrpc":"2.0","id":1,"method":"m"},{"jsonrpc":"2.0","id":2,"method":"m"}]');
      expect(fake.sent).toStrictEqual([
        { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: batches are not supported' } },
      ]);
    }
  });

  it('are answered with one batch of responses when allowed', async () => {
    const onNotification = vi.fn();
    const { fake } = await open({
      allowBatch: () => true,
      onNotification,
      onRequest: async (r) => {
        if (r.method === 'slow') await new Promise((resolve) => setTimeout(resolve, 5));
        if (r.method === 'missing') throw RpcError.methodNotFound(r.method);
        return r.method;
      },
    });
    fake.deliver(
      JSON.stringify([
        req(1, 'slow'),
        note('n'),
        { jsonrpc: '2.0', id: null, method: 'x' },
        req(2, 'fast'),
        req(3, 'missing'),
        { jsonrpc: '2.0', id: 99, result: 'stray' },
      ]),
    );
    const batch = await fake.nextSent();
    expect(batch).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: 'slow' },
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: "id" must be a string or an integer' } },
      { jsonrpc: '2.0', id: 2, result: 'fast' },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: missing' } },
    ]);
    expect(fake.sent).toHaveLength(1);
    expect(onNotification).toHaveBeenCalledOnce();
  });

  it('get no reply when they hold only notifications', async () => {
    const onNotification = vi.fn();
    const { fake } = await open({ allowBatch: () => true, onNotification });
    fake.deliver(JSON.stringify([note('a'), note('b')]));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(onNotification).toHaveBeenCalledTimes(2);
    expect(fake.sent).toStrictEqual([]);
  });

  it('consult allowBatch for every frame (it may change after negotiation)', async () => {
    let allowed = false;
    const { fake } = await open({ allowBatch: () => allowed, onRequest: () => 'ok' });
    const frame = JSON.stringify([req(1, 'm')]);
    fake.deliver(frame);
    allowed = true;
    fake.deliver(frame);
    await fake.nextSent(2);
    expect(fake.sent).toStrictEqual([
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: batches are not supported' } },
      [{ jsonrpc: '2.0', id: 1, result: 'ok' }],
    ]);
  });

  it('of responses settle the matching requests', async () => {
    const { fake, connection } = await open({ allowBatch: () => true });
    const a = connection.request('a');
    const b = connection.request('b');
    fake.deliver(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, result: 'B' },
        { jsonrpc: '2.0', id: 0, error: { code: 1, message: 'A failed' } },
      ]),
    );
    await expect(b).resolves.toBe('B');
    await expectRpcError(a, 1);
  });
});

describe('closing', () => {
  it('ends every pending request with CONNECTION_CLOSED when the channel closes', async () => {
    const onClose = vi.fn();
    const { fake, connection } = await open({ onClose });
    const calls = [connection.request('a'), connection.request('b')];
    const cause = new LocalError('TRANSPORT_FAILED', 'peer vanished');
    fake.sink?.closed(cause);
    for (const call of calls) {
      const error = await expectLocalError(call, 'CONNECTION_CLOSED');
      expect(error.cause).toBe(cause);
    }
    expect(onClose).toHaveBeenCalledExactlyOnceWith(cause);
    expect(connection.isOpen).toBe(false);
  });

  it('closes the transport once, however often close is called, and reports closed once', async () => {
    const onClose = vi.fn();
    const { fake, connection } = await open({ onClose });
    await Promise.all([connection.close(), connection.close()]);
    await connection.close();
    expect(fake.closeCalls).toBe(1);
    expect(onClose).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('sends no response for a handler that finishes after the close', async () => {
    const gate = deferred();
    const { fake, connection } = await open({
      onRequest: async () => {
        await gate.promise;
        return 'late';
      },
    });
    fake.deliver(req(1, 'slow'));
    await connection.close();
    gate.resolve();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.sent).toStrictEqual([]);
  });

  it('ignores frames that arrive after the close', async () => {
    const onRequest = vi.fn();
    const { fake, connection } = await open({ onRequest });
    await connection.close();
    fake.sink?.receive('{"jsonrpc":"2.0","id":1,"method":"m"}');
    fake.sink?.receive('garbage');
    expect(onRequest).not.toHaveBeenCalled();
    expect(fake.sent).toStrictEqual([]);
  });

  it('closes both ends of an in-memory pair, failing the peer’s pending requests', async () => {
    const [aEnd, bEnd] = createInMemoryPair();
    const onCloseA = vi.fn();
    const onCloseB = vi.fn();
    const a = new Connection(aEnd, { onClose: onCloseA, onRequest: () => new Promise(() => undefined) });
    const b = new Connection(bEnd, { onClose: onCloseB });
    await Promise.all([a.start(), b.start()]);
    const pending = b.request('never');
    await new Promise((resolve) => setTimeout(resolve, 1));
    await a.close();
    await expectLocalError(pending, 'CONNECTION_CLOSED');
    expect(onCloseA).toHaveBeenCalledOnce();
    expect(onCloseB).toHaveBeenCalledOnce();
  });
});

describe('10,000 concurrent requests over the in-memory pair', () => {
  it('complete with correct correlation when answered in shuffled order', async () => {
    const N = 10_000;
    const [clientEnd, serverEnd] = createInMemoryPair();
    const waiting: { i: number; resolve: (value: unknown) => void }[] = [];
    const allArrived = deferred();
    const responseOrder: RequestId[] = [];
    // Record the order in which responses go on the wire.
    const recordingEnd: Transport = {
      start: (sink) => serverEnd.start(sink),
      send: (payload) => {
        responseOrder.push((payload as { id: RequestId }).id);
        return serverEnd.send(payload);
      },
      close: () => serverEnd.close(),
    };
    const server = new Connection(recordingEnd, {
      onRequest: (r) =>
        new Promise((resolve) => {
          waiting.push({ i: (r.params as { i: number }).i, resolve });
          if (waiting.length === N) allArrived.resolve();
        }),
    });
    const client = new Connection(clientEnd);
    await Promise.all([server.start(), client.start()]);

    const calls = Array.from({ length: N }, (_, i) => client.request('work', { i }));
    await allArrived.promise; // every handler is in flight at once
    for (const w of shuffle(waiting, 7)) w.resolve({ i: w.i, square: w.i * w.i });
    const results = await Promise.all(calls);

    expect(results).toStrictEqual(Array.from({ length: N }, (_, i) => ({ i, square: i * i })));
    expect(new Set(responseOrder).size).toBe(N);
    const inOrder = responseOrder.filter((id, k) => k === 0 || (responseOrder[k - 1] as number) < (id as number)).length;
    expect(inOrder).toBeLessThan(N / 2); // the wire order really was shuffled
    await client.close();
  });
});
