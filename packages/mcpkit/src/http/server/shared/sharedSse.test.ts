import { describe, expect, it } from 'vitest';
import type { HttpExchange, HttpRequestInfo } from '../exchange.js';
import { HttpError } from '../httpError.js';
import { MemoryShared } from '../../../scaleout/index.js';
import { SharedSse, type SseHost, type SseTarget } from './sharedSse.js';
import type { SharedStore } from '../../../scaleout/index.js';

function host(store: SharedStore): SseHost {
  return { node: store.node, leases: store.leases, store, alive: (n) => store.alive(n) };
}

/** Two processes' HTTP+SSE sides over one in-memory store; `received` collects what reaches the first one's sessions. */
function pair(): {
  a: SharedSse;
  b: SharedSse;
  stores: SharedStore[];
  received: { id: string; message: object; auth: unknown; request: HttpRequestInfo }[];
} {
  const shared = new MemoryShared();
  const stores = [shared.store(), shared.store()];
  const received: { id: string; message: object; auth: unknown; request: HttpRequestInfo }[] = [];
  const target = (id: string): SseTarget => ({
    receiveRouted: (message, auth, request) => {
      received.push({ id, message, auth, request });
    },
  });
  const a = new SharedSse(host(stores[0] as SharedStore), (id) => (id === 'gone' ? undefined : target(id)));
  const b = new SharedSse(host(stores[1] as SharedStore), () => undefined);
  return { a, b, stores, received };
}

function exchange(headers: Record<string, string>, auth?: unknown): HttpExchange {
  return {
    method: 'POST',
    path: '/messages',
    auth,
    query: (name: string) => (name === 'sessionId' ? 's1' : undefined),
    header: (name: string) => headers[name],
  } as unknown as HttpExchange;
}

const status = (located: unknown): number | undefined => (located instanceof HttpError ? located.status : undefined);

describe('SharedSse', () => {
  it('finds the holding process, checking the principal', async () => {
    const { a, b, stores } = pair();
    const lease = await a.open('s1', 'alice', () => undefined);
    expect(await b.locate('s1', 'alice')).toEqual({ node: stores[0]?.node });
    expect(status(await b.locate('s1', 'mallory'))).toBe(404);
    expect(status(await b.locate('s1', undefined))).toBe(404);
    expect(status(await b.locate('other', 'alice'))).toBe(404);
    // The holder itself has no such stream if it is asking: the stream closed.
    expect(status(await a.locate('s1', 'alice'))).toBe(404);
    lease.release();
    expect(status(await b.locate('s1', 'alice'))).toBe(404);
  });

  it('a session opened without a principal accepts any caller', async () => {
    const { a, b, stores } = pair();
    await a.open('s1', undefined, () => undefined);
    expect(await b.locate('s1', 'anyone')).toEqual({ node: stores[0]?.node });
    expect(await b.locate('s1', undefined)).toEqual({ node: stores[0]?.node });
  });

  it('a holder whose process stopped is 404', async () => {
    const { a, b, stores } = pair();
    await a.open('s1', undefined, () => undefined);
    await stores[0]?.close();
    expect(status(await b.locate('s1', undefined))).toBe(404);
  });

  it('a store that cannot be reached is 503', async () => {
    const { stores } = pair();
    const broken = new SharedSse(
      {
        ...host(stores[1] as SharedStore),
        leases: { ...(stores[1] as SharedStore).leases, holder: () => Promise.reject(new Error('down')) },
      },
      () => undefined,
    );
    expect(status(await broken.locate('s1', undefined))).toBe(503);
  });

  it('forwards the message with its auth and a few headers, never credentials', async () => {
    const { a, b, stores, received } = pair();
    await a.open('s1', undefined, () => undefined);
    const auth = { scopes: ['read'], claims: { sub: 'alice' }, audience: [] };
    Object.defineProperty(auth, 'token', { value: 'secret-token', enumerable: false });
    await b.forward(
      stores[0]?.node ?? '',
      's1',
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      exchange({ 'user-agent': 'test', authorization: 'Bearer secret-token', cookie: 'c=1', 'x-request-id': 'r1' }, auth),
    );
    await expect.poll(() => received.length).toBe(1);
    const got = received[0];
    expect(got?.message).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(got?.auth).toEqual({ scopes: ['read'], claims: { sub: 'alice' }, audience: [] });
    expect(got?.request.header('user-agent')).toBe('test');
    expect(got?.request.header('x-request-id')).toBe('r1');
    expect(got?.request.header('authorization')).toBeUndefined();
    expect(got?.request.header('cookie')).toBeUndefined();
    expect(got?.request.query('sessionId')).toBe('s1');
    expect([got?.request.method, got?.request.path]).toEqual(['POST', '/messages']);
  });

  it('drops what arrives for a stream that closed meanwhile, and garbage on the channel', async () => {
    const { a, stores, received } = pair();
    await a.open('gone', undefined, () => undefined);
    const bus = (stores[1] as SharedStore).bus;
    await bus.publish(
      `sse:${stores[0]?.node ?? ''}`,
      JSON.stringify({ s: 'gone', m: {}, path: '/messages', query: {}, headers: {} }),
    );
    await bus.publish(`sse:${stores[0]?.node ?? ''}`, 'not json');
    await new Promise((r) => setTimeout(r, 10));
    expect(received).toEqual([]);
  });
});
