/**
 * The standalone (GET) stream of a handshake-era session across processes:
 * one per session across all of them (409 elsewhere, released on close,
 * never blocked by a process that died, taken over by a resumption), and
 * server events reaching a session that no live process holds a replica of
 * (kept in its log, each exactly once, delivered by the next GET with or
 * without Last-Event-ID).
 */
import { describe, expect, it } from 'vitest';
import { EventReader, RawSession } from './rawSession.js';
import { HAVE_REDIS, startBackend, stopBackend, type Backend, type RedisServer } from './cluster.js';
import { cleanupAfterEach, useRedis } from './testBed.js';

if (!HAVE_REDIS) console.warn('scale-out tests skipped: redis-server is not installed (apt-get install -y redis-server)');

const defer = cleanupAfterEach();

async function backends(redis: RedisServer, n: number): Promise<Backend[]> {
  const started = await Promise.all(Array.from({ length: n }, () => startBackend(redis.url)));
  for (const b of started) defer(() => stopBackend(b, 'SIGTERM'));
  return started;
}

/** Opens session `session`'s GET stream at one process (after `lastEventId` to resume). */
async function getStream(
  backend: Backend,
  session: RawSession,
  lastEventId?: string,
): Promise<{ status: number; reader: EventReader | undefined }> {
  const response = await fetch(backend.url, {
    headers: session.headers(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
  });
  if (response.status !== 200) {
    await response.text();
    return { status: response.status, reader: undefined };
  }
  const reader = new EventReader(response);
  defer(() => reader.cancel());
  return { status: 200, reader };
}

/** A session opened at `backend` (its requests go there too). */
async function openAt(backend: Backend): Promise<RawSession> {
  const session = await RawSession.open(backend.url);
  return session;
}

describe.skipIf(!HAVE_REDIS)('the standalone stream across processes', () => {
  const bed = useRedis();

  it('one GET stream per session across processes: 409 elsewhere, free again once closed', async () => {
    const [a, b] = (await backends(bed.redis, 2)) as [Backend, Backend];
    const session = await openAt(a);
    const first = await getStream(a, session);
    expect(first.status).toBe(200);
    expect((await getStream(b, session)).status).toBe(409);
    expect((await getStream(a, session)).status).toBe(409);
    await first.reader?.cancel();
    await expect.poll(async () => (await getStream(b, session)).status, { timeout: 15_000, interval: 200 }).toBe(200);
    expect((await getStream(a, session)).status).toBe(409);
  });

  it('a holder that died does not block the session', async () => {
    const [a, b] = (await backends(bed.redis, 2)) as [Backend, Backend];
    const session = await openAt(a);
    expect((await getStream(b, session)).status).toBe(200);
    expect((await getStream(a, session)).status).toBe(409);
    await stopBackend(b, 'SIGKILL');
    // Its lease is still there, but its liveness (three heartbeats of 300 ms) is not.
    await expect.poll(async () => (await getStream(a, session)).status, { timeout: 15_000, interval: 300 }).toBe(200);
  });

  it('a resumption takes the stream over; the stale connection ends', async () => {
    const [a, b] = (await backends(bed.redis, 2)) as [Backend, Backend];
    const session = await openAt(a);
    const stale = await getStream(a, session);
    expect(stale.status).toBe(200);
    const resumed = await getStream(b, session, '0_0');
    expect(resumed.status).toBe(200);
    // The old holder sees at its next renewal (a third of the lease's 15 s) that the lease moved, and ends its connection.
    const end = await Promise.race([
      stale.reader?.next(),
      new Promise((resolve) => {
        setTimeout(() => {
          resolve('still open');
        }, 20_000);
      }),
    ]);
    expect(end).toBeUndefined();
    // The new holder keeps it: a fresh GET elsewhere is refused.
    expect((await getStream(a, session)).status).toBe(409);
    await session.request('resources/subscribe', { uri: 'test://watched' });
    await session.request('tools/call', { name: 'touch', arguments: { uri: 'test://watched' } });
    expect((await resumed.reader?.next())?.message).toMatchObject({ method: 'notifications/resources/updated' });
  }, 40_000);

  it('server events reach a session no live process holds, once each, replayed on resumption', async () => {
    const [first] = (await backends(bed.redis, 1)) as [Backend];
    const idle = await openAt(first);
    await idle.request('resources/subscribe', { uri: 'test://watched' });
    // The only process with a replica stops; the session lives on in the store.
    await stopBackend(first, 'SIGTERM');
    const [b, c] = (await backends(bed.redis, 2)) as [Backend, Backend];
    const busy = await openAt(b);
    await busy.request('tools/call', { name: 'touch', arguments: { uri: 'test://watched' } });
    await busy.request('tools/call', { name: 'grow', arguments: { name: 'grown1' } });
    // A first GET, without Last-Event-ID: what came while no stream was open is there.
    const resumed = await getStream(c, idle);
    expect(resumed.status).toBe(200);
    const one = await resumed.reader?.next();
    const two = await resumed.reader?.next();
    expect([one?.id, one?.message]).toEqual([
      '0_1',
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://watched' } },
    ]);
    expect([two?.id, two?.message]).toEqual(['0_2', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
    // Now c holds a replica and b fans out too: still once each, in order.
    await busy.request('tools/call', { name: 'touch', arguments: { uri: 'test://watched' } });
    await busy.request('tools/call', { name: 'grow', arguments: { name: 'grown2' } });
    const three = await resumed.reader?.next();
    const four = await resumed.reader?.next();
    expect([three?.id, three?.message]).toMatchObject(['0_3', { method: 'notifications/resources/updated' }]);
    expect([four?.id, four?.message]).toMatchObject(['0_4', { method: 'notifications/tools/list_changed' }]);
    // The stream closes (once its process has seen it close, its lease is gone); what comes next reaches the
    // next GET, without Last-Event-ID, and only that: events written in the last 2 s before a close would
    // come again (they might have gone into the dropping connection), so the close comes later.
    await new Promise((r) => setTimeout(r, 2500));
    await resumed.reader?.cancel();
    await expect.poll(() => bed.keys.exists(`mcpkit:l:g:${idle.id}`), { timeout: 15_000, interval: 100 }).toBe(0);
    await busy.request('tools/call', { name: 'touch', arguments: { uri: 'test://watched' } });
    const next = await getStream(b, idle);
    expect(next.status).toBe(200);
    const five = await next.reader?.next();
    expect([five?.id, five?.message]).toMatchObject(['0_5', { method: 'notifications/resources/updated' }]);
  }, 40_000);
});
