/**
 * Tasks across processes without Redis: three handlers, each with its own
 * copy of a server with task tools (as three processes would be), share one
 * `MemoryShared`; a round-robin `fetch` sends every request to the next one.
 * A task created at one handler is read, listed, awaited, cancelled and
 * answered through the others; a task whose process stopped ends `failed`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import type { TaskHandle } from '../../src/client/tasks.js';
import { httpTransport } from '../../src/http/client/httpTransport.js';
import { MemoryShared, type SharedStore } from '../../src/scaleout/index.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { McpServer } from '../../src/server/server.js';
import { deferred, expectRpcError, waitFor, type Deferred } from '../helpers.js';
import { meta2026, rawPeer } from '../rawClient.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One "process": its server, whose `job` tool waits for `gate`, and what its handlers saw. */
interface Node {
  readonly server: McpServer;
  readonly store: SharedStore;
  readonly started: string[];
  readonly aborted: unknown[];
  gate: Deferred<void>;
}

function node(store: SharedStore, i: number): Node {
  const server = new McpServer({
    name: 'tasks',
    version: '1.0.0',
    secret: 'one secret for every handler of the test cluster',
    tasks: { pollIntervalMs: 50, start: 'immediate' },
  });
  const n: Node = { server, store, started: [], aborted: [], gate: deferred() };
  server.tool({ name: 'job', execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    n.started.push(`node ${String(i)}`);
    ctx.signal.addEventListener('abort', () => n.aborted.push(ctx.signal.reason));
    await n.gate.promise;
    return `done at node ${String(i)}`;
  });
  server.tool({ name: 'ask', execution: { taskSupport: 'required' } }, async (_args, ctx) => {
    n.started.push(`node ${String(i)}`);
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return `hello ${String(answer.content?.['name'])} from node ${String(i)}`;
  });
  return n;
}

interface Cluster {
  readonly nodes: Node[];
  readonly handlers: WebHandler[];
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Sends the next request to handler `i`. */
  nextTo(i: number): void;
}

function cluster(size = 3): Cluster {
  const shared = new MemoryShared();
  const nodes: Node[] = [];
  const handlers: WebHandler[] = [];
  for (let i = 0; i < size; i++) {
    const n = node(shared.store(), i);
    nodes.push(n);
    handlers.push(createWebHandler(n.server, { store: n.store, retryMs: 20 }));
  }
  let next = 0;
  cleanups.push(async () => {
    for (const n of nodes) n.gate.resolve();
    for (const h of handlers) await h.close();
  });
  return {
    nodes,
    handlers,
    fetch: (input, init) => (handlers[next++ % size] as WebHandler)(new Request(input, init)),
    nextTo: (i) => {
      next = i;
    },
  };
}

async function client(c: Cluster, era: 'handshake' | 'stateless' = 'handshake'): Promise<McpClient> {
  const mcp = new McpClient({
    name: 'tasks',
    version: '1.0.0',
    era,
    capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  });
  await mcp.connect(httpTransport('http://localhost/mcp', { fetch: c.fetch }));
  cleanups.push(() => mcp.close());
  return mcp;
}

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;

/** The node whose handler runs the task (the one that took the `tools/call`). */
function runner(c: Cluster): Node {
  const found = c.nodes.filter((n) => n.started.length > 0);
  expect(found).toHaveLength(1);
  return found[0] as Node;
}

/** Sends the next request to a handler other than the one running the task. */
function elsewhere(c: Cluster): void {
  c.nextTo((c.nodes.indexOf(runner(c)) + 1) % c.nodes.length);
}

describe('tasks across handlers sharing an in-memory store (2025-11-25)', () => {
  it('gets, lists and awaits a task from every handler', async () => {
    const c = cluster();
    const mcp = await client(c);
    const handle = (await mcp.callTool({ name: 'job' }, { task: true })) as TaskHandle;
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const task = await handle.get();
      expect(task.status).toBe('working');
      seen.add(task.taskId);
      const { tasks } = await mcp.tasks.list();
      expect(tasks.map((t) => t.taskId)).toEqual([handle.taskId]);
    }
    expect(seen).toEqual(new Set([handle.taskId]));
    const result = mcp.tasks.result({ taskId: handle.taskId });
    await new Promise((r) => setTimeout(r, 30));
    runner(c).gate.resolve();
    const answered = (await result) as { content: { text: string }[] };
    expect(answered.content[0]?.text).toMatch(/^done at node \d$/);
    expect((await handle.get()).status).toBe('completed');
  });

  it('cancels at any handler: the handler running it stops', async () => {
    const c = cluster();
    const mcp = await client(c);
    for (let i = 0; i < 3; i++) {
      for (const n of c.nodes) n.started.length = 0;
      const handle = (await mcp.callTool({ name: 'job' }, { task: true })) as TaskHandle;
      elsewhere(c);
      const cancelled = await handle.cancel();
      expect(cancelled.status).toBe('cancelled');
      await expect.poll(() => c.nodes.reduce((sum, n) => sum + n.aborted.length, 0), { timeout: 5000 }).toBe(i + 1);
      expect((await handle.get()).status).toBe('cancelled');
      await expectRpcError(handle.cancel(), -32602);
    }
  });

  it('routes an elicitation inside a task to the handler running it', async () => {
    const c = cluster();
    const mcp = await client(c);
    const handle = (await mcp.callTool({ name: 'ask' }, { task: true })) as TaskHandle;
    expect(text(await handle.result())).toMatch(/^hello Ada from node \d$/);
  });

  it('fails the task of a process that stopped, wherever it is read', async () => {
    const c = cluster();
    const mcp = await client(c);
    const handle = (await mcp.callTool({ name: 'job' }, { task: true })) as TaskHandle;
    const waiting = mcp.tasks.result({ taskId: handle.taskId });
    await runner(c).store.close(); // its liveness ends, its handler never finishes
    const error = await expectRpcError(waiting, -32603);
    expect(error.message).toMatch(/process running the task stopped/);
    const task = await handle.get();
    expect(task.status).toBe('failed');
    expect(task.statusMessage).toMatch(/process running the task stopped/);
  });
});

describe('tasks across handlers sharing an in-memory store (2026-07-28 extension)', () => {
  it('takes input answered at another handler (tasks/update), refusing a malformed one there', async () => {
    const c = cluster();
    const mcp = await client(c, 'stateless');
    expect(text(await mcp.callTool({ name: 'ask' }))).toMatch(/^hello Ada from node \d$/);

    for (const n of c.nodes) n.started.length = 0;
    const handle = (await mcp.callTool({ name: 'ask' }, { task: true })) as TaskHandle;
    let task = (await handle.get()) as unknown as { status: string; inputRequests?: Record<string, unknown> };
    for (let i = 0; i < 100 && task.status !== 'input_required'; i++) {
      await new Promise((r) => setTimeout(r, 10));
      task = await handle.get();
    }
    const key = Object.keys(task.inputRequests ?? {})[0] as string;
    expect(key).toBeDefined();
    elsewhere(c);
    await expectRpcError(
      mcp.tasks.update({ taskId: handle.taskId, inputResponses: { [key]: { action: 'maybe' } as never } }),
      -32602,
    );
    elsewhere(c);
    await mcp.tasks.update({ taskId: handle.taskId, inputResponses: { [key]: { action: 'accept', content: { name: 'Bo' } } } });
    elsewhere(c);
    expect((await handle.get()).status).not.toBe('input_required');
    expect(text(await handle.result())).toBe(`hello Bo from node ${String(c.nodes.indexOf(runner(c)))}`);
  });

  it('cancels at another handler: the handler running it stops', async () => {
    const c = cluster();
    const mcp = await client(c, 'stateless');
    const job = (await mcp.callTool({ name: 'job' }, { task: true })) as TaskHandle;
    elsewhere(c);
    await mcp.tasks.cancel({ taskId: job.taskId });
    await expect.poll(() => runner(c).aborted.length, { timeout: 5000 }).toBe(1);
    expect((await job.get()).status).toBe('cancelled');
  });

  it('tells a subscription stream at another process of the task’s changes', async () => {
    const c = cluster();
    const mcp = await client(c, 'stateless');
    const job = (await mcp.callTool({ name: 'job' }, { task: true })) as TaskHandle;
    for (let i = 0; i < 3; i++) await job.get(); // every handler has served (and shared its tasks)
    const other = c.nodes[(c.nodes.indexOf(runner(c)) + 1) % c.nodes.length] as Node;
    const peer = await rawPeer(other.server);
    const capabilities = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    const listen = peer.request('subscriptions/listen', {
      notifications: { taskIds: [job.taskId] },
      _meta: meta2026(capabilities),
    });
    void listen.catch(() => undefined);
    await waitFor(() => peer.notifications.some((n) => n.method === 'notifications/subscriptions/acknowledged'));
    runner(c).gate.resolve();
    await waitFor(() => peer.notifications.some((n) => n.method === 'notifications/tasks'), 5000);
    expect(peer.notifications.find((n) => n.method === 'notifications/tasks')?.params).toMatchObject({
      taskId: job.taskId,
      status: 'completed',
    });
  });
});
