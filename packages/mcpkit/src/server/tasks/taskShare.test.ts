// Tasks shared by several processes, at the manager's level: two managers
// share one store and a fake bus (a TaskRemote each). Cancellation and input
// reach the process running the handler; a lost cancellation still stops it
// at its next write; a task of a stopped process fails when read; a waiter
// elsewhere wakes on changes, times out, and stops on abort.
import { describe, expect, it } from 'vitest';
import { expectRpcError, sleep } from '../../../test/helpers.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { TaskManager } from './taskManager.js';
import type { TaskMessage, TaskRemote } from './taskRemote.js';
import { MemoryTaskStore, type TaskRecord } from './taskStore.js';

interface Process {
  readonly manager: TaskManager;
  readonly changes: TaskRecord[];
  alive: boolean;
}

/** `n` managers over one store; `drop` loses every message sent to a process. */
function processes(n: number, options: { drop?: boolean } = {}): Process[] {
  const store = new MemoryTaskStore();
  const all: Process[] = [];
  for (let i = 0; i < n; i++) {
    const changes: TaskRecord[] = [];
    const p: Process = {
      manager: new TaskManager({ pollIntervalMs: 10 }, { taskChanged: (r) => changes.push(r) }, false),
      changes,
      alive: true,
    };
    all.push(p);
  }
  all.forEach((p, i) => {
    const remote: TaskRemote = {
      node: `p${String(i)}`,
      alive: (node) => Promise.resolve(all[Number(node.slice(1))]?.alive === true),
      send: (node, message: TaskMessage) => {
        const target = all[Number(node.slice(1))];
        if (options.drop !== true && target?.alive === true)
          queueMicrotask(() => {
            target.manager.receive(message);
          });
        return Promise.resolve();
      },
      changed: (record) => {
        for (const other of all)
          if (other !== p && other.alive)
            queueMicrotask(() => {
              other.manager.changedElsewhere(record);
            });
      },
    };
    expect(p.manager.share(store, remote)).toBe(true);
    expect(p.manager.share(new MemoryTaskStore(), remote)).toBe(false);
  });
  return all;
}

/** Starts a task on `p` whose handler runs until aborted; resolves with its record and its signal. */
async function running(p: Process, flavor: 'core' | 'extension' = 'core') {
  const { live, created } = p.manager.open({ owner: 'p:ada', flavor });
  const record = await created;
  p.manager.run(
    live,
    () =>
      new Promise((_resolve, reject) => {
        live.controller.signal.addEventListener('abort', () => {
          reject(new Error('stopped'));
        });
      }),
  );
  return { record, signal: live.controller.signal, live };
}

const [a0, a1] = [0, 1];

describe('tasks shared by processes', () => {
  it('stamps the running process, reads and lists from another', async () => {
    const ps = processes(2);
    const { record } = await running(ps[a0] as Process);
    expect(record.node).toBe('p0');
    expect(await ps[a1]?.manager.read(record.taskId)).toEqual(record);
    expect((await ps[a1]?.manager.list('p:ada'))?.map((r) => r.taskId)).toEqual([record.taskId]);
    // A task created already finished names no process: nothing runs it.
    const done = await ps[a0]?.manager.open({ owner: 'p:ada', flavor: 'core', outcome: { result: {} } }).created;
    expect(done?.node).toBeUndefined();
  });

  it('a cancellation at another process stops the handler where it runs', async () => {
    const ps = processes(2);
    const { record, signal } = await running(ps[a0] as Process);
    const cancelled = await ps[a1]?.manager.cancel(record);
    expect(cancelled?.status).toBe('cancelled');
    await expect.poll(() => signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(LocalError);
    expect((await ps[a0]?.manager.read(record.taskId))?.status).toBe('cancelled');
    expect(ps[a0]?.manager.live(record.taskId)).toBeUndefined();
  });

  it('a lost cancellation still stops the handler at its next write', async () => {
    const ps = processes(2, { drop: true });
    const { record, signal, live } = await running(ps[a0] as Process, 'extension');
    await ps[a1]?.manager.cancel(record);
    await sleep(10);
    expect(signal.aborted).toBe(false);
    // The handler asks for input: its write finds the task cancelled.
    const asked = live.ask('k', 'elicitation/create', { message: 'x', requestedSchema: { type: 'object', properties: {} } });
    await expect(asked).rejects.toThrow(/was cancelled/);
    expect(signal.aborted).toBe(true);
    expect((await ps[a0]?.manager.read(record.taskId))?.status).toBe('cancelled');
  });

  it('extension input answered at another process reaches the handler; a malformed answer is -32602 there', async () => {
    const ps = processes(2);
    const { live, created } = (ps[a0] as Process).manager.open({ owner: 'p:ada', flavor: 'extension' });
    await created;
    const asked = live.ask('name', 'elicitation/create', { message: 'x', requestedSchema: { type: 'object', properties: {} } });
    let stored = await ps[a1]?.manager.read(live.taskId);
    for (let i = 0; i < 50 && stored?.status !== 'input_required'; i++) stored = await ps[a1]?.manager.read(live.taskId);
    expect(stored?.status).toBe('input_required');
    await expectRpcError(
      (ps[a1] as Process).manager.answerElsewhere(stored as TaskRecord, { name: { action: 'maybe' } }),
      -32602,
    );
    // Keys not outstanding are ignored, as in one process.
    await ps[a1]?.manager.answerElsewhere(stored as TaskRecord, { other: { action: 'accept' } });
    await ps[a1]?.manager.answerElsewhere(stored as TaskRecord, { name: { action: 'accept', content: {} } });
    expect(await asked).toEqual({ action: 'accept', content: {} });
    expect((await ps[a1]?.manager.read(live.taskId))?.status).toBe('working');
  });

  it('a task whose process stopped fails when read elsewhere, once', async () => {
    const ps = processes(3);
    const { record } = await running(ps[a0] as Process);
    (ps[a0] as Process).alive = false;
    const [first, second] = await Promise.all([ps[1]?.manager.read(record.taskId), ps[2]?.manager.list('p:ada')]);
    expect(first?.status).toBe('failed');
    expect(first?.error?.code).toBe(-32603);
    expect(first?.statusMessage).toMatch(/process running the task stopped/);
    expect(second?.[0]).toEqual(first);
    // Its own process never fails its own task from a read (a settled task is briefly `working`).
    const mine = await running(ps[1] as Process);
    expect((await ps[1]?.manager.read(mine.record.taskId))?.status).toBe('working');
  });

  it('a task whose process cannot be asked about stays as it is', async () => {
    const ps = processes(2);
    const { record } = await running(ps[a0] as Process);
    const store = (ps[a1] as Process).manager.store;
    const remote: TaskRemote = {
      node: 'px',
      alive: () => Promise.reject(new Error('store unreachable')),
      send: () => Promise.resolve(),
      changed: () => undefined,
    };
    const lone = new TaskManager({}, { taskChanged: () => undefined }, false);
    lone.share(store, remote);
    expect((await lone.read(record.taskId))?.status).toBe('working');
  });

  it('a waiter elsewhere wakes on a change, else at its interval, and stops on abort', async () => {
    const ps = processes(2);
    const { record } = await running(ps[a0] as Process);
    const never = new AbortController().signal;
    const started = Date.now();
    const woken = ps[a1]?.manager.changed(record.taskId, 60_000, never);
    await ps[a0]?.manager.cancel(record);
    await woken;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ps[a1]?.changes.at(-1)?.status).toBe('cancelled');
    await ps[a1]?.manager.changed('x', 5, never); // the interval
    const controller = new AbortController();
    const aborted = ps[a1]?.manager.changed('x', 60_000, controller.signal);
    controller.abort(new LocalError('CANCELLED', 'gone'));
    await expect(aborted).rejects.toThrow('gone');
  });
});
