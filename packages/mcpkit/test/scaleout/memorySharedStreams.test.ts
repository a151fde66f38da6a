/**
 * The leases, HTTP+SSE forwarding and fan-out to replica-less sessions over
 * the in-memory store (no Redis): three handlers share one `MemoryShared`,
 * as three processes would share Redis.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import { SseClientTransport } from '../../src/http/client/sseClientTransport.js';
import { MemoryShared } from '../../src/scaleout/index.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture, type Fixture } from '../http/fixture.js';
import { EventReader, INITIALIZE_BODY, INITIALIZE_HEADERS } from './rawSession.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const ACCEPT = 'application/json, text/event-stream';
const BASE = 'http://localhost';

function cluster(size = 3): { shared: MemoryShared; fixtures: Fixture[]; handlers: WebHandler[]; hits: number[] } {
  const shared = new MemoryShared();
  const fixtures = Array.from({ length: size }, () => makeFixture());
  const handlers = fixtures.map((f) => createWebHandler(f.server, { store: shared.store(), retryMs: 20 }));
  cleanups.push(async () => {
    for (const h of handlers) await h.close();
  });
  return { shared, fixtures, handlers, hits: handlers.map(() => 0) };
}

/** Opens a handshake-era session at `handler`; returns its id. */
async function open(handler: WebHandler): Promise<string> {
  const response = await handler(
    new Request(`${BASE}/mcp`, { method: 'POST', headers: INITIALIZE_HEADERS, body: INITIALIZE_BODY }),
  );
  expect(response.status).toBe(200);
  await response.text();
  const id = response.headers.get('mcp-session-id') ?? '';
  await send(handler, id, { jsonrpc: '2.0', method: 'notifications/initialized' });
  return id;
}

function headers(session: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    accept: ACCEPT,
    'content-type': 'application/json',
    'mcp-session-id': session,
    'mcp-protocol-version': '2025-11-25',
    ...extra,
  };
}

async function send(handler: WebHandler, session: string, message: object): Promise<number> {
  const response = await handler(
    new Request(`${BASE}/mcp`, { method: 'POST', headers: headers(session), body: JSON.stringify(message) }),
  );
  await response.text();
  return response.status;
}

async function get(
  handler: WebHandler,
  session: string,
  lastEventId?: string,
): Promise<{ status: number; reader?: EventReader }> {
  const response = await handler(
    new Request(`${BASE}/mcp`, { headers: headers(session, lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) }),
  );
  if (response.status !== 200) {
    await response.text();
    return { status: response.status };
  }
  const reader = new EventReader(response);
  cleanups.push(() => reader.cancel());
  return { status: 200, reader };
}

describe('MemoryShared leases', () => {
  it('one holder at a time, renewed by its holder only, free once released or expired', async () => {
    const leases = new MemoryShared().store().leases;
    expect(await leases.acquire('k', 'a/1', 60_000)).toBe('a/1');
    expect(await leases.acquire('k', 'b/1', 60_000)).toBe('a/1');
    expect(await leases.renew('k', 'b/1', 60_000)).toBe(false);
    expect(await leases.renew('k', 'a/1', 60_000)).toBe(true);
    expect(await leases.replace('k', 'b/1', 60_000, 'c/1')).toBe(false);
    expect(await leases.replace('k', 'b/1', 60_000, 'a/1')).toBe(true);
    await leases.release('k', 'a/1');
    expect(await leases.holder('k')).toBe('b/1');
    await leases.release('k', 'b/1');
    expect(await leases.holder('k')).toBeUndefined();
    expect(await leases.acquire('short', 'a/1', 1)).toBe('a/1');
    await new Promise((r) => setTimeout(r, 10));
    expect(await leases.holder('short')).toBeUndefined();
    expect(await leases.acquire('short', 'b/1', 60_000)).toBe('b/1');
  });
});

describe('shared streams over the in-memory store', () => {
  it('one GET stream per session across handlers; free again once closed', async () => {
    const { handlers } = cluster();
    const [a, b, c] = handlers as [WebHandler, WebHandler, WebHandler];
    const session = await open(a);
    const first = await get(b, session);
    expect(first.status).toBe(200);
    expect((await get(a, session)).status).toBe(409);
    expect((await get(c, session)).status).toBe(409);
    await first.reader?.cancel();
    await expect.poll(async () => (await get(c, session)).status, { timeout: 5000, interval: 20 }).toBe(200);
  });

  it('events written just before a GET stream closed come again on the next GET, not never', async () => {
    const { fixtures, handlers } = cluster();
    const [a, b, c] = handlers as [WebHandler, WebHandler, WebHandler];
    const session = await open(a);
    expect(
      await send(a, session, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://static' } }),
    ).toBe(200);
    const first = await get(b, session);
    (fixtures[0] as Fixture).server.notifyResourceUpdated('test://static');
    (fixtures[0] as Fixture).server.notifyResourceUpdated('test://static');
    expect((await first.reader?.next())?.id).toBe('0_1');
    expect((await first.reader?.next())?.id).toBe('0_2');
    await first.reader?.cancel();
    let next: Awaited<ReturnType<typeof get>> = { status: 0 };
    await expect
      .poll(
        async () => {
          next = await get(c, session);
          return next.status;
        },
        { timeout: 5000, interval: 20 },
      )
      .toBe(200);
    // Written within the last moments before the close: the client may not have them.
    expect((await next.reader?.next())?.id).toBe('0_1');
    expect((await next.reader?.next())?.id).toBe('0_2');
  });

  it('an event reaches a session no handler holds, once, on its next GET', async () => {
    const { fixtures, handlers } = cluster();
    const [a, , c] = handlers as [WebHandler, WebHandler, WebHandler];
    // The handlers start listening on the turn after they are made.
    await new Promise((r) => setTimeout(r, 10));
    const session = await open(a);
    expect(
      await send(a, session, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://static' } }),
    ).toBe(200);
    // The only handler with a replica closes; the session lives on in the store. The event comes from a
    // handler that has served no request yet.
    await a.close();
    (fixtures[1] as Fixture).server.notifyResourceUpdated('test://static');
    (fixtures[1] as Fixture).server.notifyResourceUpdated('test://other');
    await new Promise((r) => setTimeout(r, 20));
    const stream = await get(c, session);
    expect(stream.status).toBe(200);
    const event = await stream.reader?.next();
    expect([event?.id, event?.message]).toEqual([
      '0_1',
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://static' } },
    ]);
    // Now c has a replica too: the next event still arrives once.
    (fixtures[1] as Fixture).server.notifyResourceUpdated('test://static');
    (fixtures[2] as Fixture).server.notifyResourceUpdated('test://static');
    expect((await stream.reader?.next())?.id).toBe('0_2');
    expect((await stream.reader?.next())?.id).toBe('0_3');
  });

  it("HTTP+SSE: POSTs at any handler reach the stream's; unknown sessions are 404 everywhere", async () => {
    const { handlers, hits } = cluster();
    let next = 0;
    const roundRobin = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const i = next++ % handlers.length;
      hits[i] = (hits[i] ?? 0) + 1;
      return (handlers[i] as WebHandler)(new Request(input, init));
    };
    const mcp = new McpClient({
      name: 'sse',
      version: '1.0.0',
      era: 'handshake',
      handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
    });
    await mcp.connect(new SseClientTransport({ url: `${BASE}/sse`, fetch: roundRobin }));
    cleanups.push(() => mcp.close());
    for (let i = 0; i < 6; i++) {
      const result = await mcp.callTool({ name: 'echo', arguments: { text: `n${String(i)}` } });
      expect((result.content[0] as { text: string }).text).toBe(`echo: n${String(i)}`);
    }
    expect((await mcp.callTool({ name: 'elicit', arguments: {} })).content[0]).toMatchObject({ text: 'hello Ada' });
    expect(hits.every((n) => n >= 3)).toBe(true);
    for (const handler of handlers) {
      const response = await handler(
        new Request(`${BASE}/messages?sessionId=nope`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        }),
      );
      expect(response.status).toBe(404);
      await response.text();
    }
  });
});
