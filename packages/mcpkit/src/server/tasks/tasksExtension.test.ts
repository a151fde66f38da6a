// The io.modelcontextprotocol/tasks extension at 2026-07-28 on the wire:
// negotiation (-32021), server-directed creation (auto and immediate starts),
// MRTR before the task, DetailedTask polling, tasks/update (partial, unknown
// keys, unique keys), cancellation, isolation, expiry, notifications/tasks.
import { describe, expect, it } from 'vitest';
import { deferred, expectRpcError, sleep, waitFor } from '../../../test/helpers.js';
import { meta2026, rawPeer, type RawPeer } from '../../../test/rawClient.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import type { ServerOptions } from '../options.js';
import { McpServer } from '../server.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const WITH = { elicitation: {}, extensions: { [TASKS]: {} } };
type Obj = Record<string, unknown>;
const NAME = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;

function taskServer(options: Partial<ServerOptions> = {}) {
  const gate = deferred();
  const aborted: unknown[] = [];
  const server = new McpServer({ name: 'ext', version: '1.0.0', tasks: { pollIntervalMs: 10, graceMs: 20 }, ...options });
  server.tool({ name: 'plain' }, () => 'plain');
  server.tool({ name: 'quick', execution: { taskSupport: 'optional' } }, () => 'quick');
  server.tool({ name: 'slow', execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    ctx.signal.addEventListener('abort', () => aborted.push(ctx.signal.reason));
    await gate.promise;
    return 'slow done';
  });
  server.tool({ name: 'must', execution: { taskSupport: 'required' } }, () => 'must done');
  server.tool({ name: 'oops', execution: { taskSupport: 'required' }, taskStart: 'immediate' }, () => {
    throw new RpcError(-32050, 'job exploded');
  });
  server.tool({ name: 'soft', execution: { taskSupport: 'required' }, taskStart: 'immediate' }, () => ({
    content: [{ type: 'text', text: 'no' }],
    isError: true,
  }));
  server.tool({ name: 'two', execution: { taskSupport: 'required' }, taskStart: 'immediate' }, async (_args, ctx) => {
    const [a, b] = await Promise.all([
      ctx.elicit({ message: 'A?', requestedSchema: NAME }),
      ctx.elicit({ message: 'B?', requestedSchema: NAME }),
    ]);
    const c = await ctx.elicit({ message: 'C?', requestedSchema: NAME });
    return [a, b, c].map((x) => (x.content as { name: string }).name).join(',');
  });
  server.tool({ name: 'mrtr', execution: { taskSupport: 'required' } }, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Name?', requestedSchema: NAME }, { key: 'user_name' });
    await sleep(60);
    return `hello ${(answer.content as { name: string }).name}`;
  });
  server.tool({ name: 'reuse', execution: { taskSupport: 'required' }, taskStart: 'immediate' }, async (_args, ctx) => {
    await ctx.elicit({ message: 'once', requestedSchema: NAME }, { key: 'k' });
    try {
      await ctx.elicit({ message: 'twice', requestedSchema: NAME }, { key: 'k' });
      return 'reused';
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    }
  });
  return { server, gate, aborted };
}

function call(p: RawPeer, method: string, params: Obj = {}, caps: object = WITH): Promise<Obj> {
  return p.request(method, { ...params, _meta: meta2026(caps) }) as Promise<Obj>;
}

async function poll(p: RawPeer, taskId: unknown, done: (task: Obj) => boolean): Promise<Obj> {
  for (let i = 0; i < 300; i++) {
    const task = await call(p, 'tasks/get', { taskId });
    if (done(task)) return task;
    await sleep(5);
  }
  throw new Error('the task never got there');
}

const terminal = (t: Obj): boolean => ['completed', 'failed', 'cancelled'].includes(t['status'] as string);

describe('negotiation', () => {
  it('discover advertises the extension (not the 2025 tasks slot); tools/list carries no execution', async () => {
    const p = await rawPeer(taskServer().server);
    const discovered = await call(p, 'server/discover');
    const caps = discovered['capabilities'] as Obj;
    expect(caps['extensions']).toEqual({ [TASKS]: {} });
    expect(caps).not.toHaveProperty('tasks');
    const { tools } = (await call(p, 'tools/list')) as { tools: Obj[] };
    expect(tools.every((t) => !('execution' in t))).toBe(true);
  });

  it('without the extension: required tools are -32021 with requiredCapabilities; optional ones run as usual', async () => {
    const p = await rawPeer(taskServer().server);
    const error = await expectRpcError(call(p, 'tools/call', { name: 'must' }, {}), -32021);
    expect(error.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
    expect(await call(p, 'tools/call', { name: 'quick' }, {})).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'quick' }],
    });
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      await expectRpcError(call(p, method, { taskId: 'x', inputResponses: {} }, {}), -32021);
    }
  });

  it('tasks/result and tasks/list do not exist; the 2025-11-25 task param is ignored', async () => {
    const p = await rawPeer(taskServer().server);
    await expectRpcError(call(p, 'tasks/result', { taskId: 'x' }), -32601);
    await expectRpcError(call(p, 'tasks/list'), -32601);
    expect(await call(p, 'tools/call', { name: 'plain', task: { ttl: 1 } })).toMatchObject({ resultType: 'complete' });
  });

  it('a server without task tools offers no tasks methods', async () => {
    const server = new McpServer({ name: 'plain', version: '1.0.0' });
    server.tool({ name: 'plain' }, () => 'plain');
    const p = await rawPeer(server);
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel'])
      await expectRpcError(call(p, method, { taskId: 'x', inputResponses: {} }), -32601);
  });
});

describe('creation', () => {
  it('a fast optional call answers its result; a slow one becomes a task, stored before the answer', async () => {
    const { server, gate } = taskServer();
    const p = await rawPeer(server);
    expect(await call(p, 'tools/call', { name: 'quick' })).toMatchObject({ resultType: 'complete' });
    const created = await call(p, 'tools/call', { name: 'slow' });
    expect(created).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: expect.any(Number) as unknown,
      pollIntervalMs: 10,
    });
    for (const absent of ['task', 'ttl', 'pollInterval', 'result', 'error', 'inputRequests', 'requestState'])
      expect(created).not.toHaveProperty(absent);
    expect(await call(p, 'tasks/get', { taskId: created['taskId'] })).toMatchObject({
      resultType: 'complete',
      status: 'working',
    });
    gate.resolve();
    const done = await poll(p, created['taskId'], terminal);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'slow done' }] } });
    expect(done['result']).not.toHaveProperty('_meta');
  });

  it('a required tool that finished within the grace still answers a (finished) task', async () => {
    const p = await rawPeer(taskServer().server);
    const created = await call(p, 'tools/call', { name: 'must' });
    expect(created).toMatchObject({ resultType: 'task', status: 'completed' });
    expect(await call(p, 'tasks/get', { taskId: created['taskId'] })).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'must done' }] },
    });
  });

  it('JSON-RPC errors fail the task with the error inline; tool errors complete it with isError', async () => {
    const p = await rawPeer(taskServer().server);
    const failed = await poll(p, (await call(p, 'tools/call', { name: 'oops' }))['taskId'], terminal);
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32050, message: 'job exploded' } });
    expect(failed).not.toHaveProperty('result');
    const soft = await poll(p, (await call(p, 'tools/call', { name: 'soft' }))['taskId'], terminal);
    expect(soft).toMatchObject({ status: 'completed', result: { isError: true } });
  });

  it('MRTR gathers input asked before any work, then the call becomes a task', async () => {
    const p = await rawPeer(taskServer().server);
    const round1 = await call(p, 'tools/call', { name: 'mrtr' });
    expect(round1).toMatchObject({
      resultType: 'input_required',
      inputRequests: { user_name: { method: 'elicitation/create' } },
    });
    expect(round1).not.toHaveProperty('taskId');
    const round2 = await call(p, 'tools/call', {
      name: 'mrtr',
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      requestState: round1['requestState'],
    });
    expect(round2).toMatchObject({ resultType: 'task', status: 'working' });
    expect(round2).not.toHaveProperty('requestState');
    const done = await poll(p, round2['taskId'], terminal);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'hello Alice' }] } });
  });
});

describe('input through tasks/update', () => {
  it('lists every outstanding request; a partial answer keeps the rest; unknown keys are ignored', async () => {
    const p = await rawPeer(taskServer().server);
    const { taskId } = await call(p, 'tools/call', { name: 'two' });
    const parked = await poll(p, taskId, (t) => Object.keys((t['inputRequests'] as Obj | undefined) ?? {}).length === 2);
    expect(parked['status']).toBe('input_required');
    const [first, second] = Object.keys(parked['inputRequests'] as Obj) as [string, string];
    expect(
      await call(p, 'tasks/update', {
        taskId,
        inputResponses: { [first]: { action: 'accept', content: { name: 'a' } }, stray: { x: 1 } },
      }),
    ).toEqual({
      resultType: 'complete',
      _meta: expect.any(Object) as unknown,
    });
    const partial = await call(p, 'tasks/get', { taskId });
    expect(partial['status']).toBe('input_required');
    expect(Object.keys(partial['inputRequests'] as Obj)).toEqual([second]);
    await call(p, 'tasks/update', { taskId, inputResponses: { [second]: { action: 'accept', content: { name: 'b' } } } });
    // A later question gets a key never used before.
    const third = await poll(
      p,
      taskId,
      (t) => t['status'] === 'input_required' && !Object.hasOwn(t['inputRequests'] as Obj, second),
    );
    const [key] = Object.keys(third['inputRequests'] as Obj) as [string];
    expect([first, second]).not.toContain(key);
    await call(p, 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { name: 'c' } } } });
    expect(await poll(p, taskId, terminal)).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'a,b,c' }] },
    });
  });

  it('a malformed answer to an outstanding key is -32602, and nothing is applied', async () => {
    const p = await rawPeer(taskServer().server);
    const { taskId } = await call(p, 'tools/call', { name: 'two' });
    const parked = await poll(p, taskId, (t) => Object.keys((t['inputRequests'] as Obj | undefined) ?? {}).length === 2);
    const [first] = Object.keys(parked['inputRequests'] as Obj) as [string];
    await expectRpcError(call(p, 'tasks/update', { taskId, inputResponses: { [first]: { action: 'maybe' } } }), -32602);
    expect(Object.keys((await call(p, 'tasks/get', { taskId }))['inputRequests'] as Obj)).toHaveLength(2);
  });

  it('refuses a key reused within the task', async () => {
    const p = await rawPeer(taskServer().server);
    const { taskId } = await call(p, 'tools/call', { name: 'reuse' });
    await poll(p, taskId, (t) => t['status'] === 'input_required');
    await call(p, 'tasks/update', { taskId, inputResponses: { k: { action: 'accept', content: { name: 'x' } } } });
    const done = await poll(p, taskId, terminal);
    expect((done['result'] as { content: { text: string }[] }).content[0]?.text).toMatch(
      /^refused: Input key "k" was already used/,
    );
  });
});

describe('cancellation, isolation, expiry, notifications', () => {
  it('tasks/cancel is an empty ack, also on terminal tasks; the handler signal fires', async () => {
    const { server, aborted } = taskServer();
    const p = await rawPeer(server);
    const { taskId } = await call(p, 'tools/call', { name: 'slow' });
    const ack = await call(p, 'tasks/cancel', { taskId });
    expect(Object.keys(ack).sort()).toEqual(['_meta', 'resultType']);
    expect(await call(p, 'tasks/get', { taskId })).toMatchObject({ status: 'cancelled' });
    await waitFor(() => aborted.length === 1);
    expect(await call(p, 'tasks/cancel', { taskId })).toMatchObject({ resultType: 'complete' });
    await expectRpcError(call(p, 'tasks/cancel', { taskId: 'unknown' }), -32602);
  });

  it('binds tasks to the principal', async () => {
    const server = taskServer().server;
    const alice = await rawPeer(server, { auth: { sub: 'alice' } });
    const bob = await rawPeer(server, { auth: { sub: 'bob' } });
    const { taskId } = await call(alice, 'tools/call', { name: 'must' });
    await expectRpcError(call(bob, 'tasks/get', { taskId }), -32602);
    await expectRpcError(call(bob, 'tasks/cancel', { taskId }), -32602);
    expect(await call(alice, 'tasks/get', { taskId })).toMatchObject({ taskId });
  });

  it('expires tasks after their ttl', async () => {
    const p = await rawPeer(taskServer({ tasks: { defaultTtlMs: 40, graceMs: 0 } }).server);
    const created = await call(p, 'tools/call', { name: 'must' });
    expect(created['ttlMs']).toBe(40);
    await sleep(70);
    await expectRpcError(call(p, 'tasks/get', { taskId: created['taskId'] }), -32602);
  });

  it('delivers notifications/tasks on a subscription stream that asks for the task', async () => {
    const { server, gate } = taskServer();
    const p = await rawPeer(server);
    const { taskId } = await call(p, 'tools/call', { name: 'slow' });
    const listen = p.request('subscriptions/listen', { notifications: { taskIds: [taskId] }, _meta: meta2026(WITH) });
    await waitFor(() => p.notifications.some((n) => n.method === 'notifications/subscriptions/acknowledged'));
    const ack = p.notifications.find((n) => n.method === 'notifications/subscriptions/acknowledged')?.params as Obj;
    expect(ack['notifications']).toEqual({ taskIds: [taskId] });
    gate.resolve();
    await waitFor(() => p.notifications.some((n) => n.method === 'notifications/tasks'));
    expect(p.notifications.find((n) => n.method === 'notifications/tasks')?.params).toMatchObject({
      taskId,
      status: 'completed',
      result: { content: [{ type: 'text', text: 'slow done' }] },
    });
    void listen.catch(() => undefined);
  });

  it('refuses a task subscription from a client without the extension (-32021)', async () => {
    const p = await rawPeer(taskServer().server);
    await expectRpcError(p.request('subscriptions/listen', { notifications: { taskIds: ['x'] }, _meta: meta2026({}) }), -32021);
  });
});
