/**
 * The 2024-11-05 HTTP+SSE transport, and the switch to it when `initialize`
 * fails the way it fails on such a server.
 */
import { describe, expect, it } from 'vitest';
import { httpTransport } from '../../src/http/client/httpTransport.js';
import { HttpTransportError } from '../../src/http/client/transportError.js';
import { SseClientTransport } from '../../src/http/client/sseClientTransport.js';
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
  page,
  result,
  rpcError,
  SseWriter,
  idOf,
  type Call,
  type Route,
} from './fakeHttp.js';

/** A 2024-11-05 server: GET opens the stream and names `/messages?sessionId=abc`; POSTs there get 202 and answers go on the stream. */
function legacyServer(modernPost: (call: Call) => Response) {
  let stream: SseWriter | undefined;
  const route: Route = (call) => {
    if (call.method === 'GET') {
      stream = new SseWriter(call.signal);
      stream.write(event('/messages?sessionId=abc', undefined, 'endpoint'));
      return stream.response;
    }
    if (call.url.includes('/messages')) {
      const method = call.body?.method;
      if (method !== undefined && call.body?.id !== undefined) {
        const id = idOf(call);
        const answer = method === 'initialize' ? initializeResult(id, '2024-11-05') : result(id, { echoed: method });
        queueMicrotask(() => stream?.write(event(answer)));
      }
      return empty(202);
    }
    return modernPost(call);
  };
  return { route, stream: () => stream };
}

describe('fallback to HTTP+SSE', () => {
  it.each([
    ['405', () => page(405, 'Method Not Allowed', 'text/plain')],
    ['an HTML 404', () => page(404, '<pre>Cannot POST /sse</pre>')],
    ['an empty 400', () => empty(400)],
    ['a 400 with an id-less error of the handshake era', () => json(rpcError(null, -32000, 'No session'), 400)],
  ])('switches when initialize gets %s, re-sends initialize there, and stays there', async (_, modernPost) => {
    const { route } = legacyServer(modernPost);
    const http = new FakeHttp(route);
    const transport = httpTransport('http://httpsse.test/sse', { fetch: http.fetch, headers: { Authorization: 'Bearer t' } });
    const sink = new RecordingSink();
    await transport.start(sink);
    await transport.send(initialize(0, '2025-11-25'));
    await sink.waitForFrames(1);
    expect(sink.frames[0]).toEqual(initializeResult(0, '2024-11-05'));
    expect(transport.protocol).toBe('http+sse');
    await transport.send(INITIALIZED);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await sink.waitForFrames(2);
    expect(sink.frames[1]).toEqual(result(1, { echoed: 'tools/list' }));
    expect(http.calls.map((c) => `${c.method} ${c.url} ${c.body?.method ?? ''}`.trim())).toEqual([
      'POST http://httpsse.test/sse initialize',
      'GET http://httpsse.test/sse',
      'POST http://httpsse.test/messages?sessionId=abc initialize',
      'POST http://httpsse.test/messages?sessionId=abc notifications/initialized',
      'POST http://httpsse.test/messages?sessionId=abc tools/list',
    ]);
    expect(http.calls.every((c) => c.headers['authorization'] === 'Bearer t')).toBe(true);
    await transport.close();
    expect(sink.closedWith).toEqual([undefined]);
  });

  it('does not fall back when the 400 carries a stateless-era JSON-RPC error: the error reaches the caller', async () => {
    const unsupported = rpcError(0, -32022, 'Unsupported protocol version', { supported: ['2026-07-28'] });
    const http = new FakeHttp(() => json(unsupported, 400));
    const transport = httpTransport('http://streamable.test/mcp', { fetch: http.fetch });
    const sink = new RecordingSink();
    await transport.start(sink);
    await transport.send(initialize());
    expect(sink.frames).toEqual([unsupported]);
    expect(http.of('GET')).toEqual([]);
    expect(transport.protocol).toBe('streamable-http');
  });

  it('does not fall back when disabled, nor for messages other than initialize', async () => {
    const http = new FakeHttp(() => empty(405));
    const off = new StreamableHttpClientTransport({ url: 'http://x.test/mcp', fetch: http.fetch, fallbackToSse: false });
    await off.start(new RecordingSink());
    await expect(off.send(initialize())).rejects.toMatchObject({ status: 405 });
    const on = new StreamableHttpClientTransport({ url: 'http://x.test/mcp', fetch: http.fetch });
    await on.start(new RecordingSink());
    await expect(on.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).rejects.toMatchObject({ status: 405 });
    expect(http.of('GET')).toEqual([]);
  });

  it('keeps the original failure when the GET finds no HTTP+SSE server either', async () => {
    const http = new FakeHttp((call) => (call.method === 'GET' ? page(404, 'nothing here') : page(405, 'no')));
    const warnings: string[] = [];
    const transport = httpTransport('http://nothing.test/mcp', { fetch: http.fetch, onWarning: (w) => warnings.push(w) });
    const sink = new RecordingSink();
    await transport.start(sink);
    const error = await transport.send(initialize()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect((error as HttpTransportError).status).toBe(405);
    expect(warnings[0]).toMatch(/HTTP\+SSE fallback failed: HTTP 404/);
    expect(sink.closedWith).toEqual([]);
    expect(transport.protocol).toBe('streamable-http');
  });
});

describe('SseClientTransport', () => {
  function start(route: Route, url = 'https://host.test/mcp/sse') {
    const http = new FakeHttp(route);
    const transport = new SseClientTransport({ url, fetch: http.fetch, endpointTimeoutMs: 200 });
    const sink = new RecordingSink();
    return { http, transport, sink, started: transport.start(sink) };
  }

  it('resolves a relative endpoint against the SSE URL and POSTs there', async () => {
    let stream: SseWriter | undefined;
    const { http, transport, sink, started } = start((call) => {
      if (call.method === 'GET') {
        stream = new SseWriter(call.signal);
        stream.write(': hello\n\n' + event('messages?session=1', undefined, 'endpoint'));
        return stream.response;
      }
      return empty(202);
    });
    await started;
    expect(transport.endpoint?.href).toBe('https://host.test/mcp/messages?session=1');
    expect(http.calls[0]?.headers['accept']).toBe('text/event-stream');
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(http.calls[1]).toMatchObject({
      method: 'POST',
      url: 'https://host.test/mcp/messages?session=1',
      body: { id: 1, method: 'ping' },
    });
    expect(http.calls[1]?.headers['content-type']).toBe('application/json');
    stream?.write(event(result(1, {})));
    await sink.waitForFrames(1);
    expect(sink.frames).toEqual([result(1, {})]);
    stream?.close();
    expect(await sink.whenClosed).toBeUndefined();
  });

  it('rejects an endpoint on another origin', async () => {
    const { started, sink } = start((call) => {
      const stream = new SseWriter(call.signal);
      stream.write(event('https://evil.test/steal', undefined, 'endpoint'));
      return stream.response;
    });
    await expect(started).rejects.toMatchObject({ code: 'PROTOCOL_VIOLATION' });
    await expect(started).rejects.toThrow(/evil\.test/);
    expect(sink.closedWith).toEqual([]);
  });

  it('fails to start on an HTTP error, a non-SSE answer, a stream without endpoint, or no endpoint in time', async () => {
    await expect(start(() => page(404, 'no')).started).rejects.toMatchObject({ status: 404 });
    await expect(start(() => json({})).started).rejects.toThrow(/not an event stream/);
    await expect(
      start(() => new Response('event: ping\ndata: x\n\n', { headers: { 'content-type': 'text/event-stream' } })).started,
    ).rejects.toThrow(/ended before the endpoint/);
    await expect(start((call) => new SseWriter(call.signal).response).started).rejects.toThrow(/No endpoint event within 200 ms/);
  });

  it('rejects a POST the server refuses, and reports a broken stream as the close error', async () => {
    let stream: SseWriter | undefined;
    const { transport, sink, started } = start((call) => {
      if (call.method === 'POST') return page(400, 'bad message', 'text/plain');
      stream = new SseWriter(call.signal);
      stream.write(event('/m', undefined, 'endpoint'));
      return stream.response;
    });
    await started;
    const refused = transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(refused).rejects.toThrow(/bad message/);
    stream?.fail();
    const error = await sink.whenClosed;
    expect(error).toBeInstanceOf(HttpTransportError);
    await expect(transport.send({ jsonrpc: '2.0', id: 2, method: 'ping' })).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('closes the stream on close()', async () => {
    let stream: SseWriter | undefined;
    const { transport, sink, started } = start((call) => {
      stream = new SseWriter(call.signal);
      stream.write(event('/m', undefined, 'endpoint'));
      return stream.response;
    });
    await started;
    await transport.close();
    await waitFor(() => stream?.open === false);
    expect(sink.closedWith).toEqual([undefined]);
  });
});
