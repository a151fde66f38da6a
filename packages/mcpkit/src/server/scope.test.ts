// The ServerContext a handler runs in: who is calling, progress, logging per
// era, and cancellation.
import { describe, expect, it } from 'vitest';
import { deferred, waitFor } from '../../test/helpers.js';
import { handshakePeer, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import type { LoggingLevel } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';

function newServer(options: Partial<ServerOptions> = {}): McpServer {
  return new McpServer({ name: 'scope-test', version: '1.0.0', ...options });
}

function sent(peer: RawPeer, method: string): unknown[] {
  return peer.notifications.filter((n) => n.method === method).map((n) => n.params);
}

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** A server with a tool that logs once at every level. */
function loggingServer(options: Partial<ServerOptions> = {}): McpServer {
  const server = newServer(options);
  server.tool({ name: 'log' }, async (_args, ctx) => {
    for (const level of LEVELS) await ctx.log(level, { level });
    return 'done';
  });
  return server;
}

function loggedLevels(peer: RawPeer): unknown[] {
  return sent(peer, 'notifications/message').map((p) => (p as { level: string }).level);
}

describe('who is calling', () => {
  it('handshake era: revision, era, method, request id, client info and capabilities from initialize', async () => {
    const server = newServer();
    let ctx: ServerContext | undefined;
    server.tool({ name: 't' }, (_args, c) => {
      ctx = c;
    });
    const peer = await handshakePeer(server, '2025-06-18', { roots: {} });
    await peer.request('tools/call', { name: 't' });
    expect(ctx).toMatchObject({
      revision: '2025-06-18',
      era: 'handshake',
      method: 'tools/call',
      requestId: expect.any(Number) as unknown,
      clientInfo: { name: 'raw', version: '1.0.0' },
      clientCapabilities: { roots: {} },
      sessionId: undefined,
    });
  });

  it('stateless era: revision, client info and capabilities from the request _meta', async () => {
    const server = newServer();
    let ctx: ServerContext | undefined;
    server.tool({ name: 't' }, (_args, c) => {
      ctx = c;
    });
    await (await rawPeer(server)).request('tools/call', { _meta: meta2026({ sampling: {} }), name: 't' });
    expect(ctx).toMatchObject({
      revision: '2026-07-28',
      era: 'stateless',
      clientInfo: { name: 'raw', version: '1.0.0' },
      clientCapabilities: { sampling: {} },
    });
  });

  it('the transport’s auth and the principal read from it', async () => {
    const server = newServer();
    let seen: unknown;
    server.tool({ name: 't' }, (_args, ctx) => {
      seen = { auth: ctx.auth, principal: ctx.principal };
    });
    const peer = await rawPeer(server, { auth: { sub: 'alice', scope: 'read' } });
    await peer.request('tools/call', { _meta: meta2026(), name: 't' });
    expect(seen).toEqual({ auth: { sub: 'alice', scope: 'read' }, principal: 'alice' });
  });

  it('a principal from the principal option', async () => {
    const server = newServer({ principal: (auth) => `user:${(auth as { id: string }).id}` });
    let principal: unknown;
    server.tool({ name: 't' }, (_args, ctx) => {
      principal = ctx.principal;
    });
    const peer = await rawPeer(server, { auth: { id: '42' } });
    await peer.request('tools/call', { _meta: meta2026(), name: 't' });
    expect(principal).toBe('user:42');
  });

  it('the request _meta as sent', async () => {
    const server = newServer();
    let meta: unknown;
    server.tool({ name: 't' }, (_args, ctx) => {
      meta = ctx.meta;
    });
    await (await handshakePeer(server)).request('tools/call', { name: 't', _meta: { 'example.com/trace': 'abc' } });
    expect(meta).toEqual({ 'example.com/trace': 'abc' });
  });

  it('session state kept across requests of one handshake session', async () => {
    const server = newServer();
    server.tool({ name: 'count' }, (_args, ctx) => {
      const n = ((ctx.session.get('n') as number | undefined) ?? 0) + 1;
      ctx.session.set('n', n);
      return String(n);
    });
    const peer = await handshakePeer(server);
    await peer.request('tools/call', { name: 'count' });
    expect(await peer.request('tools/call', { name: 'count' })).toEqual({ content: [{ type: 'text', text: '2' }] });
  });
});

describe('ctx.progress', () => {
  it('sends nothing when the request has no progress token', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async (_args, ctx) => {
      await ctx.progress(1, 2);
    });
    const peer = await handshakePeer(server);
    await peer.request('tools/call', { name: 't' });
    expect(sent(peer, 'notifications/progress')).toEqual([]);
  });

  it('sends the token, progress, total and message', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async (_args, ctx) => {
      await ctx.progress(1, 4, 'a quarter');
      await ctx.progress(2);
    });
    const peer = await handshakePeer(server);
    await peer.request('tools/call', { name: 't', _meta: { progressToken: 'tok' } });
    expect(sent(peer, 'notifications/progress')).toEqual([
      { progressToken: 'tok', progress: 1, total: 4, message: 'a quarter' },
      { progressToken: 'tok', progress: 2 },
    ]);
  });

  it('drops progress that does not increase', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async (_args, ctx) => {
      for (const p of [1, 1, 0.5, 2, 2, 3]) await ctx.progress(p);
    });
    const peer = await handshakePeer(server);
    await peer.request('tools/call', { name: 't', _meta: { progressToken: 7 } });
    expect(sent(peer, 'notifications/progress').map((p) => (p as { progress: number }).progress)).toEqual([1, 2, 3]);
  });

  it('reaches the caller’s progress callback (stateless era)', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async (_args, ctx) => {
      await ctx.progress(50, 100);
    });
    const seen: unknown[] = [];
    await (await rawPeer(server)).request('tools/call', { _meta: meta2026(), name: 't' }, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([{ progressToken: expect.anything() as unknown, progress: 50, total: 100 }]);
  });

  it('sends nothing once the request finished', async () => {
    const server = newServer();
    let later: ServerContext | undefined;
    server.tool({ name: 't' }, (_args, ctx) => {
      later = ctx;
    });
    const peer = await handshakePeer(server);
    await peer.request('tools/call', { name: 't', _meta: { progressToken: 'late' } });
    await later?.progress(1);
    await peer.request('ping');
    expect(sent(peer, 'notifications/progress')).toEqual([]);
  });
});

describe('ctx.log, handshake era', () => {
  it('sends every level by default', async () => {
    const peer = await handshakePeer(loggingServer());
    await peer.request('tools/call', { name: 'log' });
    expect(loggedLevels(peer)).toEqual(LEVELS);
  });

  it('sends only the set level and above after logging/setLevel', async () => {
    const peer = await handshakePeer(loggingServer());
    await peer.request('logging/setLevel', { level: 'error' });
    await peer.request('tools/call', { name: 'log' });
    expect(loggedLevels(peer)).toEqual(['error', 'critical', 'alert', 'emergency']);
  });

  it('starts from the defaultLogLevel option', async () => {
    const peer = await handshakePeer(loggingServer({ defaultLogLevel: 'alert' }));
    await peer.request('tools/call', { name: 'log' });
    expect(loggedLevels(peer)).toEqual(['alert', 'emergency']);
  });

  it('carries the data and the logger name', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async (_args, ctx) => {
      await ctx.log('info', { rows: 3 }, 'db');
    });
    const peer = await handshakePeer(server);
    await peer.request('tools/call', { name: 't' });
    expect(sent(peer, 'notifications/message')).toEqual([{ level: 'info', data: { rows: 3 }, logger: 'db' }]);
  });

  it('sends nothing when the server does not offer logging', async () => {
    const peer = await handshakePeer(loggingServer({ capabilities: { logging: false } }));
    await peer.request('tools/call', { name: 'log' });
    expect(loggedLevels(peer)).toEqual([]);
  });
});

describe('ctx.log, stateless era', () => {
  it('sends nothing when the request has no logLevel', async () => {
    const peer = await rawPeer(loggingServer());
    await peer.request('tools/call', { _meta: meta2026(), name: 'log' });
    expect(loggedLevels(peer)).toEqual([]);
  });

  it('sends the request’s logLevel and above', async () => {
    const peer = await rawPeer(loggingServer());
    await peer.request('tools/call', { _meta: meta2026({}, { 'io.modelcontextprotocol/logLevel': 'warning' }), name: 'log' });
    expect(loggedLevels(peer)).toEqual(['warning', 'error', 'critical', 'alert', 'emergency']);
  });

  it('ignores the request’s logLevel when the server does not offer logging', async () => {
    const peer = await rawPeer(loggingServer({ capabilities: { logging: false } }));
    await peer.request('tools/call', { _meta: meta2026({}, { 'io.modelcontextprotocol/logLevel': 'debug' }), name: 'log' });
    expect(loggedLevels(peer)).toEqual([]);
  });

  it('is not affected by the level of another request', async () => {
    const peer = await rawPeer(loggingServer());
    await peer.request('tools/call', { _meta: meta2026({}, { 'io.modelcontextprotocol/logLevel': 'debug' }), name: 'log' });
    peer.notifications.length = 0;
    await peer.request('tools/call', { _meta: meta2026(), name: 'log' });
    expect(loggedLevels(peer)).toEqual([]);
  });
});

describe('ctx.signal', () => {
  it('fires when the client sends notifications/cancelled; no response is sent', async () => {
    const server = newServer();
    const started = deferred();
    const aborted = deferred<unknown>();
    server.tool({ name: 'slow' }, async (_args, ctx) => {
      ctx.signal.addEventListener('abort', () => {
        aborted.resolve(ctx.signal.reason);
      });
      started.resolve();
      await aborted.promise;
      return 'too late';
    });
    const peer = await handshakePeer(server);
    const controller = new AbortController();
    const call = peer.request('tools/call', { name: 'slow' }, { signal: controller.signal });
    await started.promise;
    controller.abort('user gave up');
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await aborted.promise).toBe('user gave up');
  });

  it('fires when the connection closes', async () => {
    const server = newServer();
    const started = deferred();
    let signal: AbortSignal | undefined;
    server.tool({ name: 'slow' }, async (_args, ctx) => {
      signal = ctx.signal;
      started.resolve();
      await new Promise(() => undefined);
    });
    const peer = await handshakePeer(server);
    void peer.request('tools/call', { name: 'slow' }).catch(() => undefined);
    await started.promise;
    await peer.close();
    await waitFor(() => signal?.aborted === true);
  });

  it('is not aborted for a request that completes', async () => {
    const server = newServer();
    let signal: AbortSignal | undefined;
    server.tool({ name: 't' }, (_args, ctx) => {
      signal = ctx.signal;
    });
    await (await handshakePeer(server)).request('tools/call', { name: 't' });
    expect(signal?.aborted).toBe(false);
  });
});
