import { afterEach, describe, expect, it } from 'vitest';
import type { Connector, ServerConfig } from 'mcpkit/host';
import { createInMemoryPair } from 'mcpkit/jsonrpc';
import { McpServer } from 'mcpkit/server';
import { connectInMemory } from 'mcpkit/testing';
import { Gateway, prefixOf } from './gateway.js';
import type { GatewaySettings } from './gatewayConfig.js';
import { gatewaySettings } from './gatewayConfig.js';
import { indexedSearch } from './toolSearch.js';

/** Upstreams in memory: each config names a server made by `make`; `kill` drops every live connection of one. */
function memoryUpstreams(make: (name: string) => McpServer) {
  const live = new Map<string, (() => Promise<void>)[]>();
  let connects = 0;
  const connector: Connector = (config) => {
    connects++;
    const [clientSide, serverSide] = createInMemoryPair();
    const server = make(config.name);
    void server.connect(serverSide);
    live.set(config.name, [...(live.get(config.name) ?? []), () => server.close({ graceMs: 0 })]);
    return clientSide;
  };
  return {
    connector,
    connects: () => connects,
    kill: async (name: string) => {
      for (const close of live.get(name) ?? []) await close();
      live.set(name, []);
    },
  };
}

function echoServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  server.tool(
    { name: 'echo', input: { type: 'object', properties: { text: { type: 'string' } } } },
    (args) => `${name}: ${String((args as { text?: unknown }).text)}`,
  );
  server.tool({ name: 'admin' }, () => `${name} admin`);
  server.prompt({ name: 'hello' }, () => `hello from ${name}`);
  server.resource({ uri: `mem://${name}`, name }, () => name);
  return server;
}

const configs: ServerConfig[] = ['alpha', 'beta'].map((name) => ({ name, type: 'stdio', command: name, args: [], env: {} }));
const open: Gateway[] = [];
afterEach(async () => {
  for (const g of open.splice(0)) await g.close();
});

async function start(settings: GatewaySettings, upstreams = memoryUpstreams(echoServer)) {
  const log: string[] = [];
  const gateway = new Gateway({
    servers: configs,
    settings,
    connector: upstreams.connector,
    restart: { initialDelayMs: 10, maxDelayMs: 50 },
    log: (m) => log.push(m),
  });
  open.push(gateway);
  await gateway.start();
  return { gateway, upstreams, log };
}

/** What the resource server attaches for a verified token. */
function token(scopes: string[], claims: Record<string, unknown> = {}) {
  return {
    token: 'caller-token',
    subject: typeof claims['sub'] === 'string' ? claims['sub'] : 'u',
    clientId: 'c',
    scopes,
    expiresAt: undefined,
    issuer: 'i',
    audience: ['a'],
    claims: { sub: 'u', ...claims },
  };
}

describe('the gateway', () => {
  it('mounts every server under its name', async () => {
    const { gateway } = await start({});
    const caller = await connectInMemory(gateway.server);
    const names = (await caller.listAllTools()).map((t) => t.name).sort();
    expect(names).toEqual(['alpha_admin', 'alpha_echo', 'beta_admin', 'beta_echo']);
    expect((await caller.callTool({ name: 'beta_echo', arguments: { text: 'x' } })).content).toEqual([
      { type: 'text', text: 'beta: x' },
    ]);
    expect(gateway.health()).toEqual({
      status: 'ok',
      upstreams: { alpha: { state: 'ready', restarts: 0, tools: 2 }, beta: { state: 'ready', restarts: 0, tools: 2 } },
    });
    await caller.close();
  });

  it('refuses two servers whose names make one prefix', () => {
    expect(prefixOf('my_server')).toBe('my-server');
    const twins: ServerConfig[] = ['a_b', 'a-b'].map((name) => ({ name, type: 'stdio', command: 'x', args: [], env: {} }));
    expect(
      () => new Gateway({ servers: twins, settings: {}, connector: memoryUpstreams(echoServer).connector, log: () => undefined }),
    ).toThrow(/would share the prefix "a-b"/);
  });

  it('restarts an upstream that goes away; its calls fail meanwhile, the others go on', async () => {
    const { gateway, upstreams } = await start({});
    const caller = await connectInMemory(gateway.server);
    await upstreams.kill('alpha');
    await expect(caller.callTool({ name: 'alpha_echo', arguments: { text: 'x' } })).rejects.toThrow(
      /Upstream alpha is unavailable/,
    );
    expect((await caller.callTool({ name: 'beta_echo', arguments: { text: 'y' } })).content).toEqual([
      { type: 'text', text: 'beta: y' },
    ]);
    const until = Date.now() + 10_000;
    while (gateway.health().upstreams['alpha']?.state !== 'ready' && Date.now() < until)
      await new Promise((r) => setTimeout(r, 10));
    expect(gateway.health().upstreams['alpha']).toMatchObject({ state: 'ready', restarts: 1 });
    expect((await caller.callTool({ name: 'alpha_echo', arguments: { text: 'z' } })).content).toEqual([
      { type: 'text', text: 'alpha: z' },
    ]);
    await caller.close();
  });

  it('shows and serves each caller only what the policy allows', async () => {
    const settings = gatewaySettings(
      JSON.stringify({
        gateway: {
          policy: [
            { callers: { scope: 'admin' }, servers: ['*'] },
            { callers: { claims: { team: 'beta' } }, servers: ['beta'] },
            { callers: '*', servers: ['alpha'], tools: ['alpha_echo'] },
          ],
        },
      }),
    );
    const { gateway } = await start(settings);
    const anonymous = await connectInMemory(gateway.server);
    expect((await anonymous.listAllTools()).map((t) => t.name)).toEqual(['alpha_echo']);
    await expect(anonymous.callTool({ name: 'alpha_admin' })).rejects.toThrow(/Unknown tool: alpha_admin/);
    await expect(anonymous.callTool({ name: 'beta_echo', arguments: { text: 'x' } })).rejects.toThrow(/Unknown tool/);
    expect(await anonymous.listAllPrompts()).toEqual([]);
    expect(await anonymous.listAllResources()).toEqual([]);
    await expect(anonymous.readResource({ uri: 'mem://beta' })).rejects.toThrow(/not found/i);
    await expect(anonymous.getPrompt({ name: 'beta_hello' })).rejects.toThrow(/Unknown prompt/);
    // Nor can it follow the resource's updates (the client subscribes with subscriptions/listen here).
    await expect(anonymous.subscribe({ resources: ['mem://beta'] }, () => undefined)).rejects.toThrow(/not found/i);

    const team = await connectInMemory(gateway.server, { auth: token(['mcp'], { team: 'beta' }) });
    expect((await team.listAllTools()).map((t) => t.name).sort()).toEqual(['alpha_echo', 'beta_admin', 'beta_echo']);
    expect((await team.readResource({ uri: 'mem://beta' })).contents[0]).toMatchObject({ text: 'beta' });

    const admin = await connectInMemory(gateway.server, { auth: token(['admin']) });
    expect(await admin.listAllTools()).toHaveLength(4);
    expect((await admin.callTool({ name: 'alpha_admin' })).content).toEqual([{ type: 'text', text: 'alpha admin' }]);
    await Promise.all([anonymous.close(), team.close(), admin.close()]);
  });

  it('refuses a caller over its rate with a clear error, and others are not held back', async () => {
    const { gateway } = await start({ perMinute: 3 });
    const greedy = await connectInMemory(gateway.server, { auth: token(['mcp'], { sub: 'greedy' }), cache: false });
    const other = await connectInMemory(gateway.server, { auth: token(['mcp'], { sub: 'other' }), cache: false });
    // Every request counts (the client's own discovery and listing too): the allowance runs out within a few calls.
    let refused: unknown;
    for (let i = 0; i < 10 && refused === undefined; i++)
      refused = await greedy.callTool({ name: 'alpha_echo', arguments: { text: String(i) } }).then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String(refused)).toMatch(/Rate limit exceeded: at most 3 requests per minute per caller; retry in \d+ s/);
    expect((refused as { code?: number }).code).toBe(-32029);
    expect((await other.callTool({ name: 'alpha_echo', arguments: { text: 'ok' } })).content).toEqual([
      { type: 'text', text: 'alpha: ok' },
    ]);
    await Promise.all([greedy.close(), other.close()]);
  });
});

describe('the gateway section', () => {
  it('refuses what it does not understand', () => {
    const read = (gateway: unknown) => () => gatewaySettings(JSON.stringify({ gateway }));
    expect(read({ polcy: [] })).toThrow(/unknown keys: polcy/);
    expect(read({ policy: [{ callers: {}, servers: ['a'] }] })).toThrow(/names neither a scope nor claims/);
    expect(read({ policy: [{ callers: '*', servers: 'a' }] })).toThrow(/servers must be a list of strings/);
    expect(read({ rateLimit: { perMinute: 0 } })).toThrow(/perMinute must be a whole number/);
    expect(gatewaySettings('{"mcpServers":{}}')).toEqual({});
  });
});

describe('progressive discovery', () => {
  it('lists a search tool and a call tool, and both go through the policy', async () => {
    const settings = gatewaySettings(
      JSON.stringify({
        gateway: { policy: [{ callers: '*', servers: ['alpha', 'beta'], tools: ['alpha_echo', 'beta_echo', 'beta_admin'] }] },
      }),
    );
    const upstreams = memoryUpstreams(echoServer);
    const gateway = new Gateway({
      servers: configs,
      settings,
      connector: upstreams.connector,
      discovery: indexedSearch(),
      log: () => undefined,
    });
    open.push(gateway);
    await gateway.start();
    const caller = await connectInMemory(gateway.server);
    expect((await caller.listAllTools()).map((t) => t.name)).toEqual(['search_tools', 'call_tool']);
    const found = await caller.callTool({ name: 'search_tools', arguments: { query: 'echo' } });
    const names = (JSON.parse((found.content[0] as { text: string }).text) as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(['alpha_echo', 'beta_echo']);
    const admin = await caller.callTool({ name: 'search_tools', arguments: { query: 'admin' } });
    // alpha_admin exists, but the policy does not give it to this caller: search does not find it.
    expect((JSON.parse((admin.content[0] as { text: string }).text) as { name: string }[]).map((t) => t.name)).toEqual([
      'beta_admin',
    ]);
    const called = await caller.callTool({ name: 'call_tool', arguments: { name: 'beta_echo', arguments: { text: 'found' } } });
    expect(called.content).toEqual([{ type: 'text', text: 'beta: found' }]);
    await expect(caller.callTool({ name: 'call_tool', arguments: { name: 'alpha_admin' } })).rejects.toThrow(
      /Unknown tool: alpha_admin/,
    );
    await expect(caller.callTool({ name: 'alpha_echo', arguments: { text: 'x' } })).rejects.toThrow(
      /offers search_tools and call_tool/,
    );
    await caller.close();
  });
});
