// Attacks on the gateway's policy through resources: an allowed upstream's broad
// template must not let a caller read, list, subscribe to or complete what a
// hidden upstream serves, whichever order the upstreams are mounted in.
import { afterEach, describe, expect, it } from 'vitest';
import type { Connector, ServerConfig } from 'mcpkit/host';
import { createInMemoryPair } from 'mcpkit/jsonrpc';
import { McpServer, completeFrom } from 'mcpkit/server';
import { connectInMemory, type TestClient } from 'mcpkit/testing';
import { Gateway } from './gateway.js';
import { gatewaySettings } from './gatewayConfig.js';

/** `open` may read anything under file:/// (a broad template); `hidden` holds a secret at a static URI. */
function upstream(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0', capabilities: { resources: { subscribe: true } } });
  if (name === 'open') {
    server.resource({ uri: 'file:///open-readme', name: 'readme' }, () => 'open readme');
    server.resourceTemplate(
      { uriTemplate: 'file:///{+path}', name: 'files', complete: { path: completeFrom(['open-readme']) } },
      (uri) => `open serves ${uri}`,
    );
  } else {
    server.resource({ uri: 'file:///etc/b-secret', name: 'secret' }, () => 'THE SECRET');
    server.resourceTemplate(
      { uriTemplate: 'secret:///{key}', name: 'keys', complete: { key: completeFrom(['root-key']) } },
      () => 'THE KEY',
    );
  }
  return server;
}

const connector: Connector = (config) => {
  const [clientSide, serverSide] = createInMemoryPair();
  void upstream(config.name).connect(serverSide);
  return clientSide;
};

const open: Gateway[] = [];
const callers: TestClient[] = [];
afterEach(async () => {
  for (const c of callers.splice(0)) await c.close();
  for (const g of open.splice(0)) await g.close();
});

async function gatewayOf(order: readonly string[]): Promise<Gateway> {
  const servers: ServerConfig[] = order.map((name) => ({ name, type: 'stdio', command: name, args: [], env: {} }));
  const settings = gatewaySettings(JSON.stringify({ gateway: { policy: [{ callers: '*', servers: ['open'] }] } }));
  const gateway = new Gateway({ servers, settings, connector, log: () => undefined });
  open.push(gateway);
  await gateway.start();
  return gateway;
}

describe.each([
  ['open mounted first', ['open', 'hidden']],
  ['hidden mounted first', ['hidden', 'open']],
])('a hidden upstream behind an allowed broad template (%s)', (_, order) => {
  it('neither lists nor reads the hidden resource', async () => {
    const caller = await connectInMemory((await gatewayOf(order)).server);
    callers.push(caller);
    expect((await caller.listAllResources()).map((r) => r.uri)).toEqual(['file:///open-readme']);
    expect((await caller.listAllResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['file:///{+path}']);
    await expect(caller.readResource({ uri: 'file:///etc/b-secret' })).rejects.toThrow(/not found/i);
    await expect(caller.readResource({ uri: 'secret:///root-key' })).rejects.toThrow(/not found/i);
    // What only the allowed upstream can serve is still served, by it.
    expect((await caller.readResource({ uri: 'file:///open-readme' })).contents[0]).toMatchObject({ text: 'open readme' });
    expect((await caller.readResource({ uri: 'file:///anything' })).contents[0]).toMatchObject({
      text: 'open serves file:///anything',
    });
  });

  it('neither subscribes to nor completes the hidden resource', async () => {
    const caller = await connectInMemory((await gatewayOf(order)).server);
    callers.push(caller);
    await expect(caller.subscribe({ resources: ['file:///etc/b-secret'] }, () => undefined)).rejects.toThrow(/not found/i);
    const handshake = await connectInMemory((open[0] as Gateway).server, { era: 'handshake' });
    callers.push(handshake);
    await expect(handshake.subscribe({ resources: ['file:///etc/b-secret'] }, () => undefined)).rejects.toThrow(/not found/i);
    const complete = (uri: string, name: string) =>
      caller.complete({ ref: { type: 'ref/resource', uri }, argument: { name, value: '' } });
    await expect(complete('secret:///{key}', 'key')).rejects.toThrow(/Unknown reference/);
    await expect(complete('file:///etc/b-secret', 'x')).rejects.toThrow(/Unknown reference/);
    expect((await complete('file:///{+path}', 'path')).completion.values).toEqual(['open-readme']);
    const sub = await caller.subscribe({ resources: ['file:///open-readme'] }, () => undefined);
    await sub.close();
  });
});
