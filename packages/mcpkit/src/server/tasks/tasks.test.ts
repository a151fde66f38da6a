// 2025-11-25 core tasks on the wire: capability and tool-level negotiation,
// creation, polling, tasks/result (blocking, exact outcome, related-task
// _meta), cancellation, input requests tied to the task, isolation, expiry,
// listing and status notifications.
import { describe, expect, it } from 'vitest';
import { deferred, expectRpcError, sleep, waitFor } from '../../../test/helpers.js';
import { handshakePeer, initialize, rawPeer, type RawPeer } from '../../../test/rawClient.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import type { MessageInfo } from '../../jsonrpc/transport.js';
import type { ServerOptions } from '../options.js';
import { McpServer } from '../server.js';
import { serverViewOf } from '../viewOf.js';

const RELATED = 'io.modelcontextprotocol/related-task';
type Obj = Record<string, unknown>;

/** A server with task tools whose pace the test controls through `gate`. */
function taskServer(options: Partial<ServerOptions> = {}) {
  const gate = deferred();
  const aborted: unknown[] = [];
  const server = new McpServer({ name: 'tasks', version: '1.0.0', tasks: { pollIntervalMs: 10 }, ...options });
  server.tool({ name: 'plain' }, () => 'plain');
  server.tool({ name: 'job', execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    ctx.signal.addEventListener('abort', () => aborted.push(ctx.signal.reason));
    await gate.promise;
    return { content: [{ type: 'text', text: 'done' }], structuredContent: { answer: 42 } };
  });
  server.tool({ name: 'must', execution: { taskSupport: 'required' } }, () => 'must done');
  server.tool({ name: 'oops', execution: { taskSupport: 'required' } }, () => {
    throw new RpcError(-32050, 'job exploded', { why: 'test' });
  });
  server.tool({ name: 'soft', execution: { taskSupport: 'required' } }, () => ({
    content: [{ type: 'text', text: 'no' }],
    isError: true,
  }));
  server.tool({ name: 'ask', execution: { taskSupport: 'required' } }, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } });
    await ctx.progress(1, 1);
    return `answer: ${answer.action}`;
  });
  return { server, gate, aborted };
}

function peer(server: McpServer, info?: MessageInfo, capabilities: object = { elicitation: {} }): Promise<RawPeer> {
  return handshakePeer(server, '2025-11-25', capabilities, info);
}

async function create(p: RawPeer, name: string, task: Obj = {}): Promise<Obj> {
  const result = (await p.request('tools/call', { name, arguments: {}, task })) as { task: Obj };
  return result.task;
}

async function poll(p: RawPeer, taskId: unknown, status: string): Promise<Obj> {
  for (let i = 0; i < 200; i++) {
    const task = (await p.request('tasks/get', { taskId })) as Obj;
    if (task['status'] === status) return task;
    await sleep(5);
  }
  throw new Error(`task never reached ${status}`);
}

describe('negotiation', () => {
  it('advertises tasks at 2025-11-25 only, and lists execution only there', async () => {
    const { server } = taskServer();
    const p = await rawPeer(server);
    const result = (await initialize(p, '2025-11-25')) as { capabilities: Obj };
    expect(result.capabilities['tasks']).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    expect(result.capabilities['extensions']).toBeUndefined();
    const { tools } = (await p.request('tools/list')) as { tools: Obj[] };
    expect(tools.find((t) => t['name'] === 'job')?.['execution']).toEqual({ taskSupport: 'optional' });
    expect(tools.find((t) => t['name'] === 'plain')).not.toHaveProperty('execution');

    const old = await rawPeer(server);
    const oldResult = (await initialize(old, '2025-06-18')) as { capabilities: Obj };
    expect(oldResult.capabilities).not.toHaveProperty('tasks');
    const oldTools = (await old.request('tools/list')) as { tools: Obj[] };
    expect(oldTools.tools.find((t) => t['name'] === 'job')).not.toHaveProperty('execution');
    // No tasks before 2025-11-25: a required tool runs as an ordinary call, tasks/* do not exist.
    expect(await old.request('tools/call', { name: 'must' })).toEqual({ content: [{ type: 'text', text: 'must done' }] });
    await expectRpcError(old.request('tasks/get', { taskId: 'x' }), -32601);
  });

  it('a server without task tools advertises no tasks and ignores params.task', async () => {
    const server = new McpServer({ name: 'plain', version: '1.0.0' });
    server.tool({ name: 'plain' }, () => 'plain');
    const p = await peer(server);
    expect(await p.request('tools/call', { name: 'plain', task: { ttl: 1000 } })).toEqual({
      content: [{ type: 'text', text: 'plain' }],
    });
    await expectRpcError(p.request('tasks/get', { taskId: 'x' }), -32601);
  });

  it('refuses a forbidden tool as a task and a required tool without one (-32601); optional runs either way', async () => {
    const { server } = taskServer();
    const p = await peer(server);
    await expectRpcError(p.request('tools/call', { name: 'plain', task: {} }), -32601);
    await expectRpcError(p.request('tools/call', { name: 'must' }), -32601);
    const { server: other, gate } = taskServer();
    gate.resolve();
    const q = await peer(other);
    expect(await q.request('tools/call', { name: 'job' })).toMatchObject({ structuredContent: { answer: 42 } });
  });
});

describe('lifecycle', () => {
  it('answers CreateTaskResult at once, then tasks/get and tasks/result follow the handler', async () => {
    const { server, gate } = taskServer();
    const p = await peer(server);
    const task = await create(p, 'job', { ttl: 60_000 });
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 10 });
    expect(task['taskId']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Date(task['createdAt'] as string).toISOString()).toBe(task['createdAt']);
    expect(await p.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({
      taskId: task['taskId'],
      status: 'working',
      lastUpdatedAt: expect.any(String) as unknown,
    });
    const result = p.request('tasks/result', { taskId: task['taskId'] });
    await sleep(20);
    gate.resolve();
    expect(await result).toEqual({
      content: [{ type: 'text', text: 'done' }],
      structuredContent: { answer: 42 },
      _meta: { [RELATED]: { taskId: task['taskId'] } },
    });
    expect(await p.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({ status: 'completed' });
  });

  it('tasks/result returns the JSON-RPC error the call failed with', async () => {
    const { server } = taskServer();
    const p = await peer(server);
    const task = await create(p, 'oops');
    const error = await expectRpcError(p.request('tasks/result', { taskId: task['taskId'] }), -32050);
    expect(error.message).toBe('job exploded');
    expect(error.data).toEqual({ why: 'test' });
    expect(await p.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({
      status: 'failed',
      statusMessage: 'job exploded',
    });
  });

  it('a tool error fails the task, and tasks/result still returns the tool result', async () => {
    const { server } = taskServer();
    const p = await peer(server);
    const task = await create(p, 'soft');
    expect(await p.request('tasks/result', { taskId: task['taskId'] })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'no' }],
    });
    expect(await p.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({ status: 'failed' });
  });

  it('clamps the ttl to maxTtlMs and uses defaultTtlMs when none is asked', async () => {
    const { server } = taskServer({ tasks: { maxTtlMs: 5_000, defaultTtlMs: 2_000 } });
    const p = await peer(server);
    expect(await create(p, 'must', { ttl: 999_999 })).toMatchObject({ ttl: 5_000 });
    expect(await create(p, 'must')).toMatchObject({ ttl: 2_000 });
  });

  it('sends notifications/tasks/status on each change, without related-task _meta', async () => {
    const { server, gate } = taskServer();
    const p = await peer(server);
    const task = await create(p, 'job');
    gate.resolve();
    await poll(p, task['taskId'], 'completed');
    await waitFor(() => p.notifications.some((n) => n.method === 'notifications/tasks/status'));
    const status = p.notifications.find((n) => n.method === 'notifications/tasks/status')?.params as Obj;
    expect(status).toMatchObject({ taskId: task['taskId'], status: 'completed', ttl: expect.any(Number) as unknown });
    expect(status).not.toHaveProperty('_meta');
  });
});

describe('cancellation', () => {
  it('stores cancelled before answering, fires the handler signal, and refuses terminal tasks (-32602)', async () => {
    const { server, aborted } = taskServer();
    const p = await peer(server);
    const task = await create(p, 'job');
    const cancelled = (await p.request('tasks/cancel', { taskId: task['taskId'] })) as Obj;
    expect(cancelled).toMatchObject({
      taskId: task['taskId'],
      status: 'cancelled',
      statusMessage: expect.any(String) as unknown,
    });
    expect(await p.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({ status: 'cancelled' });
    await waitFor(() => aborted.length === 1, 2000, 'the handler to be aborted');
    await expectRpcError(p.request('tasks/cancel', { taskId: task['taskId'] }), -32602);
    await expectRpcError(p.request('tasks/result', { taskId: task['taskId'] }), -32603);
  });

  it('unknown task ids are -32602 on every method', async () => {
    const { server } = taskServer();
    const p = await peer(server);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel'])
      await expectRpcError(p.request(method, { taskId: 'nope' }), -32602);
  });
});

describe('input requests', () => {
  it('asks the client with related-task _meta while the task is input_required', async () => {
    const { server } = taskServer();
    const p = await peer(server);
    const answer = deferred<unknown>();
    const asked: Obj[] = [];
    p.onRequest = (method, params) => {
      asked.push({ method, params });
      return answer.promise;
    };
    const task = await create(p, 'ask', {});
    await poll(p, task['taskId'], 'input_required');
    expect(asked[0]).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'Sure?', _meta: { [RELATED]: { taskId: task['taskId'] } } },
    });
    answer.resolve({ action: 'accept', content: {} });
    expect(await p.request('tasks/result', { taskId: task['taskId'] })).toMatchObject({
      content: [{ type: 'text', text: 'answer: accept' }],
    });
  });

  it('progress of a task carries the related-task _meta', async () => {
    const { server } = taskServer();
    const p = await peer(server);
    p.onRequest = () => ({ action: 'decline' });
    const result = (await p.request('tools/call', { name: 'ask', task: {}, _meta: { progressToken: 'tok' } })) as { task: Obj };
    await p.request('tasks/result', { taskId: result.task['taskId'] });
    const progress = p.notifications.find((n) => n.method === 'notifications/progress')?.params as Obj;
    expect(progress).toMatchObject({
      progressToken: 'tok',
      progress: 1,
      _meta: { [RELATED]: { taskId: result.task['taskId'] } },
    });
  });

  it('refuses input the client did not declare: the task fails with -32021', async () => {
    const { server } = taskServer();
    const p = await peer(server, undefined, {});
    const task = await create(p, 'ask');
    // A refused elicitation is an RpcError, which stays a protocol error of the call.
    await expectRpcError(p.request('tasks/result', { taskId: task['taskId'] }), -32021);
    expect(await p.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({ status: 'failed' });
  });
});

describe('isolation, expiry, listing', () => {
  it('binds tasks to the principal: another principal sees nothing', async () => {
    const { server } = taskServer();
    const alice = await peer(server, { auth: { sub: 'alice' } });
    const bob = await peer(server, { auth: { sub: 'bob' } });
    const task = await create(alice, 'must');
    await expectRpcError(bob.request('tasks/get', { taskId: task['taskId'] }), -32602);
    await expectRpcError(bob.request('tasks/cancel', { taskId: task['taskId'] }), -32602);
    expect(await bob.request('tasks/list')).toEqual({ tasks: [] });
    // The same principal on another session sees it.
    const alice2 = await peer(server, { auth: { sub: 'alice' } });
    expect(await alice2.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({ taskId: task['taskId'] });
  });

  it('without auth, binds tasks to the session', async () => {
    const { server } = taskServer();
    const one = await peer(server);
    const two = await peer(server);
    const task = await create(one, 'must');
    await expectRpcError(two.request('tasks/get', { taskId: task['taskId'] }), -32602);
    expect(await one.request('tasks/get', { taskId: task['taskId'] })).toMatchObject({ taskId: task['taskId'] });
  });

  it('forgets a task once its ttl has passed, and stops its handler', async () => {
    const { server, aborted } = taskServer();
    const p = await peer(server);
    const task = await create(p, 'job', { ttl: 30 });
    expect(task['ttl']).toBe(30);
    await sleep(60);
    await expectRpcError(p.request('tasks/get', { taskId: task['taskId'] }), -32602);
    expect(aborted).toHaveLength(1);
  });

  it('lists the caller’s tasks, paginated with opaque cursors', async () => {
    const { server } = taskServer({ pageSize: 2 });
    const p = await peer(server);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(p, 'must'))['taskId']);
    const first = (await p.request('tasks/list')) as { tasks: Obj[]; nextCursor?: string };
    expect(first.tasks.map((t) => t['taskId'])).toEqual(ids.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String) as unknown);
    const second = (await p.request('tasks/list', { cursor: first.nextCursor })) as { tasks: Obj[]; nextCursor?: string };
    expect(second.tasks.map((t) => t['taskId'])).toEqual(ids.slice(2));
    expect(second).not.toHaveProperty('nextCursor');
    await expectRpcError(p.request('tasks/list', { cursor: 'forged' }), -32602);
  });

  it('refuses new tasks past maxActivePerOwner (-32603)', async () => {
    const { server } = taskServer({ tasks: { maxActivePerOwner: 1 } });
    const p = await peer(server);
    await create(p, 'job');
    await expectRpcError(p.request('tools/call', { name: 'job', task: {} }), -32603);
  });

  it('fails running tasks when the server closes', async () => {
    const { server, aborted } = taskServer();
    const p = await peer(server, { auth: { sub: 'x' } });
    const task = await create(p, 'job');
    const store = serverViewOf(server).tasks.store;
    await server.close({ graceMs: 0 });
    expect(await store.get(task['taskId'] as string)).toMatchObject({ status: 'failed', error: { code: -32603 } });
    expect(aborted).toHaveLength(1);
  });
});
