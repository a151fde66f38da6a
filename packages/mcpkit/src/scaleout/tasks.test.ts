import { describe, expect, it } from 'vitest';
import type { TaskManager, TaskMessage, TaskRecord, TaskRemote, TaskStore } from '../server/index.js';
import { MemoryShared } from './memory/memoryShared.js';
import { shareTasks } from './tasks.js';

/** The part of a task manager the sharing drives, recording what it is handed. */
class FakeTasks {
  remote: TaskRemote | undefined;
  shared: TaskStore | undefined;
  readonly received: TaskMessage[] = [];
  readonly changed: TaskRecord[] = [];

  share(store: TaskStore, remote: TaskRemote): boolean {
    if (this.remote !== undefined) return false;
    this.shared = store;
    this.remote = remote;
    return true;
  }

  receive(message: TaskMessage): void {
    this.received.push(message);
  }

  changedElsewhere(record: TaskRecord): void {
    this.changed.push(record);
  }
}

const manager = (fake: FakeTasks): TaskManager => fake as unknown as TaskManager;

const record = (node: string): TaskRecord => ({
  taskId: 't1',
  owner: 'p',
  flavor: 'core',
  status: 'working',
  createdAt: 0,
  lastUpdatedAt: 0,
  ttlMs: 60_000,
  pollIntervalMs: 1000,
  node,
});

describe('tasks over the bus', () => {
  it('hands a message sent to a process to its task manager, and a change to every other one', async () => {
    const shared = new MemoryShared();
    const [a, b] = [shared.store(), shared.store()];
    const [ta, tb] = [new FakeTasks(), new FakeTasks()];
    await shareTasks(a, manager(ta));
    await shareTasks(b, manager(tb));
    expect(ta.shared).toBe(a.tasks);
    await ta.remote?.send(b.node, { kind: 'cancel', taskId: 't1' });
    ta.remote?.changed(record(a.node));
    await expect.poll(() => tb.received).toEqual([{ kind: 'cancel', taskId: 't1' }]);
    await expect.poll(() => tb.changed).toEqual([record(a.node)]);
    expect(ta.changed).toEqual([]);
    expect(ta.received).toEqual([]);
    expect(await ta.remote?.alive(b.node)).toBe(true);
  });

  it('ignores what is not a message or a change (another version, a stray publisher)', async () => {
    const shared = new MemoryShared();
    const [a, b] = [shared.store(), shared.store()];
    const tb = new FakeTasks();
    await shareTasks(b, manager(tb));
    for (const raw of ['not json', '42', 'null', '{"kind":"cancel"}', '{"taskId":7}']) await a.bus.publish(`task:${b.node}`, raw);
    for (const raw of ['not json', '{"from":"x"}', '{"from":"x","record":null}', '{"from":"x","record":{"taskId":1}}'])
      await a.bus.publish('tasks', raw);
    await new Promise((r) => setTimeout(r, 20));
    expect(tb.received).toEqual([]);
    expect(tb.changed).toEqual([]);
  });

  it('shares a server once, through the first store; a second handler adds no subscriptions', async () => {
    const shared = new MemoryShared();
    const [a, b] = [shared.store(), shared.store()];
    const fake = new FakeTasks();
    expect(await shareTasks(a, manager(fake))).toHaveLength(2);
    expect(await shareTasks(b, manager(fake))).toEqual([]);
    expect(fake.remote?.node).toBe(a.node);
  });

  it('shares nothing when the store keeps no tasks', async () => {
    const { tasks: _kept, ...store } = new MemoryShared().store();
    const fake = new FakeTasks();
    expect(await shareTasks(store, manager(fake))).toEqual([]);
    expect(fake.remote).toBeUndefined();
  });
});
