// subscriptions/listen (2026-07-28) at the wire level: the acknowledgement
// comes first with the honoured filter, only requested notifications follow,
// each tagged with the listen request's id, until the client cancels or the
// server shuts down.
import { describe, expect, it, onTestFinished } from 'vitest';
import { sleep, waitFor } from '../../test/helpers.js';
import { meta2026 } from '../../test/rawClient.js';
import { createInMemoryPair } from '../jsonrpc/memoryTransport.js';
import type { JsonRpcPayload, RequestId } from '../jsonrpc/message.js';
import { McpServer } from './server.js';

type Frame = Record<string, unknown> & {
  id?: RequestId;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
};

interface Wire {
  readonly received: Frame[];
  send(payload: unknown): Promise<void>;
  /** Waits for the first frame matching `match` and returns it. */
  next(match: (f: Frame) => boolean): Promise<Frame>;
}

async function wire(server: McpServer): Promise<Wire> {
  const [client, serverSide] = createInMemoryPair();
  const received: Frame[] = [];
  await client.start({
    receive: (frame) => received.push(JSON.parse(frame as string) as Frame),
    reject: () => undefined,
    closed: () => undefined,
  });
  await server.connect(serverSide);
  onTestFinished(() => client.close());
  return {
    received,
    send: (payload) => client.send(payload as JsonRpcPayload),
    next: async (match) => {
      await waitFor(() => received.some(match), 2000, 'a matching frame');
      return received.find(match)!;
    },
  };
}

const SUB = 'io.modelcontextprotocol/subscriptionId';

function newServer(): McpServer {
  const server = new McpServer({ name: 'listen-test', version: '1.0.0' });
  server.tool({ name: 't' }, () => '');
  server.resource({ uri: 'mem://a', name: 'a' }, () => 'A');
  server.resource({ uri: 'mem://b', name: 'b' }, () => 'B');
  return server;
}

async function listen(w: Wire, id: RequestId, notifications: Record<string, unknown>): Promise<Frame> {
  await w.send({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { _meta: meta2026(), notifications } });
  return w.next(
    (f) =>
      f.method === 'notifications/subscriptions/acknowledged' &&
      f.params?.['_meta'] !== undefined &&
      (f.params['_meta'] as Record<string, unknown>)[SUB] === id,
  );
}

/** Frames other than the acknowledgement that belong to subscription `id`. */
function deliveredTo(w: Wire, id: RequestId): Frame[] {
  return w.received.filter(
    (f) =>
      f.method !== undefined &&
      f.method !== 'notifications/subscriptions/acknowledged' &&
      (f.params?.['_meta'] as Record<string, unknown> | undefined)?.[SUB] === id,
  );
}

/** Round-trips a request so that everything the server sent before it has arrived. */
async function flush(w: Wire, id: RequestId): Promise<void> {
  await sleep(0);
  await w.send({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta2026() } });
  await w.next((f) => f.id === id);
}

describe('subscriptions/listen', () => {
  it('acknowledges first, tagged with the listen request id', async () => {
    const w = await wire(newServer());
    const ack = await listen(w, 'sub-1', { toolsListChanged: true });
    expect(w.received[0]).toBe(ack);
    expect(ack.params).toEqual({ _meta: { [SUB]: 'sub-1' }, notifications: { toolsListChanged: true } });
  });

  it('acknowledges only what the server offers (no prompts here)', async () => {
    const w = await wire(newServer());
    const ack = await listen(w, 1, {
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['mem://a'],
    });
    expect(ack.params?.['notifications']).toEqual({
      toolsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['mem://a'],
    });
  });

  it('acknowledges nothing the client did not ask for', async () => {
    const w = await wire(newServer());
    const ack = await listen(w, 1, { resourceSubscriptions: ['mem://a'] });
    expect(ack.params?.['notifications']).toEqual({ resourceSubscriptions: ['mem://a'] });
  });

  it('delivers list_changed of a requested list, tagged with the subscription id', async () => {
    const server = newServer();
    const w = await wire(server);
    await listen(w, 7, { toolsListChanged: true });
    server.tool({ name: 'late' }, () => '');
    const delivered = await w.next((f) => f.method === 'notifications/tools/list_changed');
    expect(delivered).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 7 } } });
  });

  it('does not deliver list_changed of a list the client did not request', async () => {
    const server = newServer();
    const w = await wire(server);
    await listen(w, 1, { toolsListChanged: true });
    server.resource({ uri: 'mem://late', name: 'late' }, () => '');
    await flush(w, 'f');
    expect(deliveredTo(w, 1)).toEqual([]);
  });

  it('delivers resources/updated only for the URIs in resourceSubscriptions', async () => {
    const server = newServer();
    const w = await wire(server);
    await listen(w, 1, { resourceSubscriptions: ['mem://a'] });
    server.notifyResourceUpdated('mem://b');
    server.notifyResourceUpdated('mem://a');
    await flush(w, 'f');
    expect(deliveredTo(w, 1).map((f) => f.params)).toEqual([{ _meta: { [SUB]: 1 }, uri: 'mem://a' }]);
  });

  it('keeps concurrent subscriptions apart by their ids', async () => {
    const server = newServer();
    const w = await wire(server);
    await listen(w, 'tools', { toolsListChanged: true });
    await listen(w, 'res', { resourceSubscriptions: ['mem://a'] });
    server.tool({ name: 'late' }, () => '');
    server.notifyResourceUpdated('mem://a');
    await flush(w, 'f');
    expect(deliveredTo(w, 'tools').map((f) => f.method)).toEqual(['notifications/tools/list_changed']);
    expect(deliveredTo(w, 'res').map((f) => f.method)).toEqual(['notifications/resources/updated']);
  });

  it('ends on notifications/cancelled without a response, and delivers nothing more', async () => {
    const server = newServer();
    const w = await wire(server);
    await listen(w, 3, { toolsListChanged: true });
    await w.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } });
    await flush(w, 'f1');
    server.tool({ name: 'late' }, () => '');
    await flush(w, 'f2');
    expect(deliveredTo(w, 3)).toEqual([]);
    expect(w.received.filter((f) => f.id === 3)).toEqual([]);
  });

  it('ends at server.close() with notifications/cancelled and a complete result', async () => {
    const server = newServer();
    const w = await wire(server);
    await listen(w, 5, { toolsListChanged: true });
    await server.close({ graceMs: 1000 });
    const cancelled = w.received.find((f) => f.method === 'notifications/cancelled');
    const response = w.received.find((f) => f.id === 5);
    expect(cancelled?.params).toMatchObject({ requestId: 5 });
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 5,
      result: {
        resultType: 'complete',
        _meta: { [SUB]: 5, 'io.modelcontextprotocol/serverInfo': { name: 'listen-test', version: '1.0.0' } },
      },
    });
  });

  it('is refused with -32602 without a notifications filter', async () => {
    const w = await wire(newServer());
    await w.send({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { _meta: meta2026() } });
    expect(await w.next((f) => f.id === 1)).toMatchObject({ error: { code: -32602 } });
  });
});
