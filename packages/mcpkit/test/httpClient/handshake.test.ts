/**
 * Streamable HTTP, handshake era (2025-03-26 … 2025-11-25): session id,
 * negotiated version header, GET stream, re-initialization on 404, DELETE.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpTransportError } from '../../src/http/client/transportError.js';
import { StreamableHttpClientTransport } from '../../src/http/client/streamableHttpClientTransport.js';
import { RecordingSink, waitFor } from '../helpers.js';
import {
  empty,
  event,
  FakeHttp,
  INITIALIZED,
  initialize,
  initializeResult,
  json,
  result,
  rpcError,
  sse,
  SseWriter,
  idOf,
  type Call,
  type Route,
} from './fakeHttp.js';

const URL_ = 'http://127.0.0.1:9/mcp';

async function open(route: Route, extra: Partial<ConstructorParameters<typeof StreamableHttpClientTransport>[0]> = {}) {
  const http = new FakeHttp(route);
  const warnings: string[] = [];
  const transport = new StreamableHttpClientTransport({
    url: URL_,
    fetch: http.fetch,
    onWarning: (w) => warnings.push(w),
    ...extra,
  });
  const sink = new RecordingSink();
  await transport.start(sink);
  return { http, transport, sink, warnings };
}

/** A stateful server: hands out sessions, 405 on GET unless told otherwise, answers requests with `answer`. */
function server(options: { negotiated?: string; get?: (call: Call) => Response; answer?: (call: Call) => Response } = {}) {
  const state = { sessions: 0, live: new Set<string>() };
  const route: Route = (call) => {
    if (call.method === 'GET') return options.get?.(call) ?? empty(405);
    if (call.method === 'DELETE') return empty(200);
    if (call.body?.method === 'initialize') {
      const id = `s${String(++state.sessions)}`;
      state.live.add(id);
      return json(initializeResult(idOf(call), options.negotiated ?? '2025-11-25'), 200, { 'mcp-session-id': id });
    }
    if (!state.live.has(call.headers['mcp-session-id'] ?? '')) return json(rpcError(null, -32001, 'Session not found'), 404);
    if (call.body?.id === undefined || call.body.method === undefined) return empty(202);
    return options.answer?.(call) ?? json(result(idOf(call), {}));
  };
  return { state, route };
}

async function handshake(transport: StreamableHttpClientTransport, version = '2025-11-25'): Promise<void> {
  await transport.send(initialize(0, version));
  await transport.send(INITIALIZED);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Streamable HTTP client, handshake era', () => {
  it('sends initialize without session or version, then the session id and negotiated version on everything after', async () => {
    const { state, route } = server({ negotiated: '2025-06-18' });
    const { http, transport, sink } = await open(route);
    await handshake(transport);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const [init, initialized, list] = http.of('POST');
    expect(init?.headers['mcp-session-id']).toBeUndefined();
    expect(init?.headers['mcp-protocol-version']).toBeUndefined();
    expect(init?.headers['mcp-method']).toBe('initialize');
    for (const call of [initialized, list]) {
      expect(call?.headers['mcp-session-id']).toBe('s1');
      expect(call?.headers['mcp-protocol-version']).toBe('2025-06-18');
    }
    expect(list?.headers['mcp-method']).toBe('tools/list');
    expect(transport.sessionId).toBe('s1');
    expect(state.sessions).toBe(1);
    expect(sink.frames).toEqual([initializeResult(0, '2025-06-18'), result(1, {})]);
  });

  it('opens the GET stream after notifications/initialized and delivers what the server sends on it', async () => {
    let writer: SseWriter | undefined;
    const { route } = server({
      get: (call) => {
        writer = new SseWriter(call.signal);
        return writer.response;
      },
    });
    const { http, transport, sink } = await open(route);
    await transport.send(initialize());
    expect(http.of('GET')).toEqual([]);
    await transport.send(INITIALIZED);
    await waitFor(() => writer !== undefined);
    expect(http.of('GET')[0]?.headers).toMatchObject({
      accept: 'text/event-stream',
      'mcp-session-id': 's1',
      'mcp-protocol-version': '2025-11-25',
    });
    const ping = { jsonrpc: '2.0', id: 'srv-1', method: 'ping' };
    writer?.write(event(ping, 'g-1'));
    await sink.waitForFrames(2);
    expect(sink.frames[1]).toEqual(ping);
    await transport.close();
    expect(writer?.open).toBe(false);
  });

  it('accepts 405 on GET as "no server stream" and does not retry it', async () => {
    const { route } = server();
    const { http, transport, warnings } = await open(route);
    await handshake(transport);
    await waitFor(() => http.of('GET').length === 1);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await new Promise((r) => setTimeout(r, 20));
    expect(http.of('GET')).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('DELETEs the session on close and ignores 405', async () => {
    const { route } = server();
    const { http, transport, sink, warnings } = await open((call) => (call.method === 'DELETE' ? empty(405) : route(call)));
    await handshake(transport);
    await transport.close();
    const [del] = http.of('DELETE');
    expect(del?.headers).toMatchObject({ 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-11-25' });
    expect(warnings).toEqual([]);
    expect(sink.closedWith).toEqual([undefined]);
  });

  it('continues a given session from the first request', async () => {
    const { http, transport } = await open(() => json(result(1, {})), { sessionId: 'resumed' });
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(http.calls[0]?.headers['mcp-session-id']).toBe('resumed');
  });

  it('re-initializes transparently when the session expires, then retries the message', async () => {
    const { state, route } = server({ negotiated: '2025-06-18' });
    const { http, transport, sink } = await open(route);
    await handshake(transport, '2025-06-18');
    state.live.clear(); // the server forgot the session
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const posts = http.of('POST').map((c) => [c.body?.method, c.headers['mcp-session-id']]);
    expect(posts).toEqual([
      ['initialize', undefined],
      ['notifications/initialized', 's1'],
      ['tools/list', 's1'],
      ['initialize', undefined],
      ['notifications/initialized', 's2'],
      ['tools/list', 's2'],
    ]);
    expect(http.of('POST')[3]?.body).toEqual(initialize(0, '2025-06-18')); // the very initialize the client sent
    // The client sees its own handshake and the answer, not the replay.
    expect(sink.frames).toEqual([initializeResult(0, '2025-06-18'), result(1, {})]);
    expect(transport.sessionId).toBe('s2');
  });

  it('re-initializes once when several requests notice the expiry together', async () => {
    const { state, route } = server();
    const { http, transport, sink } = await open(route);
    await handshake(transport);
    state.live.clear();
    await Promise.all([1, 2, 3].map((id) => transport.send({ jsonrpc: '2.0', id, method: 'tools/list' })));
    expect(http.posts('initialize')).toHaveLength(2);
    expect(state.sessions).toBe(2);
    expect(sink.frames.slice(1)).toEqual(expect.arrayContaining([result(1, {}), result(2, {}), result(3, {})]));
  });

  it('fails the message when re-initialization negotiates another revision', async () => {
    const { state, route } = server();
    const { transport } = await open((call) =>
      call.body?.method === 'initialize' && state.sessions === 1
        ? json(initializeResult(idOf(call), '2024-11-05'), 200, { 'mcp-session-id': 'other' })
        : route(call),
    );
    await handshake(transport);
    state.live.clear();
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).rejects.toThrow(
      /negotiated 2024-11-05 instead of 2025-11-25/,
    );
  });

  it('fails with the 404 when the handshake was never seen (a session given from outside)', async () => {
    const { transport } = await open(() => json(rpcError(null, -32001, 'Session not found'), 404), { sessionId: 'gone' });
    const error = await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect((error as HttpTransportError).status).toBe(404);
  });

  it('delivers a server request on a POST stream and POSTs the client answer with the session headers', async () => {
    const sampling = { jsonrpc: '2.0', id: 'srv-7', method: 'sampling/createMessage', params: {} };
    const { route } = server({ answer: (call) => sse(event(sampling) + event(result(idOf(call), { content: [] }))) });
    const { http, transport, sink } = await open(route);
    await handshake(transport);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask' } });
    expect(sink.frames.slice(1)).toEqual([sampling, result(1, { content: [] })]);
    await transport.send(
      { jsonrpc: '2.0', id: 'srv-7', result: { role: 'assistant', content: { type: 'text', text: 'hi' } } },
      { relatedRequestId: 'srv-7' },
    );
    const answer = http.of('POST').at(-1);
    expect(answer?.headers).toMatchObject({ 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-11-25' });
    expect(answer?.headers['mcp-method']).toBeUndefined();
  });

  it('POSTs notifications/cancelled in this era, and stops waiting on the abandoned stream', async () => {
    let writer: SseWriter | undefined;
    const { route } = server({
      answer: (call) => {
        writer = new SseWriter(call.signal);
        return writer.response;
      },
    });
    const { http, transport } = await open(route);
    await handshake(transport);
    const pending = transport.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'slow' } });
    await waitFor(() => writer !== undefined);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } });
    await pending;
    expect(http.posts('notifications/cancelled')[0]?.headers['mcp-session-id']).toBe('s1');
    expect(writer?.open).toBe(false);
  });

  it('carries a 2025-03-26 batch in one POST and resolves when every request is answered', async () => {
    const { route } = server({ negotiated: '2025-03-26' });
    const { http, transport, sink } = await open((call) =>
      call.batch !== undefined ? json([result(2, { b: true }), result(1, { a: true })]) : route(call),
    );
    await handshake(transport, '2025-03-26');
    await transport.send([
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'prompts/list' },
    ]);
    expect(http.calls.at(-1)?.headers['mcp-method']).toBeUndefined();
    expect(sink.frames.at(-1)).toEqual([result(2, { b: true }), result(1, { a: true })]);
  });
});

describe('resumability', () => {
  it('resumes a broken request stream with GET + Last-Event-ID and delivers the replayed response', async () => {
    let post: SseWriter | undefined;
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
    const { route } = server({
      answer: (call) => {
        post = new SseWriter(call.signal);
        return post.response;
      },
      get: (call) => (call.headers['last-event-id'] === 'p-1' ? sse(event(result(1, { done: true }), 'p-2')) : empty(405)),
    });
    const { http, transport, sink } = await open(route, { reconnect: { initialDelayMs: 5 } });
    await handshake(transport);
    const pending = transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'long' } });
    await waitFor(() => post !== undefined);
    post?.write('id: p-0\nretry: 10\ndata: \n\n'); // priming
    post?.write(event(progress, 'p-1'));
    await sink.waitForFrames(2);
    post?.fail();
    await pending;
    const resume = http.of('GET').find((c) => c.headers['last-event-id'] !== undefined);
    expect(resume?.headers).toMatchObject({ 'last-event-id': 'p-1', 'mcp-session-id': 's1', accept: 'text/event-stream' });
    expect(sink.frames.slice(1)).toEqual([progress, result(1, { done: true })]);
  });

  it('fails the request when its stream breaks before any event id', async () => {
    let post: SseWriter | undefined;
    const { route } = server({
      answer: (call) => {
        post = new SseWriter(call.signal);
        return post.response;
      },
    });
    const { transport } = await open(route);
    await handshake(transport);
    const pending = transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } });
    await waitFor(() => post !== undefined);
    post?.fail();
    await expect(pending).rejects.toThrow(/cannot be resumed/);
    await expect(pending).rejects.toMatchObject({ code: 'TRANSPORT_FAILED' });
  });

  it('does not reopen a request stream that ended after its response (the sse-retry scenario)', async () => {
    const { route } = server({
      answer: (call) => sse(`id: e-1\nretry: 2000\ndata: \n\n${event(result(idOf(call), {}), 'e-2')}`),
    });
    const { http, transport } = await open(route);
    await handshake(transport);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await new Promise((r) => setTimeout(r, 20));
    expect(http.of('GET').filter((c) => c.headers['last-event-id'] !== undefined)).toEqual([]);
  });

  it("reconnects the GET stream no earlier than the server's retry, with Last-Event-ID", async () => {
    vi.useFakeTimers();
    const { route } = server({ get: () => sse(`id: event-${String(Date.now())}\nretry: 2000\ndata: \n\n`) });
    const { http, transport } = await open(route);
    await handshake(transport);
    await vi.advanceTimersByTimeAsync(0);
    expect(http.of('GET')).toHaveLength(1);
    const first = http.of('GET')[0];
    await vi.advanceTimersByTimeAsync(1999);
    expect(http.of('GET')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(http.of('GET')).toHaveLength(2);
    expect(first?.headers['last-event-id']).toBeUndefined();
    expect(http.of('GET')[1]?.headers['last-event-id']).toMatch(/^event-/);
    await vi.advanceTimersByTimeAsync(2000);
    expect(http.of('GET')).toHaveLength(3); // polling goes on at the server's pace
    await transport.close();
  });

  it('backs off on failed reconnections, then gives up the GET stream with a warning', async () => {
    vi.useFakeTimers();
    let gets = 0;
    const { route } = server({
      get: () => {
        gets++;
        if (gets === 1) return sse('id: g-1\ndata: \n\n');
        throw new TypeError('connect ECONNREFUSED');
      },
    });
    const { http, transport, warnings } = await open(route, {
      reconnect: { initialDelayMs: 100, maxDelayMs: 1000, maxRetries: 3 },
    });
    await handshake(transport);
    const times: number[] = [];
    const start = Date.now();
    for (let t = 0; t < 5000; t += 10) {
      await vi.advanceTimersByTimeAsync(10);
      if (http.of('GET').length > times.length + 1) times.push(Date.now() - start);
    }
    // Attempts after 100, +200, +400, +800 ms: the first reconnect, then three retries.
    expect(times.map((t, i) => t - (times[i - 1] ?? 0))).toEqual([100, 200, 400, 800]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/server stream closed: Could not resume the SSE stream after 4 attempts/);
    await transport.close();
  });

  it('treats a 404 on reconnecting the GET stream as an expired session and starts a new one', async () => {
    const { state, route } = server({
      get: (call) => {
        if (call.headers['mcp-session-id'] === 's1' && call.headers['last-event-id'] === undefined)
          return sse('id: g-1\nretry: 1\ndata: \n\n');
        if (call.headers['mcp-session-id'] === 's1') {
          state.live.delete('s1');
          return json(rpcError(null, -32001, 'Session not found'), 404);
        }
        return new SseWriter(call.signal).response;
      },
    });
    const { http, transport } = await open(route);
    await handshake(transport);
    await waitFor(() => http.of('GET').some((c) => c.headers['mcp-session-id'] === 's2'));
    expect(transport.sessionId).toBe('s2');
    expect(http.posts('initialize')).toHaveLength(2);
    await transport.close();
  });
});
