/**
 * What every shared store promises, as one suite run against each
 * implementation (`storeContract.test.ts`: memory; `storeContract.redis.test.ts`:
 * Redis): two processes' stores over the same backing, each part seen from
 * the other process. Whatever a new store (or the gateway's) adds must pass it.
 */
import { expect, it } from 'vitest';
import type { SharedStore } from '../../src/scaleout/index.js';
import type { SessionSnapshot, TaskRecord } from '../../src/server/index.js';

/** Two processes' stores sharing one backing; `close` ends both. */
export interface StorePair {
  readonly a: SharedStore;
  readonly b: SharedStore;
}

/** How long a bus message may take on a loaded machine. */
const WAIT_MS = 10_000;

/** A snapshot of an initialized session that subscribed to `uris` and was told about tool list changes. */
export function snapshot(uris: readonly string[] = [], toolsListChanged = false): SessionSnapshot {
  return {
    revision: '2025-11-25',
    capabilities: {},
    advertised: toolsListChanged ? { tools: { listChanged: true } } : {},
    initialized: true,
    subscriptions: uris,
  };
}

/** Resolves with the first `count` values `subscribe` hands its listener. */
function collect<T>(count: number, subscribe: (listener: (value: T) => void) => Promise<() => void>): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    const got: T[] = [];
    let off: (() => void) | undefined;
    const timer = setTimeout(() => {
      off?.();
      reject(new Error(`got ${String(got.length)} of ${String(count)} within ${String(WAIT_MS)} ms`));
    }, WAIT_MS);
    subscribe((value) => {
      got.push(value);
      if (got.length === count) {
        clearTimeout(timer);
        off?.();
        resolve(got);
      }
    }).then((o) => {
      off = o;
      if (got.length >= count) o();
    }, reject);
  });
}

let unique = 0;
const id = (what: string): string => `${what}-${String(++unique)}-${String(Date.now())}`;

/** The contract, as vitest cases; `open` gives a fresh pair per case (its cleanup is the caller's). */
export function storeContract(open: () => Promise<StorePair>): void {
  it('sessions: a record saved by one process loads in the other, is touched, and ends', async () => {
    const { a, b } = await open();
    const s = id('s');
    expect(await b.sessions.load(s)).toBeUndefined();
    expect(await b.sessions.touch(s)).toBe(false);
    await a.sessions.save(s, { principal: 'p:ada', snapshot: snapshot(['file:///a']) });
    expect(await b.sessions.load(s)).toEqual({ principal: 'p:ada', snapshot: snapshot(['file:///a']) });
    expect(await b.sessions.touch(s)).toBe(true);
    await b.sessions.save(s, { snapshot: snapshot() });
    expect(await a.sessions.load(s)).toEqual({ snapshot: snapshot() });
    await b.sessions.remove(s);
    expect(await a.sessions.load(s)).toBeUndefined();
    expect(await a.sessions.touch(s)).toBe(false);
  });

  it('events: numbered in order, kept numbers as given, read after a number from either process', async () => {
    const { a, b } = await open();
    const s = id('s');
    expect(await a.events.append(s, '0', { data: '"one"' })).toBe(1);
    expect(await b.events.append(s, '0', { data: '"two"' })).toBe(2);
    expect(await a.events.append(s, 'n1.1', { seq: 7, data: '"mine"', pending: [1, 'x'] })).toBe(7);
    expect(await b.events.after(s, '0', 0)).toEqual([
      { seq: 1, data: '"one"' },
      { seq: 2, data: '"two"' },
    ]);
    expect(await b.events.after(s, '0', 1)).toEqual([{ seq: 2, data: '"two"' }]);
    expect(await b.events.after(s, 'n1.1', 0)).toEqual([{ seq: 7, data: '"mine"', pending: [1, 'x'] }]);
    expect(await b.events.after(s, 'unknown', 0)).toEqual([]);
    expect(await b.events.after(id('none'), '0', 0)).toEqual([]);
  });

  it('events: a once-key appends once across processes, per session', async () => {
    const { a, b } = await open();
    const [s, t] = [id('s'), id('s')];
    const tag = id('tag');
    const results = await Promise.all([
      a.events.append(s, '0', { data: '"x"' }, tag),
      b.events.append(s, '0', { data: '"x"' }, tag),
    ]);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    expect(await a.events.append(t, '0', { data: '"x"' }, tag)).toBe(1);
    expect(await a.events.after(s, '0', 0)).toHaveLength(1);
  });

  it('events: a follower in one process hears what the other appends, with its stream; unsubscribed, nothing', async () => {
    const { a, b } = await open();
    const s = id('s');
    const heard = collect<{ stream: string; seq: number; data: string }>(2, (listener) =>
      b.events.follow(s, (stream, event) => {
        listener({ stream, seq: event.seq, data: event.data });
      }),
    );
    // Following has begun once `follow` resolved: give the collector's subscription a turn to be in place.
    await new Promise((r) => setTimeout(r, 50));
    await a.events.append(s, '0', { data: '"live"' });
    await a.events.append(s, 'n9.2', { seq: 3, data: '"post"', pending: [] });
    expect(await heard).toEqual([
      { stream: '0', seq: 1, data: '"live"' },
      { stream: 'n9.2', seq: 3, data: '"post"' },
    ]);
  });

  it('events: ending a session drops its events', async () => {
    const { a, b } = await open();
    const s = id('s');
    await a.sessions.save(s, { snapshot: snapshot() });
    await a.events.append(s, '0', { data: '"x"' });
    await b.sessions.remove(s);
    expect(await a.events.after(s, '0', 0)).toEqual([]);
  });

  it('bus: a message reaches every subscriber of its channel, in either process, and no other channel', async () => {
    const { a, b } = await open();
    const channel = id('c');
    let elsewhere = 0;
    const offOther = await a.bus.subscribe(id('other'), () => elsewhere++);
    const inB = collect<string>(1, (listener) => b.bus.subscribe(channel, listener));
    const inA = collect<string>(1, (listener) => a.bus.subscribe(channel, listener));
    await new Promise((r) => setTimeout(r, 50));
    await a.bus.publish(channel, 'hello');
    expect(await inB).toEqual(['hello']);
    expect(await inA).toEqual(['hello']);
    expect(elsewhere).toBe(0);
    offOther();
  });

  it('bus: an unsubscribed listener hears nothing more', async () => {
    const { a, b } = await open();
    const channel = id('c');
    const heard: string[] = [];
    const off = await b.bus.subscribe(channel, (m) => heard.push(m));
    const still = collect<string>(2, (listener) => b.bus.subscribe(channel, listener));
    await new Promise((r) => setTimeout(r, 50));
    await a.bus.publish(channel, 'one');
    await expect.poll(() => heard, { timeout: WAIT_MS }).toEqual(['one']);
    off();
    await a.bus.publish(channel, 'two');
    expect(await still).toEqual(['one', 'two']);
    expect(heard).toEqual(['one']);
  });

  it('leases: one holder at a time; only the holder renews or releases; replace checks the previous holder', async () => {
    const { a, b } = await open();
    const key = id('lease');
    expect(await a.leases.holder(key)).toBeUndefined();
    expect(await a.leases.acquire(key, 'a/1', 60_000)).toBe('a/1');
    expect(await b.leases.acquire(key, 'b/1', 60_000)).toBe('a/1');
    expect(await b.leases.renew(key, 'b/1', 60_000)).toBe(false);
    await b.leases.release(key, 'b/1');
    expect(await b.leases.holder(key)).toBe('a/1');
    expect(await b.leases.replace(key, 'b/1', 60_000, 'someone')).toBe(false);
    expect(await b.leases.replace(key, 'b/1', 60_000, 'a/1')).toBe(true);
    expect(await a.leases.renew(key, 'a/1', 60_000)).toBe(false);
    expect(await b.leases.renew(key, 'b/1', 60_000)).toBe(true);
    expect(await a.leases.replace(key, 'a/2', 60_000)).toBe(true);
    await a.leases.release(key, 'a/2');
    expect(await b.leases.holder(key)).toBeUndefined();
  });

  it('leases: a lease not renewed expires by itself', async () => {
    const { a, b } = await open();
    const key = id('lease');
    expect(await a.leases.acquire(key, 'a/1', 50)).toBe('a/1');
    await expect.poll(() => b.leases.holder(key), { timeout: WAIT_MS, interval: 25 }).toBeUndefined();
    expect(await b.leases.acquire(key, 'b/1', 60_000)).toBe('b/1');
  });

  it('fan-out: each session whose saved state asks for an event gets it once per tag, on its standalone stream', async () => {
    const { a, b } = await open();
    const uri = `file:///${id('r')}`;
    const [subscribed, listening, other] = [id('s'), id('s'), id('s')];
    await a.sessions.save(subscribed, { snapshot: snapshot([uri]) });
    await a.sessions.save(listening, { snapshot: snapshot([], true) });
    await a.sessions.save(other, { snapshot: snapshot(['file:///other']) });
    const data = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
    const tag = id('tag');
    expect(await a.fanout.fanOut({ kind: 'resourceUpdated', uri }, data, tag)).toBe(1);
    expect(await b.fanout.fanOut({ kind: 'resourceUpdated', uri }, data, tag)).toBe(0);
    expect(await b.events.after(subscribed, '0', 0)).toEqual([{ seq: 1, data }]);
    expect(await b.events.after(other, '0', 0)).toEqual([]);
    const changed = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(await b.fanout.fanOut({ kind: 'listChanged', list: 'tools' }, changed, id('tag'))).toBeGreaterThanOrEqual(1);
    expect(await a.events.after(listening, '0', 0)).toEqual([{ seq: 1, data: changed }]);
    // An ended session gets nothing.
    await a.sessions.remove(subscribed);
    expect(await a.fanout.fanOut({ kind: 'resourceUpdated', uri }, data, id('tag'))).toBe(0);
  });

  it('liveness: each process sees the other until it closes; the nodes differ', async () => {
    const { a, b } = await open();
    expect(a.node).not.toBe(b.node);
    expect(await a.alive(a.node)).toBe(true);
    await expect.poll(() => a.alive(b.node), { timeout: WAIT_MS }).toBe(true);
    expect(await a.alive('nobody')).toBe(false);
    await b.close();
    expect(await a.alive(b.node)).toBe(false);
  });

  it('tasks: a record created by one process is read, updated and listed by the other', async () => {
    const { a, b } = await open();
    if (a.tasks === undefined || b.tasks === undefined) throw new Error('the store keeps no tasks');
    const now = Date.now();
    const record: TaskRecord = {
      taskId: id('t'),
      owner: id('p'),
      flavor: 'core',
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: 60_000,
      pollIntervalMs: 1000,
      node: a.node,
    };
    await a.tasks.create(record);
    expect(await b.tasks.get(record.taskId)).toEqual(record);
    const done = await b.tasks.update(record.taskId, { status: 'completed', lastUpdatedAt: Date.now() });
    expect(done?.status).toBe('completed');
    // Terminal: a later write does not overwrite it.
    expect((await a.tasks.update(record.taskId, { status: 'failed', lastUpdatedAt: Date.now() }))?.status).toBe('completed');
    expect((await a.tasks.list(record.owner)).map((t) => t.taskId)).toEqual([record.taskId]);
  });
}
