// Registration: names, duplicates, order, and what a Registration's
// enable/disable/update/remove do to the lists and calls on the wire.
import { describe, expect, it } from 'vitest';
import { handshakePeer, type RawPeer } from '../../test/rawClient.js';
import { McpServer } from './server.js';

function newServer(): McpServer {
  return new McpServer({ name: 'registry-test', version: '1.0.0' });
}

async function toolNames(peer: RawPeer): Promise<string[]> {
  const { tools } = (await peer.request('tools/list')) as { tools: { name: string }[] };
  return tools.map((t) => t.name);
}

describe('duplicate registrations', () => {
  it('refuses a second tool with the same name', () => {
    const server = newServer();
    server.tool({ name: 'a' }, () => 'first');
    expect(() => server.tool({ name: 'a' }, () => 'second')).toThrow(/Tool "a" is already registered/);
  });

  it('refuses a second resource with the same URI', () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => 'first');
    expect(() => server.resource({ uri: 'mem://a', name: 'other' }, () => 'second')).toThrow(/already registered/);
  });

  it('refuses a second template with the same URI template', () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'mem://{id}', name: 'a' }, () => 'first');
    expect(() => server.resourceTemplate({ uriTemplate: 'mem://{id}', name: 'b' }, () => 'second')).toThrow(/already registered/);
  });

  it('refuses a second prompt with the same name', () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => 'first');
    expect(() => server.prompt({ name: 'p' }, () => 'second')).toThrow(/Prompt "p" is already registered/);
  });

  it('accepts the name again once the first registration is removed', () => {
    const server = newServer();
    server.tool({ name: 'a' }, () => 'first').remove();
    expect(() => server.tool({ name: 'a' }, () => 'second')).not.toThrow();
  });
});

describe('tool names', () => {
  it.each(['', 'has space', 'a/b', 'a:b', 'é', 'x'.repeat(129)])('refuses %j', (name) => {
    expect(() => newServer().tool({ name }, () => '')).toThrow(/must be 1-128 characters/);
  });

  it.each(['a', 'get_weather', 'files.read-v2', 'A9', 'x'.repeat(128)])('accepts %j', (name) => {
    expect(() => newServer().tool({ name }, () => '')).not.toThrow();
  });
});

describe('list order', () => {
  it('follows registration order, not name order', async () => {
    const server = newServer();
    for (const name of ['zeta', 'alpha', 'mid']) server.tool({ name }, () => name);
    expect(await toolNames(await handshakePeer(server))).toEqual(['zeta', 'alpha', 'mid']);
  });

  it('keeps a re-enabled tool in its original place', async () => {
    const server = newServer();
    server.tool({ name: 'first' }, () => '');
    const second = server.tool({ name: 'second' }, () => '');
    server.tool({ name: 'third' }, () => '');
    second.disable();
    second.enable();
    expect(await toolNames(await handshakePeer(server))).toEqual(['first', 'second', 'third']);
  });

  it('is the same on every request', async () => {
    const server = newServer();
    for (const name of ['c', 'a', 'b']) server.tool({ name }, () => name);
    const peer = await handshakePeer(server);
    expect(await toolNames(peer)).toEqual(await toolNames(peer));
  });
});

describe('Registration', () => {
  it('disable hides a tool from tools/list', async () => {
    const server = newServer();
    server.tool({ name: 'kept' }, () => '');
    server.tool({ name: 'hidden' }, () => '').disable();
    expect(await toolNames(await handshakePeer(server))).toEqual(['kept']);
  });

  it('disable makes calls to the tool unknown (-32602)', async () => {
    const server = newServer();
    const reg = server.tool({ name: 'off' }, () => 'ran');
    const peer = await handshakePeer(server);
    reg.disable();
    await expect(peer.request('tools/call', { name: 'off' })).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown tool: off',
    });
  });

  it('enable makes a disabled tool listed and callable again', async () => {
    const server = newServer();
    const reg = server.tool({ name: 't' }, () => 'back');
    reg.disable();
    const peer = await handshakePeer(server);
    reg.enable();
    expect(reg.enabled).toBe(true);
    expect(await toolNames(peer)).toEqual(['t']);
    expect(await peer.request('tools/call', { name: 't' })).toEqual({ content: [{ type: 'text', text: 'back' }] });
  });

  it('remove deletes the tool for good; enable afterwards does nothing', async () => {
    const server = newServer();
    const reg = server.tool({ name: 'gone' }, () => '');
    reg.remove();
    reg.enable();
    expect(await toolNames(await handshakePeer(server))).toEqual([]);
  });

  it('update replaces the handler', async () => {
    const server = newServer();
    const reg = server.tool({ name: 't' }, () => 'old');
    const peer = await handshakePeer(server);
    reg.update({ handler: () => 'new' });
    expect(await peer.request('tools/call', { name: 't' })).toEqual({ content: [{ type: 'text', text: 'new' }] });
  });

  it('update of the definition is reflected in tools/list', async () => {
    const server = newServer();
    const reg = server.tool({ name: 't', description: 'old' }, () => '');
    const peer = await handshakePeer(server);
    reg.update({ description: 'new' });
    expect(await peer.request('tools/list')).toMatchObject({ tools: [{ name: 't', description: 'new' }] });
  });

  it('update of the input schema is enforced on calls', async () => {
    const server = newServer();
    const reg = server.tool({ name: 't', input: { type: 'object' } }, () => 'ran');
    const peer = await handshakePeer(server);
    reg.update({ input: { type: 'object', required: ['q'] } });
    expect(await peer.request('tools/call', { name: 't', arguments: {} })).toMatchObject({ isError: true });
  });

  it('update can rename a tool', async () => {
    const server = newServer();
    const reg = server.tool({ name: 'before' }, () => 'same handler');
    const peer = await handshakePeer(server);
    reg.update({ name: 'after' });
    expect(await toolNames(peer)).toEqual(['after']);
    expect(await peer.request('tools/call', { name: 'after' })).toEqual({ content: [{ type: 'text', text: 'same handler' }] });
  });

  it('update refuses a rename onto another tool', () => {
    const server = newServer();
    server.tool({ name: 'taken' }, () => '');
    const reg = server.tool({ name: 'mine' }, () => '');
    expect(() => {
      reg.update({ name: 'taken' });
    }).toThrow(/already registered/);
  });

  it('disable hides a prompt from prompts/list and prompts/get', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => 'text').disable();
    server.prompt({ name: 'q' }, () => 'text');
    const peer = await handshakePeer(server);
    expect(await peer.request('prompts/list')).toEqual({ prompts: [{ name: 'q' }] });
    await expect(peer.request('prompts/get', { name: 'p' })).rejects.toMatchObject({ code: -32602 });
  });

  it('disable hides a resource from resources/list and resources/read', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => 'A').disable();
    server.resource({ uri: 'mem://b', name: 'b' }, () => 'B');
    const peer = await handshakePeer(server);
    expect(await peer.request('resources/list')).toEqual({ resources: [{ uri: 'mem://b', name: 'b' }] });
    await expect(peer.request('resources/read', { uri: 'mem://a' })).rejects.toMatchObject({ code: -32002 });
  });

  it('remove takes a template out of resources/templates/list and resources/read', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'mem://{id}', name: 'item' }, () => 'item').remove();
    server.resource({ uri: 'other://x', name: 'x' }, () => 'x');
    const peer = await handshakePeer(server);
    expect(await peer.request('resources/templates/list')).toEqual({ resourceTemplates: [] });
    await expect(peer.request('resources/read', { uri: 'mem://1' })).rejects.toMatchObject({ code: -32002 });
  });
});
