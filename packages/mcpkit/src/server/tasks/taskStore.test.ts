// The in-memory task store: terminal records never change, records vanish
// once their ttl has passed, the store is bounded, listing is per owner.
import { describe, expect, it } from 'vitest';
import { expectRpcError } from '../../../test/helpers.js';
import { MemoryTaskStore, type TaskRecord } from './taskStore.js';

function record(taskId: string, extra: Partial<TaskRecord> = {}): TaskRecord {
  return {
    taskId,
    owner: 'p:a',
    flavor: 'extension',
    status: 'working',
    createdAt: 0,
    lastUpdatedAt: 0,
    ttlMs: 100,
    pollIntervalMs: 10,
    ...extra,
  };
}

describe('MemoryTaskStore', () => {
  it('applies patches (undefined removes a field) until the task is terminal', async () => {
    const store = new MemoryTaskStore({ now: () => 0 });
    await store.create(record('t', { inputRequests: { k: { method: 'roots/list' } } as never }));
    expect(await store.update('t', { status: 'working', inputRequests: undefined, lastUpdatedAt: 1 })).not.toHaveProperty(
      'inputRequests',
    );
    await store.update('t', { status: 'cancelled', lastUpdatedAt: 2 });
    const late = await store.update('t', { status: 'completed', result: { content: [] }, lastUpdatedAt: 3 });
    expect(late).toMatchObject({ status: 'cancelled', lastUpdatedAt: 2 });
    expect(late).not.toHaveProperty('result');
    expect(await store.update('missing', { status: 'working', lastUpdatedAt: 1 })).toBeUndefined();
  });

  it('forgets a task once createdAt + ttlMs has passed', async () => {
    let now = 0;
    const store = new MemoryTaskStore({ now: () => now });
    await store.create(record('t'));
    now = 99;
    expect(await store.get('t')).toBeDefined();
    now = 100;
    expect(await store.get('t')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('refuses new tasks when full of live ones, and makes room by sweeping expired ones', async () => {
    let now = 0;
    const store = new MemoryTaskStore({ maxTasks: 2, now: () => now });
    await store.create(record('a'));
    await store.create(record('b', { ttlMs: 1_000 }));
    await expectRpcError(store.create(record('c')), -32603);
    now = 500;
    await store.create(record('c', { createdAt: 500 }));
    expect(await store.get('a')).toBeUndefined();
  });

  it('lists the live tasks of one owner, oldest first', async () => {
    const store = new MemoryTaskStore({ now: () => 0 });
    await store.create(record('1'));
    await store.create(record('2', { owner: 'p:b' }));
    await store.create(record('3'));
    expect((await store.list('p:a')).map((r) => r.taskId)).toEqual(['1', '3']);
  });
});
