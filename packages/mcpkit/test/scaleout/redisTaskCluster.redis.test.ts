/**
 * Tasks across three Redis-backed processes behind a round-robin proxy (no
 * stickiness): a task created at one process is read, listed, awaited,
 * cancelled and given input through the others, in the handshake era
 * (2025-11-25 tasks) and the stateless era (the tasks extension); a task
 * whose process is killed ends `failed`; task keys all expire.
 */
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import type { TaskHandle } from '../../src/client/tasks.js';
import { nodeHttpTransport } from '../../src/node/http/client/nodeHttpTransport.js';
import { HAVE_REDIS, stopBackend, type Backend, type Proxy, type RedisServer } from './cluster.js';
import { cleanupAfterEach, startCluster, useRedis } from './testBed.js';
import { RawSession } from './rawSession.js';

if (!HAVE_REDIS) console.warn('scale-out task tests skipped: redis-server is not installed (apt-get install -y redis-server)');

type Obj = Record<string, unknown>;
const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;
const defer = cleanupAfterEach();

/** Three processes on `redis` behind the proxy, stopped after the test. */
const cluster = (redis: RedisServer, extra: readonly string[] = []): Promise<{ backends: Backend[]; proxy: Proxy }> =>
  startCluster(redis.url, defer, { extra });

async function mcpClient(url: string, era: 'handshake' | 'stateless' = 'handshake'): Promise<McpClient> {
  const client = new McpClient({
    name: 'scale-out tasks',
    version: '1.0.0',
    era,
    capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  });
  await client.connect(nodeHttpTransport(url, { reconnect: { initialDelayMs: 50, maxDelayMs: 200 } }));
  defer(() => client.close());
  return client;
}

/** The answer (last message) of a raw request: its result, or throws its error. */
async function call(session: RawSession, method: string, params?: object): Promise<Obj> {
  const messages = await session.request(method, params);
  const answer = messages.at(-1) as Obj;
  if ('error' in answer) throw Object.assign(new Error(JSON.stringify(answer['error'])), { rpc: answer['error'] });
  return answer['result'] as Obj;
}

/** What each process's `job` handlers saw aborted (three calls: one per process, round robin). */
async function abortedEverywhere(session: RawSession): Promise<string[]> {
  const all: string[] = [];
  for (let i = 0; i < 3; i++) {
    const result = await call(session, 'tools/call', { name: 'aborted', arguments: {} });
    all.push(...(JSON.parse(text(result as never)) as { aborted: string[] }).aborted);
  }
  return all;
}

describe.skipIf(!HAVE_REDIS)('tasks across Redis-backed processes', () => {
  const bed = useRedis();

  it('2025-11-25 (mcpkit client): get, list and result from any process, elicitation inside a task', async () => {
    const { proxy } = await cluster(bed.redis);
    const client = await mcpClient(proxy.url);
    const handle = (await client.callTool({ name: 'job', arguments: { ms: 1500 } }, { task: true })) as TaskHandle;
    for (let i = 0; i < 3; i++) {
      expect((await handle.get()).status).toBe('working');
      expect((await client.tasks.list()).tasks.map((t) => t.taskId)).toContain(handle.taskId);
    }
    const result = (await client.tasks.result({ taskId: handle.taskId })) as { content: { text: string }[] };
    expect(result.content[0]?.text).toMatch(/^job done \(pid \d+\)$/);
    expect((await handle.get()).status).toBe('completed');
    for (let i = 0; i < 3; i++) {
      const asked = (await client.callTool({ name: 'ask' }, { task: true })) as TaskHandle;
      expect(text(await asked.result())).toMatch(/^hello Ada \(pid \d+\)$/);
    }
  }, 60_000);

  it('2025-11-25: tasks/cancel at another process stops the handler on its process', async () => {
    const { proxy } = await cluster(bed.redis);
    const session = await RawSession.open(proxy.url);
    defer(() => session.close());
    const created = await call(session, 'tools/call', { name: 'job', arguments: { ms: 60_000 }, task: {} });
    const taskId = (created['task'] as Obj)['taskId'] as string;
    // Round robin: the next request lands on the next process.
    const cancelled = await call(session, 'tasks/cancel', { taskId });
    expect(cancelled['status']).toBe('cancelled');
    await expect
      .poll(() => abortedEverywhere(session), { timeout: 10_000, interval: 200 })
      .toContain(`Task ${taskId} was cancelled`);
    for (let i = 0; i < 3; i++) expect((await call(session, 'tasks/get', { taskId }))['status']).toBe('cancelled');
    const again = await call(session, 'tasks/cancel', { taskId }).catch((e: unknown) => (e as { rpc?: Obj }).rpc);
    expect(again?.['code']).toBe(-32602);
  }, 60_000);

  it('the process running a task is killed: the task ends failed with a clear message, tasks/result too', async () => {
    const { backends, proxy } = await cluster(bed.redis);
    const session = await RawSession.open(proxy.url);
    defer(() => session.close());
    const before = [...proxy.hits];
    const created = await call(session, 'tools/call', { name: 'job', arguments: { ms: 60_000 }, task: {} });
    const taskId = (created['task'] as Obj)['taskId'] as string;
    const runner = proxy.hits.findIndex((n, i) => n > (before[i] ?? 0));
    await stopBackend(backends[runner] as Backend, 'SIGKILL');
    const waiting = call(session, 'tasks/result', { taskId }).catch((e: unknown) => (e as { rpc?: Obj }).rpc);
    await expect
      .poll(async () => (await call(session, 'tasks/get', { taskId }))['status'], { timeout: 15_000, interval: 200 })
      .toBe('failed');
    const task = await call(session, 'tasks/get', { taskId });
    expect(task['statusMessage']).toMatch(/process running the task stopped/);
    const error = (await waiting) as Obj;
    expect(error['code']).toBe(-32603);
    expect(error['message']).toMatch(/process running the task stopped/);
  }, 60_000);

  it('2026-07-28 extension: input answered and cancellation sent through other processes', async () => {
    const { proxy } = await cluster(bed.redis);
    const client = await mcpClient(proxy.url, 'stateless');
    for (let i = 0; i < 3; i++) expect(text(await client.callTool({ name: 'ask' }))).toMatch(/^hello Ada \(pid \d+\)$/);
    const job = (await client.callTool({ name: 'job', arguments: { ms: 60_000 } }, { task: true })) as TaskHandle;
    await client.tasks.cancel({ taskId: job.taskId });
    for (let i = 0; i < 3; i++) expect((await job.get()).status).toBe('cancelled');
    const session = await RawSession.open(proxy.url);
    defer(() => session.close());
    await expect
      .poll(() => abortedEverywhere(session), { timeout: 10_000, interval: 200 })
      .toContain(`Task ${job.taskId} was cancelled`);
  }, 60_000);

  it('task keys all have an expiry and are gone once the tasks expire', async () => {
    const { proxy } = await cluster(bed.redis, ['--prefix', 'tk:']);
    const session = await RawSession.open(proxy.url);
    defer(() => session.close());
    for (let i = 0; i < 6; i++)
      await call(session, 'tools/call', { name: 'job', arguments: { ms: i % 2 === 0 ? 10 : 60_000 }, task: { ttl: 2000 } });
    const kept = (await bed.keys.keys('tk:t*')).sort();
    expect(kept.filter((k) => k.startsWith('tk:t:'))).toHaveLength(6);
    expect(kept.filter((k) => k.startsWith('tk:to:'))).toHaveLength(1);
    const ttls = await Promise.all(kept.map((k) => bed.keys.pttl(k)));
    expect(kept.filter((_, i) => (ttls[i] ?? -1) <= 0)).toEqual([]);
    await expect.poll(async () => bed.keys.keys('tk:t*'), { timeout: 15_000, interval: 250 }).toEqual([]);
  }, 60_000);
});
