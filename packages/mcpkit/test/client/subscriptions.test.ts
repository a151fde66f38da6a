// One subscription API for both eras: subscriptions/listen streams (stateless,
// demultiplexed by _meta.subscriptionId) and resources/subscribe plus plain
// list_changed notifications (handshake); re-opened after a reconnect.
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import type { SubscriptionNotification } from '../../src/client/subscription.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, sleep, waitFor } from '../helpers.js';
import { complete, demoServer, discoverResult, fakeServer, link, silence, type DemoOptions } from './harness.js';

/** A server that counts the requests it serves, by method. */
function countingServer(options: Partial<DemoOptions> = {}): { server: McpServer; counts: Map<string, number> } {
  const server = demoServer(options);
  const counts = new Map<string, number>();
  server.use((next) => (request, ctx) => {
    counts.set(request.method, (counts.get(request.method) ?? 0) + 1);
    return next(request, ctx);
  });
  return { server, counts };
}

describe.each(['2025-11-25', '2026-07-28'] as const)('at %s', (era) => {
  it('delivers list changes made at run time', async () => {
    const { server } = countingServer();
    const linked = await link(server, { era });
    const got: SubscriptionNotification[] = [];
    const plain: unknown[] = [];
    linked.client.onNotification('notifications/tools/list_changed', (params) => plain.push(params));
    const subscription = await linked.client.subscribe({ toolsListChanged: true, promptsListChanged: true }, (n) => got.push(n));
    expect(subscription.acknowledged).toEqual({ toolsListChanged: true, promptsListChanged: true });
    server.tool({ name: 'late' }, () => 'late');
    await waitFor(() => got.length === 1);
    expect(got[0]?.method).toBe('notifications/tools/list_changed');
    expect(plain).toHaveLength(1);
    expect((await linked.client.listAllTools()).map((t) => t.name)).toContain('late');
    server.prompt({ name: 'late' }, () => 'x');
    await waitFor(() => got.length === 2);
    expect(got[1]?.method).toBe('notifications/prompts/list_changed');
  });

  it('delivers updates of the subscribed resources only', async () => {
    const { server, counts } = countingServer();
    const linked = await link(server, { era });
    const got: SubscriptionNotification[] = [];
    const subscription = await linked.client.subscribe({ resources: ['demo://readme'] }, (n) => got.push(n));
    expect(subscription.acknowledged).toEqual({ resources: ['demo://readme'] });
    server.notifyResourceUpdated('demo://other');
    server.notifyResourceUpdated('demo://readme');
    await waitFor(() => got.length === 1);
    await sleep(5);
    expect(got).toHaveLength(1);
    expect(got[0]?.params).toMatchObject({ uri: 'demo://readme' });
    expect(counts.get('resources/subscribe')).toBe(era === '2025-11-25' ? 1 : undefined);
  });

  it('keeps concurrent subscriptions apart', async () => {
    const { server } = countingServer();
    const linked = await link(server, { era });
    const tools: string[] = [];
    const readme: string[] = [];
    await Promise.all([
      linked.client.subscribe({ toolsListChanged: true }, (n) => tools.push(n.method)),
      linked.client.subscribe({ resources: ['demo://readme'] }, (n) => readme.push(n.method)),
    ]);
    server.tool({ name: 'another' }, () => 'x');
    server.notifyResourceUpdated('demo://readme');
    await waitFor(() => tools.length === 1 && readme.length === 1);
    expect(tools).toEqual(['notifications/tools/list_changed']);
    expect(readme).toEqual(['notifications/resources/updated']);
  });

  it('stops delivering after close, and tells the server', async () => {
    const { server, counts } = countingServer();
    const linked = await link(server, { era });
    const got: string[] = [];
    const subscription = await linked.client.subscribe({ toolsListChanged: true, resources: ['demo://readme'] }, (n) =>
      got.push(n.method),
    );
    await subscription.close();
    await subscription.done;
    server.tool({ name: 'unseen' }, () => 'x');
    server.notifyResourceUpdated('demo://readme');
    await sleep(10);
    expect(got).toEqual([]);
    if (era === '2025-11-25') expect(counts.get('resources/unsubscribe')).toBe(1);
  });

  it('re-opens subscriptions after reconnect', async () => {
    const { server } = countingServer();
    const linked = await link(server, { era });
    const got: string[] = [];
    const subscription = await linked.client.subscribe({ toolsListChanged: true, resources: ['demo://readme'] }, (n) =>
      got.push(n.method),
    );
    const [clientSide, serverSide] = createInMemoryPair();
    await server.connect(serverSide);
    await linked.client.reconnect(clientSide);
    expect(subscription.acknowledged).toMatchObject({ toolsListChanged: true, resources: ['demo://readme'] });
    server.notifyResourceUpdated('demo://readme');
    await waitFor(() => got.length === 1);
    expect(got).toEqual(['notifications/resources/updated']);
  });

  it('survives a dropped connection until the next connect', async () => {
    const { server } = countingServer();
    const linked = await link(server, { era });
    const got: string[] = [];
    await linked.client.subscribe({ toolsListChanged: true }, (n) => got.push(n.method));
    await linked.session.close();
    await waitFor(() => !linked.client.isConnected);
    const [clientSide, serverSide] = createInMemoryPair();
    await server.connect(serverSide);
    await linked.client.connect(clientSide);
    server.tool({ name: 'after-drop' }, () => 'x');
    await waitFor(() => got.length === 1);
  });

  it('acknowledges only what the server offers', async () => {
    const server = new McpServer({ name: 'tools-only', version: '1', capabilities: { tools: { listChanged: false } } });
    server.tool({ name: 't' }, () => 'x');
    const linked = await link(server, { era });
    const subscription = await linked.client.subscribe({ toolsListChanged: true, resources: ['x://y'] }, () => undefined);
    expect(subscription.acknowledged).toEqual({});
  });
});

describe('stateless streams on the wire', () => {
  it('tags by subscriptionId, closes with notifications/cancelled, and ends when the server does', async () => {
    const streams: { id: unknown; cancelled: boolean }[] = [];
    const fake = await fakeServer(async (r, rpc) => {
      if (r.method === 'server/discover') return discoverResult({ tools: { listChanged: true } });
      if (r.method !== 'subscriptions/listen') return complete({ tools: [] });
      const stream = { id: r.id, cancelled: false };
      streams.push(stream);
      const tag = { 'io.modelcontextprotocol/subscriptionId': r.id };
      await rpc.notify('notifications/subscriptions/acknowledged', {
        _meta: tag,
        notifications: r.params['notifications'] as object,
      });
      // The first stream stays open until cancelled; the second ends on its own, gracefully.
      return new Promise((resolve) => {
        const timer =
          streams.length === 1
            ? undefined
            : setTimeout(() => {
                resolve(complete({ _meta: tag }));
              }, 30);
        rpc.signal.addEventListener('abort', () => {
          stream.cancelled = true;
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    });
    const client = new McpClient({ name: 'c', version: '1' });
    await client.connect(fake.transport);
    const first: string[] = [];
    const a = await client.subscribe({ toolsListChanged: true }, (n) =>
      first.push(String((n.params['_meta'] as Record<string, unknown>)['io.modelcontextprotocol/subscriptionId'])),
    );
    const b = await client.subscribe({ toolsListChanged: true }, () => undefined);
    await fake.notify('notifications/tools/list_changed', {
      _meta: { 'io.modelcontextprotocol/subscriptionId': streams[0]?.id },
    });
    await fake.notify('notifications/tools/list_changed', {
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'someone-else' },
    });
    await waitFor(() => first.length === 1);
    expect(first).toEqual([String(streams[0]?.id)]);
    // The second stream ends gracefully (the server's result): the subscription is done.
    await b.done;
    await a.close();
    await waitFor(() => streams[0]?.cancelled === true);
    await client.close();
  });

  it('fails subscribe when no acknowledgment comes', async () => {
    const fake = await fakeServer((r) =>
      r.method === 'server/discover' ? discoverResult({ tools: { listChanged: true } }) : silence(),
    );
    const client = new McpClient({ name: 'c', version: '1', timeoutMs: 40 });
    await client.connect(fake.transport);
    await expectLocalError(
      client.subscribe({ toolsListChanged: true }, () => undefined),
      'REQUEST_TIMEOUT',
    );
    await client.close();
  });

  it('ends subscriptions when the server shuts down', async () => {
    const { server } = countingServer();
    const linked = await link(server, { era: 'stateless' });
    const subscription = await linked.client.subscribe({ toolsListChanged: true }, () => undefined);
    await server.close({ graceMs: 50 });
    await subscription.done;
  });
});

describe('handshake resource subscriptions', () => {
  it('share one resources/subscribe between subscriptions of the same URI', async () => {
    const { server, counts } = countingServer();
    const linked = await link(server, { era: 'handshake' });
    const a = await linked.client.subscribe({ resources: ['demo://readme'] }, () => undefined);
    const b = await linked.client.subscribe({ resources: ['demo://readme'] }, () => undefined);
    expect(counts.get('resources/subscribe')).toBe(1);
    await a.close();
    expect(counts.get('resources/unsubscribe')).toBeUndefined();
    await b.close();
    expect(counts.get('resources/unsubscribe')).toBe(1);
  });
});
