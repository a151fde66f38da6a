// McpServer as a whole: the capabilities it advertises, its lifespan, and
// shutdown (drain, cancel, release).
import { describe, expect, it } from 'vitest';
import { deferred, sleep, waitFor } from '../../test/helpers.js';
import { initialize, meta2026, rawPeer } from '../../test/rawClient.js';
import { createInMemoryPair } from '../jsonrpc/memoryTransport.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';

function newServer<S = undefined>(options: Partial<ServerOptions<S>> = {}): McpServer<S> {
  return new McpServer<S>({ name: 'server-test', version: '1.0.0', ...options });
}

async function advertised(server: McpServer): Promise<unknown> {
  const result = (await initialize(await rawPeer(server), '2025-11-25')) as { capabilities: unknown };
  return result.capabilities;
}

describe('capabilities', () => {
  it('are only logging when nothing is registered', async () => {
    expect(await advertised(newServer())).toEqual({ logging: {} });
  });

  it('include tools once a tool is registered', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => '');
    expect(await advertised(server)).toEqual({ logging: {}, tools: { listChanged: true } });
  });

  it('include resources (subscribe, listChanged) for a static resource', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => '');
    expect(await advertised(server)).toEqual({ logging: {}, resources: { subscribe: true, listChanged: true } });
  });

  it('include resources and completions for a template', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'mem://{id}', name: 'a' }, () => '');
    expect(await advertised(server)).toEqual({ logging: {}, resources: { subscribe: true, listChanged: true }, completions: {} });
  });

  it('include prompts and completions for a prompt', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => '');
    expect(await advertised(server)).toEqual({ logging: {}, prompts: { listChanged: true }, completions: {} });
  });

  it('leave logging out with capabilities.logging false', async () => {
    expect(await advertised(newServer({ capabilities: { logging: false } }))).toEqual({});
  });

  it('add declared extras: experimental, extensions, and declared features without registrations', async () => {
    const server = newServer({
      capabilities: {
        experimental: { 'example.com/x': { on: true } },
        extensions: { 'io.modelcontextprotocol/ui': {} },
        prompts: { listChanged: false },
      },
    });
    expect(await advertised(server)).toEqual({
      logging: {},
      experimental: { 'example.com/x': { on: true } },
      extensions: { 'io.modelcontextprotocol/ui': {} },
      prompts: { listChanged: false },
    });
  });

  it('let declared fields refine what registration implies', async () => {
    const server = newServer({ capabilities: { resources: { subscribe: false } } });
    server.resource({ uri: 'mem://a', name: 'a' }, () => '');
    expect(await advertised(server)).toMatchObject({ resources: { subscribe: false, listChanged: true } });
  });

  it('stay advertised after the last registration is removed (the list is then empty)', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => '').remove();
    const peer = await rawPeer(server);
    const result = (await initialize(peer, '2025-11-25')) as { capabilities: unknown };
    expect(result.capabilities).toEqual({ logging: {}, tools: { listChanged: true } });
    expect(await peer.request('tools/list')).toEqual({ tools: [] });
  });

  it('are the same in server/discover', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => '');
    server.prompt({ name: 'p' }, () => '');
    const discovered = (await (await rawPeer(server)).request('server/discover', { _meta: meta2026() })) as {
      capabilities: unknown;
    };
    expect(discovered.capabilities).toEqual(await advertised(server));
  });
});

describe('lifespan', () => {
  it('provides state to handlers as ctx.state', async () => {
    const server = newServer<{ db: string }>({ lifespan: () => ({ state: { db: 'pool-1' } }) });
    server.tool({ name: 't' }, (_args, ctx) => ctx.state.db);
    const peer = await rawPeer(server);
    expect(await peer.request('tools/call', { _meta: meta2026(), name: 't' })).toMatchObject({
      content: [{ type: 'text', text: 'pool-1' }],
    });
    expect(server.state).toEqual({ db: 'pool-1' });
  });

  it('runs once however many connections there are', async () => {
    let starts = 0;
    const server = newServer({
      lifespan: async () => {
        starts++;
        await sleep(1);
        return { state: undefined };
      },
    });
    await Promise.all([rawPeer(server), rawPeer(server), server.start()]);
    expect(starts).toBe(1);
  });

  it('is released once, at close, even when close is called twice', async () => {
    let closes = 0;
    const server = newServer({
      lifespan: () => ({
        state: undefined,
        close: () => {
          closes++;
        },
      }),
    });
    await rawPeer(server);
    await server.close();
    await server.close();
    expect(closes).toBe(1);
  });

  it('is released after work in flight finished', async () => {
    const order: string[] = [];
    const release = deferred();
    const server = newServer({
      lifespan: () => ({
        state: undefined,
        close: () => {
          order.push('lifespan closed');
        },
      }),
    });
    server.tool({ name: 'slow' }, async () => {
      await release.promise;
      order.push('tool finished');
      return 'ok';
    });
    const peer = await rawPeer(server);
    const call = peer.request('tools/call', { _meta: meta2026(), name: 'slow' });
    await waitFor(() => server.sessions.size === 1);
    const closing = server.close({ graceMs: 1000 });
    await sleep(5);
    release.resolve();
    await closing;
    await call.catch(() => undefined);
    expect(order).toEqual(['tool finished', 'lifespan closed']);
  });
});

describe('close', () => {
  it('lets work in flight finish within graceMs, and its response reaches the client', async () => {
    const server = newServer();
    server.tool({ name: 'slow' }, async () => {
      await sleep(20);
      return 'finished';
    });
    const peer = await rawPeer(server);
    const call = peer.request('tools/call', { _meta: meta2026(), name: 'slow' });
    await sleep(1);
    await server.close({ graceMs: 1000 });
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'finished' }] });
  });

  it('cancels work still in flight after graceMs: the handler’s signal fires', async () => {
    const server = newServer();
    const started = deferred();
    let signal: AbortSignal | undefined;
    server.tool({ name: 'stuck' }, async (_args, ctx) => {
      signal = ctx.signal;
      started.resolve();
      await new Promise(() => undefined);
    });
    const peer = await rawPeer(server);
    const call = peer.request('tools/call', { _meta: meta2026(), name: 'stuck' });
    await started.promise;
    const before = Date.now();
    await server.close({ graceMs: 30 });
    expect(Date.now() - before).toBeGreaterThanOrEqual(25);
    expect(signal?.aborted).toBe(true);
    await expect(call).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('closes every connection', async () => {
    const server = newServer();
    const a = await rawPeer(server);
    const b = await rawPeer(server);
    await server.close();
    expect(server.sessions.size).toBe(0);
    expect([a.connection.isOpen, b.connection.isOpen]).toEqual([false, false]);
  });

  it('refuses connect afterwards', async () => {
    const server = newServer();
    await server.close();
    const [, serverSide] = createInMemoryPair();
    await expect(server.connect(serverSide)).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });
});

describe('sessions', () => {
  it('are tracked while connected and forgotten when the client goes away', async () => {
    const server = newServer();
    const peer = await rawPeer(server);
    expect(server.sessions.has(peer.session)).toBe(true);
    await peer.close();
    await waitFor(() => server.sessions.size === 0);
  });
});
