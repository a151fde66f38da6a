// Resumable streams (2025-03-26 … 2025-11-25): a stream cut mid-call, by the
// server (polling) or by the client, is resumed with GET + Last-Event-ID with
// no lost and no duplicated message; replay never crosses streams.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture, type Fixture } from './fixture.js';
import { BASE, openSession, post, sessionHeaders, SseReader, type SseEvent } from './webClient.js';

let handler: WebHandler;
let fixture: Fixture;

function serve(options: Parameters<typeof createWebHandler>[1] = {}): WebHandler {
  fixture = makeFixture();
  handler = createWebHandler(fixture.server, options);
  fixture.hooks.closeStream = (sid, rid) => handler.http.closeStream(sid, rid);
  return handler;
}

afterEach(async () => {
  await handler.close();
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function resume(h: WebHandler, sid: string, lastEventId: string): Promise<Response> {
  return h(new Request(BASE, { headers: { accept: 'text/event-stream', 'last-event-id': lastEventId, ...sessionHeaders(sid) } }));
}

function messages(events: readonly SseEvent[]): Record<string, unknown>[] {
  return events
    .filter((e) => e.data !== undefined && e.data !== '')
    .map((e) => JSON.parse(e.data ?? '') as Record<string, unknown>);
}

function progressOf(ms: readonly Record<string, unknown>[]): unknown[] {
  return ms
    .filter((m) => m['method'] === 'notifications/progress')
    .map((m) => (m['params'] as Record<string, unknown>)['progress']);
}

function lastId(events: readonly SseEvent[]): string {
  const ids = events.map((e) => e.id).filter((id): id is string => id !== undefined);
  return ids[ids.length - 1] ?? '';
}

describe('resumption', () => {
  it('a stream the server closes mid-call (polling) resumes with nothing lost or repeated', async () => {
    const h = serve({ retryMs: 40 });
    const sid = await openSession(h);
    const call = {
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/call',
      params: { name: 'reconnect', arguments: { steps: 3 }, _meta: { progressToken: 'p' } },
    };
    const first = await new SseReader(await h(post(call, sessionHeaders(sid)))).rest();
    expect(first[0]).toEqual({ id: '2_0', retry: 40, data: '' });
    expect(progressOf(messages(first))).toEqual([1]);
    await sleep(40);
    const second = await new SseReader(await resume(h, sid, lastId(first))).rest();
    const all = [...messages(first), ...messages(second)];
    expect(progressOf(all)).toEqual([1, 2, 3, 4]);
    const responses = all.filter((m) => m['id'] === 11);
    expect(responses).toEqual([{ jsonrpc: '2.0', id: 11, result: { content: [{ type: 'text', text: 'reconnected' }] } }]);
  });

  it('a tool can close its own stream through ctx.transport.closeSseStream', async () => {
    const h = serve({ retryMs: 40 });
    fixture.hooks.closeStream = undefined;
    const sid = await openSession(h);
    const call = {
      jsonrpc: '2.0',
      id: 14,
      method: 'tools/call',
      params: { name: 'reconnect', arguments: { steps: 1 }, _meta: { progressToken: 'r' } },
    };
    const first = await new SseReader(await h(post(call, sessionHeaders(sid)))).rest();
    expect(progressOf(messages(first))).toEqual([1]);
    const second = await new SseReader(await resume(h, sid, lastId(first))).rest();
    expect(progressOf(messages(second))).toEqual([2]);
    expect(messages(second).filter((m) => m['id'] === 14)).toHaveLength(1);
  });

  it('a stream the client drops mid-call resumes from its last event id', async () => {
    const h = serve();
    const sid = await openSession(h);
    const call = {
      jsonrpc: '2.0',
      id: 12,
      method: 'tools/call',
      params: { name: 'progress', arguments: { steps: 6, delayMs: 15 }, _meta: { progressToken: 'q' } },
    };
    const reader = new SseReader(await h(post(call, sessionHeaders(sid))));
    const seen: SseEvent[] = [];
    while (progressOf(messages(seen)).length < 2) seen.push((await reader.next()) ?? {});
    await reader.cancel();
    await sleep(40);
    const rest = await new SseReader(await resume(h, sid, lastId(seen))).rest();
    const all = [...messages(seen), ...messages(rest)];
    expect(progressOf(all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.filter((m) => m['id'] === 12)).toHaveLength(1);
  });

  it('a finished stream replays what it kept, then ends', async () => {
    const h = serve();
    const sid = await openSession(h);
    const call = {
      jsonrpc: '2.0',
      id: 13,
      method: 'tools/call',
      params: { name: 'progress', arguments: { steps: 2 }, _meta: { progressToken: 1 } },
    };
    const events = await new SseReader(await h(post(call, sessionHeaders(sid)))).rest();
    const replay = await new SseReader(await resume(h, sid, events[0]?.id ?? '')).rest();
    expect(replay.map((e) => e.id)).toEqual(events.slice(1).map((e) => e.id));
    expect(messages(replay)).toEqual(messages(events));
  });

  it('never replays another stream’s events', async () => {
    const h = serve();
    const sid = await openSession(h);
    const call = (id: number, token: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'progress', arguments: { steps: 4, delayMs: 10 }, _meta: { progressToken: token } },
    });
    const a = new SseReader(await h(post(call(21, 'A'), sessionHeaders(sid))));
    const b = new SseReader(await h(post(call(22, 'B'), sessionHeaders(sid))));
    const primingA = await a.next();
    await a.cancel();
    await b.rest();
    await sleep(60);
    const replay = messages(await new SseReader(await resume(h, sid, primingA?.id ?? '')).rest());
    expect(replay.length).toBe(5);
    for (const m of replay) {
      if (m['method'] !== undefined) expect((m['params'] as Record<string, unknown>)['progressToken']).toBe('A');
      else expect(m['id']).toBe(21);
    }
  });

  it('resumes the GET stream with what was sent while it was away', async () => {
    const h = serve();
    const sid = await openSession(h);
    const reader = new SseReader(
      await h(new Request(BASE, { headers: { accept: 'text/event-stream', ...sessionHeaders(sid) } })),
    );
    const priming = await reader.next();
    expect(priming?.id).toBe('0_0');
    await reader.cancel();
    await sleep(5);
    fixture.server.tool({ name: 'late', description: 'x' }, () => 'x');
    await sleep(5);
    const resumed = new SseReader(await resume(h, sid, '0_0'));
    expect(await resumed.next()).toMatchObject({
      id: '0_1',
      data: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
    });
    await resumed.cancel();
  });

  it('400 for a Last-Event-ID that names no stream of the session', async () => {
    const h = serve();
    const sid = await openSession(h);
    expect((await resume(h, sid, 'garbage')).status).toBe(400);
    expect((await resume(h, sid, '999_1')).status).toBe(400);
  });
});
