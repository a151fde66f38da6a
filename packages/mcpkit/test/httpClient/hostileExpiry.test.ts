/**
 * A server that says "session gone" (404) to everything but `initialize`
 * must not drive the client into re-initializing without end: the
 * re-initializations are budgeted, then the 404 stands (a request rejects,
 * the GET stream gives up with a warning).
 */
import { describe, expect, it } from 'vitest';
import { StreamableHttpClientTransport } from '../../src/http/client/streamableHttpClientTransport.js';
import { RecordingSink, waitFor } from '../helpers.js';
import { empty, FakeHttp, INITIALIZED, initialize, initializeResult, json, idOf, rpcError, sse, type Route } from './fakeHttp.js';

async function open(route: Route) {
  const http = new FakeHttp(route);
  const warnings: string[] = [];
  const transport = new StreamableHttpClientTransport({
    url: 'http://127.0.0.1:9/mcp',
    fetch: http.fetch,
    onWarning: (w) => warnings.push(w),
  });
  await transport.start(new RecordingSink());
  return { http, transport, warnings };
}

/** Hands out a new session for every initialize, and answers 404 to anything carrying one. */
const forgetful: Route = (call) => {
  if (call.method === 'DELETE') return empty(200);
  if (call.body?.method === 'initialize')
    return json(initializeResult(idOf(call), '2025-11-25'), 200, { 'mcp-session-id': `s${String(Math.random())}` });
  return json(rpcError(null, -32001, 'Session not found'), 404);
};

describe('a server that forgets every session at once', () => {
  it('gets a bounded number of re-initializations from the GET stream, then a warning', async () => {
    // Each new session's GET stream opens and drops at once; its resumption gets 404: the session is gone, again.
    const { http, transport, warnings } = await open((call) => {
      if (call.method === 'GET' && call.headers['last-event-id'] === undefined) return sse('id: g-1\nretry: 1\ndata: \n\n');
      return call.body?.method === 'notifications/initialized' ? empty(202) : forgetful(call);
    });
    await transport.send(initialize(0, '2025-11-25'));
    await transport.send(INITIALIZED);
    await waitFor(() => warnings.some((w) => /could not be re-established/.test(w)), 10_000);
    expect(warnings.join('\n')).toMatch(/ended the session 3 times within a minute/);
    expect(http.posts('initialize').length).toBeLessThanOrEqual(5);
    await transport.close();
  });

  it('rejects a request once the budget is spent, instead of looping', async () => {
    const { http, transport } = await open((call) =>
      call.body?.method === 'notifications/initialized' ? empty(202) : call.method === 'GET' ? empty(405) : forgetful(call),
    );
    await transport.send(initialize(0, '2025-11-25'));
    await transport.send(INITIALIZED);
    for (let i = 1; i <= 6; i++) await transport.send({ jsonrpc: '2.0', id: i, method: 'tools/list' }).catch(() => undefined);
    const error = await transport.send({ jsonrpc: '2.0', id: 7, method: 'tools/list' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TRANSPORT_FAILED', cause: { status: 404 } });
    expect((error as Error).message).toMatch(/ended the session 3 times within a minute/);
    expect(http.posts('initialize').length).toBeLessThanOrEqual(5);
    await transport.close();
  });
});
