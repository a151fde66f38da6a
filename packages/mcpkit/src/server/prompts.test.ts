// Prompts on the wire: declared argument lists and argument schemas, checks
// of required arguments, and the forms a handler may return.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handshakePeer, type RawPeer } from '../../test/rawClient.js';
import { McpServer } from './server.js';

function newServer(): McpServer {
  return new McpServer({ name: 'prompts-test', version: '1.0.0' });
}

function get(peer: RawPeer, name: string, args?: Record<string, string>): Promise<unknown> {
  return peer.request('prompts/get', args === undefined ? { name } : { name, arguments: args });
}

describe('prompts/list', () => {
  it('sends a declared argument list as given', async () => {
    const server = newServer();
    const args = [
      { name: 'code', description: 'The code to review', required: true },
      { name: 'style', title: 'Style' },
    ];
    server.prompt({ name: 'review', title: 'Review', description: 'Reviews code', arguments: args }, () => '');
    expect(await (await handshakePeer(server)).request('prompts/list')).toEqual({
      prompts: [{ name: 'review', title: 'Review', description: 'Reviews code', arguments: args }],
    });
  });

  it('derives the arguments of a zod schema: names, descriptions, required', async () => {
    const server = newServer();
    server.prompt(
      { name: 'p', arguments: z.object({ topic: z.string().describe('What to write about'), tone: z.string().optional() }) },
      () => '',
    );
    expect(await (await handshakePeer(server)).request('prompts/list')).toEqual({
      prompts: [
        { name: 'p', arguments: [{ name: 'topic', description: 'What to write about', required: true }, { name: 'tone' }] },
      ],
    });
  });

  it('leaves arguments out of a prompt that declares none', async () => {
    const server = newServer();
    server.prompt({ name: 'plain' }, () => '');
    expect(await (await handshakePeer(server)).request('prompts/list')).toEqual({ prompts: [{ name: 'plain' }] });
  });
});

describe('prompts/get arguments', () => {
  it('refuses a missing required argument with -32602', async () => {
    const server = newServer();
    server.prompt({ name: 'p', arguments: [{ name: 'code', required: true }] }, () => '');
    await expect(get(await handshakePeer(server), 'p', {})).rejects.toMatchObject({
      code: -32602,
      message: 'Missing required argument "code" for prompt p',
    });
  });

  it('accepts a missing optional argument', async () => {
    const server = newServer();
    server.prompt({ name: 'p', arguments: [{ name: 'style' }] }, (args) => `style=${String(args['style'])}`);
    expect(await get(await handshakePeer(server), 'p')).toMatchObject({ messages: [{ content: { text: 'style=undefined' } }] });
  });

  it('refuses arguments a zod schema rejects with -32602', async () => {
    const server = newServer();
    server.prompt({ name: 'p', arguments: z.object({ topic: z.string().min(3) }) }, () => '');
    await expect(get(await handshakePeer(server), 'p', { topic: 'ab' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid arguments for prompt p: \/topic: /) as unknown,
    });
  });

  it('hands the handler the zod output (transforms applied)', async () => {
    const server = newServer();
    server.prompt(
      { name: 'p', arguments: z.object({ count: z.string().transform(Number) }) },
      ({ count }) => `${typeof count} ${count + 1}`,
    );
    expect(await get(await handshakePeer(server), 'p', { count: '41' })).toMatchObject({
      messages: [{ content: { text: 'number 42' } }],
    });
  });

  it('refuses an unknown prompt with -32602', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => '');
    await expect(get(await handshakePeer(server), 'nope')).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown prompt: nope',
    });
  });
});

describe('prompts/get results', () => {
  it('turn a string into one user text message', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => 'Say hi');
    expect(await get(await handshakePeer(server), 'p')).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
    });
  });

  it('take a list of messages as the messages', async () => {
    const server = newServer();
    const messages = [
      { role: 'user' as const, content: { type: 'text' as const, text: 'Q' } },
      { role: 'assistant' as const, content: { type: 'text' as const, text: 'A' } },
    ];
    server.prompt({ name: 'p' }, () => messages);
    expect(await get(await handshakePeer(server), 'p')).toEqual({ messages });
  });

  it('pass a full result through', async () => {
    const server = newServer();
    const result = {
      description: 'Own',
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'x' } }],
      _meta: { k: 1 },
    };
    server.prompt({ name: 'p', description: 'Declared' }, () => result);
    expect(await get(await handshakePeer(server), 'p')).toEqual(result);
  });

  it('fill in the declared description when a full result has none', async () => {
    const server = newServer();
    server.prompt({ name: 'p', description: 'Declared' }, () => ({ messages: [] }));
    expect(await get(await handshakePeer(server), 'p')).toEqual({ description: 'Declared', messages: [] });
  });

  it('turn a handler failure into masked -32603', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => {
      throw new Error('internal detail');
    });
    await expect(get(await handshakePeer(server), 'p')).rejects.toMatchObject({ code: -32603, message: 'Internal error' });
  });
});

describe('prompt registration', () => {
  it('refuses an empty name', () => {
    expect(() => newServer().prompt({ name: '' }, () => '')).toThrow(/needs a name/);
  });
});
