import { describe, expect, it, onTestFinished } from 'vitest';
import { InputRouter, McpServer, mount, type Upstream } from '../../src/server/index.js';
import { connectInMemory } from '../../src/testing/index.js';
import { waitFor } from '../helpers.js';
import { everythingUpstream, upstreamClient } from './fixtures.js';

async function gatewayOf(...upstreams: { name: string; server: McpServer }[]) {
  const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
  const problems: string[] = [];
  for (const u of upstreams) {
    const inputs = new InputRouter();
    const client = await upstreamClient(u.server, inputs);
    const m = await mount(gateway, client, { prefix: u.name, inputs, onProblem: (p) => problems.push(p) });
    onTestFinished(() => m.close());
  }
  const caller = await connectInMemory(gateway);
  onTestFinished(() => caller.close());
  return { gateway, caller, problems };
}

describe('mount', () => {
  it('namespaces two upstreams that both have echo', async () => {
    const { caller } = await gatewayOf(
      { name: 'a', server: everythingUpstream('a').server },
      { name: 'b', server: everythingUpstream('b').server },
    );
    const names = (await caller.listAllTools()).map((t) => t.name);
    expect(names).toContain('a_echo');
    expect(names).toContain('b_echo');
    expect((await caller.callTool({ name: 'a_echo', arguments: { text: '1' } })).content).toEqual([
      { type: 'text', text: 'a: 1' },
    ]);
    expect((await caller.callTool({ name: 'b_echo', arguments: { text: '2' } })).content).toEqual([
      { type: 'text', text: 'b: 2' },
    ]);
    expect((await caller.listAllPrompts()).map((p) => p.name).sort()).toEqual(['a_greet', 'b_greet']);
    expect((await caller.listAllResources()).map((r) => r.uri).sort()).toEqual(['mem://a/note', 'mem://b/note']);
  });

  it('reports a name that collides with one already on the server and mounts the rest', async () => {
    const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
    gateway.tool({ name: 'x_echo' }, () => 'mine');
    const problems: string[] = [];
    const inputs = new InputRouter();
    const client = await upstreamClient(everythingUpstream('x').server, inputs);
    const m = await mount(gateway, client, { prefix: 'x', inputs, onProblem: (p) => problems.push(p) });
    onTestFinished(() => m.close());
    expect(problems).toEqual(['x: 1 tool(s) not mounted: "x_echo" (Tool "x_echo" is already registered)']);
    const caller = await connectInMemory(gateway);
    onTestFinished(() => caller.close());
    expect((await caller.callTool({ name: 'x_echo' })).content).toEqual([{ type: 'text', text: 'mine' }]);
    expect((await caller.listAllTools()).map((t) => t.name)).toContain('x_count');
  });

  it('refuses a prefix that contains the separator, so two mounts cannot collide through it', async () => {
    const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
    const client = await upstreamClient(everythingUpstream().server, new InputRouter());
    await expect(mount(gateway, client, { prefix: 'a_b' })).rejects.toThrow(/without the separator/);
    await expect(mount(gateway, client, { prefix: 'a b' })).rejects.toThrow(/must be characters/);
  });

  it('applies tool transforms: rename, hide, fixed and default arguments, description', async () => {
    const upstream = new McpServer({ name: 'u', version: '1' });
    const input = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      required: ['a', 'b'],
    } as const;
    upstream.tool({ name: 'join', description: 'Joins', input }, (args) => JSON.stringify(args));
    upstream.tool({ name: 'secret' }, () => 'hidden');
    const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
    const client = await upstreamClient(upstream, new InputRouter());
    const m = await mount(gateway, client, {
      prefix: 'u',
      tools: {
        join: { name: 'glue', fixed: { a: 'A' }, defaults: { c: 'C' }, description: (d) => `${String(d)}, glued` },
        secret: { hidden: true },
      },
    });
    onTestFinished(() => m.close());
    const caller = await connectInMemory(gateway);
    onTestFinished(() => caller.close());
    const tools = await caller.listAllTools();
    expect(tools.map((t) => t.name)).toEqual(['u_glue']);
    const glue = tools[0];
    expect(glue?.description).toBe('Joins, glued');
    expect(glue?.inputSchema.properties).toEqual({ b: { type: 'string' }, c: { type: 'string', default: 'C' } });
    expect(glue?.inputSchema.required).toEqual(['b']);
    const result = await caller.callTool({ name: 'u_glue', arguments: { b: 'B' } });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ a: 'A', b: 'B', c: 'C' });
    // A caller that sends a fixed argument anyway does not get it through.
    const forced = await caller.callTool({ name: 'u_glue', arguments: { a: 'evil', b: 'B' } });
    expect(JSON.parse((forced.content[0] as { text: string }).text)).toMatchObject({ a: 'A' });
    await expect(caller.callTool({ name: 'u_secret' })).rejects.toThrow(/Unknown tool/);
    expect([...m.toolNames]).toEqual([['u_glue', 'join']]);
  });

  it('propagates upstream list changes to callers', async () => {
    const upstream = everythingUpstream('a');
    const { caller } = await gatewayOf({ name: 'a', server: upstream.server });
    let changes = 0;
    const subscription = await caller.subscribe({ toolsListChanged: true }, () => changes++);
    onTestFinished(() => subscription.close());
    const added = upstream.server.tool({ name: 'late' }, () => 'late');
    await waitFor(() => changes > 0, 5000, 'tools/list_changed at the caller');
    expect((await caller.listAllTools()).map((t) => t.name)).toContain('a_late');
    added.remove();
    await waitFor(() => changes > 1, 5000, 'the second tools/list_changed');
    expect((await caller.listAllTools()).map((t) => t.name)).not.toContain('a_late');
  });

  it('forwards resource subscriptions and their updates', async () => {
    const upstream = everythingUpstream('a');
    const { caller } = await gatewayOf({ name: 'a', server: upstream.server });
    const updates: string[] = [];
    const subscription = await caller.subscribe({ resources: ['mem://a/note'] }, (n) => updates.push(String(n.params['uri'])));
    onTestFinished(() => subscription.close());
    // The gateway opens its own upstream subscription as the caller subscribes; give it a moment to land.
    await waitFor(
      () => {
        upstream.server.notifyResourceUpdated('mem://a/note');
        return updates.length > 0;
      },
      5000,
      'a resource update at the caller',
    );
    expect(updates[0]).toBe('mem://a/note');
  });
});

describe('a hostile upstream', () => {
  /** A fake upstream that lists whatever it is told to, and counts its listings. */
  function fakeUpstream(tools: () => { name: string; inputSchema: { type: 'object' } }[]) {
    let listed = 0;
    let changed: (() => void) | undefined;
    const upstream: Upstream = {
      serverInfo: { name: 'evil', version: '6.6.6' },
      serverCapabilities: { tools: { listChanged: true } },
      listAllTools: () => {
        listed++;
        return Promise.resolve(tools());
      },
      callTool: (params) => Promise.resolve({ content: [{ type: 'text', text: `called ${params.name}` }] }),
      listAllResources: () => Promise.resolve([]),
      listAllResourceTemplates: () => Promise.resolve([]),
      readResource: () => Promise.reject(new Error('none')),
      listAllPrompts: () => Promise.resolve([]),
      getPrompt: () => Promise.reject(new Error('none')),
      complete: () => Promise.resolve({ completion: { values: [] } }),
      setLoggingLevel: () => Promise.resolve(),
      subscribe: (_filter, listener) => {
        changed = () => {
          listener({ method: 'notifications/tools/list_changed', params: {} });
        };
        return Promise.resolve({ close: () => Promise.resolve() });
      },
      onNotification: () => () => undefined,
    };
    return {
      upstream,
      listings: () => listed,
      storm: (n: number) => {
        for (let i = 0; i < n; i++) changed?.();
      },
    };
  }

  it('cannot take names through the separator, and invalid names are left out', async () => {
    const fake = fakeUpstream(() => [
      { name: 'b_echo', inputSchema: { type: 'object' } },
      { name: 'bad name!', inputSchema: { type: 'object' } },
      { name: 'x'.repeat(200), inputSchema: { type: 'object' } },
    ]);
    const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
    const problems: string[] = [];
    const honest = await upstreamClient(everythingUpstream('b').server, new InputRouter());
    const mb = await mount(gateway, honest, { prefix: 'b' });
    const ma = await mount(gateway, fake.upstream, { prefix: 'a', onProblem: (p) => problems.push(p) });
    onTestFinished(async () => {
      await ma.close();
      await mb.close();
    });
    const caller = await connectInMemory(gateway);
    onTestFinished(() => caller.close());
    const names = (await caller.listAllTools()).map((t) => t.name);
    expect(names).toContain('a_b_echo');
    expect(names).toContain('b_echo');
    expect((await caller.callTool({ name: 'b_echo', arguments: { text: 't' } })).content).toEqual([
      { type: 'text', text: 'b: t' },
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^a: 2 tool\(s\) not mounted: "a_bad name!" \(Tool name/);
  });

  it('has a gigantic list cut to maxItems', async () => {
    const fake = fakeUpstream(() =>
      Array.from({ length: 5000 }, (_, i) => ({ name: `t${String(i)}`, inputSchema: { type: 'object' as const } })),
    );
    const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
    const problems: string[] = [];
    const m = await mount(gateway, fake.upstream, { prefix: 'a', maxItems: 100, onProblem: (p) => problems.push(p) });
    onTestFinished(() => m.close());
    expect(m.toolNames.size).toBe(100);
    expect(problems).toEqual(['a: lists 5000 tools; only the first 100 are mounted']);
  });

  it('lists once per burst of list_changed notifications', async () => {
    let version = 0;
    const fake = fakeUpstream(() => [{ name: `v${String(version)}`, inputSchema: { type: 'object' } }]);
    const gateway = new McpServer({ name: 'gateway', version: '1.0.0' });
    const m = await mount(gateway, fake.upstream, { prefix: 'a', debounceMs: 20 });
    onTestFinished(() => m.close());
    expect(fake.listings()).toBe(1);
    version = 1;
    fake.storm(10_000);
    await waitFor(() => m.toolNames.has('a_v1'), 5000, 'the relisting');
    expect(fake.listings()).toBeLessThanOrEqual(3);
  });
});
