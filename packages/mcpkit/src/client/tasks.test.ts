// Tasks through McpClient, in both eras, against an mcpkit server in memory:
// callTool with and without `task`, TaskHandle, client.tasks.*, and awaitTask
// (polling, onStatus, input answered with the registered handlers, errors,
// cancellation).
import { describe, expect, it } from 'vitest';
import { deferred, expectLocalError, expectRpcError } from '../../test/helpers.js';
import { link } from '../../test/client/harness.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { ClientOptions } from './options.js';
import { McpServer } from '../server/server.js';
import { TaskHandle } from './tasks.js';
import type { Task } from '../protocol/types/index.js';

const NAME = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;

function taskServer() {
  const gate = deferred();
  const server = new McpServer({ name: 'tasks', version: '1.0.0', tasks: { pollIntervalMs: 5, graceMs: 0 } });
  server.tool({ name: 'plain' }, () => 'plain');
  server.tool({ name: 'slow', execution: { taskSupport: 'optional' }, taskStart: 'immediate' }, async () => {
    await gate.promise;
    return { content: [{ type: 'text', text: 'slow done' }], structuredContent: { n: 1 } };
  });
  server.tool({ name: 'must', execution: { taskSupport: 'required' } }, () => 'must done');
  server.tool({ name: 'oops', execution: { taskSupport: 'required' } }, () => {
    throw new RpcError(-32050, 'job exploded');
  });
  server.tool({ name: 'ask', execution: { taskSupport: 'required' }, taskStart: 'immediate' }, async (_args, ctx) => {
    const [a, b] = await Promise.all([
      ctx.elicit({ message: 'First?', requestedSchema: NAME }),
      ctx.elicit({ message: 'Second?', requestedSchema: NAME }),
    ]);
    return `${String(a.content?.['name'])} and ${String(b.content?.['name'])}`;
  });
  return { server, gate };
}

const asked: string[] = [];
const handlers: ClientOptions['handlers'] = {
  elicitation: {
    form: (params) => {
      asked.push(params.message);
      return { action: 'accept', content: { name: params.message.replace('?', '').toLowerCase() } };
    },
  },
};

const text = (result: unknown): unknown => (result as { content: { text: string }[] }).content[0]?.text;

describe.each(['2025-11-25', '2026-07-28'] as const)('at %s', (era) => {
  it('callTool with task resolves a TaskHandle whose result() waits for the tool result', async () => {
    const { server, gate } = taskServer();
    const linked = await link(server, { era, handlers });
    const statuses: string[] = [];
    const handle = await linked.client.callTool({ name: 'slow' }, { task: true });
    expect(handle).toBeInstanceOf(TaskHandle);
    const task = handle as TaskHandle;
    expect(task.task.status).toBe('working');
    expect((await task.get()).status).toBe('working');
    const result = task.result({ onStatus: (t: Task) => statuses.push(t.status) });
    gate.resolve();
    expect(await result).toMatchObject({ content: [{ type: 'text', text: 'slow done' }], structuredContent: { n: 1 } });
    expect(statuses[0]).toBe('working');
  });

  it('callTool without task returns the final result of a task the server creates', async () => {
    const { server } = taskServer();
    const linked = await link(server, { era, handlers });
    // 2025-11-25: the client learns from tools/list that `must` requires a task and asks for one itself.
    if (era === '2025-11-25') await linked.client.listAllTools();
    expect(text(await linked.client.callTool({ name: 'must' }))).toBe('must done');
    expect(text(await linked.client.callTool({ name: 'plain' }, { task: true }))).toBe('plain');
  });

  it('awaitTask answers the task’s input requests with the registered handlers', async () => {
    const { server } = taskServer();
    const linked = await link(server, { era, handlers });
    asked.length = 0;
    const handle = (await linked.client.callTool({ name: 'ask' }, { task: true })) as TaskHandle;
    const statuses = new Set<string>();
    const result = await linked.client.awaitTask(handle.taskId, { onStatus: (t) => statuses.add(t.status) });
    expect(text(result)).toBe('first and second');
    expect(asked.sort()).toEqual(['First?', 'Second?']);
  });

  it('a task that failed with a JSON-RPC error rejects with it', async () => {
    const { server } = taskServer();
    const linked = await link(server, { era, handlers });
    const handle = (await linked.client.callTool({ name: 'oops' }, { task: true })) as TaskHandle;
    const error = await expectRpcError(handle.result(), -32050);
    expect(error.message).toBe('job exploded');
  });

  it('cancel ends the task; waiting on it rejects CANCELLED; aborting a wait leaves the task running', async () => {
    const { server } = taskServer();
    const linked = await link(server, { era, handlers });
    const handle = (await linked.client.callTool({ name: 'slow' }, { task: true })) as TaskHandle;
    const stop = new AbortController();
    const waiting = handle.result({ signal: stop.signal });
    stop.abort();
    await expectLocalError(waiting, 'CANCELLED');
    expect((await handle.get()).status).toBe('working');
    await handle.cancel();
    expect((await linked.client.tasks.get({ taskId: handle.taskId })).status).toBe('cancelled');
    await expectLocalError(handle.result(), 'CANCELLED');
  });
});

describe('per era', () => {
  it('2025-11-25: tasks.list walks every task; tasks.result waits for the result', async () => {
    const { server, gate } = taskServer();
    const linked = await link(server, { era: '2025-11-25', handlers });
    const a = (await linked.client.callTool({ name: 'slow' }, { task: { ttl: 60_000 } })) as TaskHandle;
    expect(a.task.ttl).toBe(60_000);
    const b = (await linked.client.callTool({ name: 'must' }, { task: true })) as TaskHandle;
    const listed = [];
    for await (const t of linked.client.tasks.all()) listed.push(t.taskId);
    expect(listed).toEqual([a.taskId, b.taskId]);
    gate.resolve();
    expect(await linked.client.tasks.result({ taskId: a.taskId })).toMatchObject({ structuredContent: { n: 1 } });
    await expectLocalError(linked.client.tasks.update({ taskId: a.taskId, inputResponses: {} }), 'NOT_SUPPORTED');
  });

  it('2026-07-28: tasks/result and tasks/list are refused locally; tasks: false declares no extension', async () => {
    const { server } = taskServer();
    let linked = await link(server, { era: '2026-07-28', handlers });
    await expectLocalError(linked.client.tasks.list(), 'NOT_SUPPORTED');
    await expectLocalError(linked.client.tasks.result({ taskId: 'x' }), 'NOT_SUPPORTED');
    await linked.close();
    linked = await link(server, { era: '2026-07-28', handlers, tasks: false });
    expect(linked.client.capabilities).not.toHaveProperty('extensions');
    await expectRpcError(linked.client.callTool({ name: 'must' }), -32021);
  });
});
