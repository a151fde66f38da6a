// completion/complete: prompt arguments and template variables, the context
// of earlier arguments, and the shape of the answer.
import { describe, expect, it } from 'vitest';
import { handshakePeer, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import { completeFrom, type CompletionContext } from './completion.js';
import { McpServer } from './server.js';

function newServer(): McpServer {
  return new McpServer({ name: 'completion-test', version: '1.0.0' });
}

function completePrompt(
  peer: RawPeer,
  name: string,
  argument: string,
  value: string,
  context?: Record<string, string>,
): Promise<unknown> {
  return peer.request('completion/complete', {
    ref: { type: 'ref/prompt', name },
    argument: { name: argument, value },
    ...(context !== undefined && { context: { arguments: context } }),
  });
}

describe('prompt argument completion', () => {
  it('answers with the completer’s values, total and hasMore', async () => {
    const server = newServer();
    server.prompt(
      { name: 'p', arguments: [{ name: 'lang' }], complete: { lang: completeFrom(['python', 'perl', 'rust']) } },
      () => '',
    );
    expect(await completePrompt(await handshakePeer(server), 'p', 'lang', 'p')).toEqual({
      completion: { values: ['python', 'perl'], total: 2, hasMore: false },
    });
  });

  it('gives the completer the earlier arguments as context.arguments', async () => {
    const server = newServer();
    let seen: CompletionContext | undefined;
    server.prompt(
      {
        name: 'p',
        arguments: [{ name: 'owner' }, { name: 'repo' }],
        complete: {
          repo: (_value, context) => {
            seen = context;
            return [];
          },
        },
      },
      () => '',
    );
    await completePrompt(await handshakePeer(server), 'p', 'repo', '', { owner: 'octocat' });
    expect(seen).toEqual({ arguments: { owner: 'octocat' } });
  });

  it('gives an empty context when the request has none', async () => {
    const server = newServer();
    let seen: CompletionContext | undefined;
    server.prompt({ name: 'p', complete: { a: (_v, context) => ((seen = context), []) } }, () => '');
    await completePrompt(await handshakePeer(server), 'p', 'a', '');
    expect(seen).toEqual({ arguments: {} });
  });

  it('caps the answer at 100 values and says there are more', async () => {
    const server = newServer();
    const many = Array.from({ length: 150 }, (_, i) => `v${i}`);
    server.prompt({ name: 'p', complete: { a: () => many } }, () => '');
    const result = (await completePrompt(await handshakePeer(server), 'p', 'a', '')) as {
      completion: { values: string[]; total: number; hasMore: boolean };
    };
    expect(result.completion.values).toEqual(many.slice(0, 100));
    expect(result.completion).toMatchObject({ total: 150, hasMore: true });
  });

  it('answers no values for an argument without a completer', async () => {
    const server = newServer();
    server.prompt({ name: 'p', arguments: [{ name: 'a' }] }, () => '');
    expect(await completePrompt(await handshakePeer(server), 'p', 'a', 'x')).toEqual({ completion: { values: [] } });
  });

  it('refuses an unknown prompt with -32602', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, () => '');
    await expect(completePrompt(await handshakePeer(server), 'nope', 'a', '')).rejects.toMatchObject({ code: -32602 });
  });

  it('is served on 2024-11-05, which has no completions capability', async () => {
    const server = newServer();
    server.prompt({ name: 'p', complete: { a: () => ['x'] } }, () => '');
    expect(await completePrompt(await handshakePeer(server, '2024-11-05'), 'p', 'a', '')).toMatchObject({
      completion: { values: ['x'] },
    });
  });

  it('is served statelessly on 2026-07-28', async () => {
    const server = newServer();
    server.prompt({ name: 'p', complete: { a: () => ['x'] } }, () => '');
    const peer = await rawPeer(server);
    const result = await peer.request('completion/complete', {
      _meta: meta2026(),
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'a', value: '' },
    });
    expect(result).toMatchObject({ completion: { values: ['x'] }, resultType: 'complete' });
  });
});

describe('template variable completion', () => {
  it('completes a variable of a template named by its URI template', async () => {
    const server = newServer();
    server.resourceTemplate(
      { uriTemplate: 'repos://{owner}/{repo}', name: 'repo', complete: { owner: completeFrom(['octocat', 'torvalds']) } },
      () => '',
    );
    const result = await (
      await handshakePeer(server)
    ).request('completion/complete', {
      ref: { type: 'ref/resource', uri: 'repos://{owner}/{repo}' },
      argument: { name: 'owner', value: 'OCT' },
    });
    expect(result).toEqual({ completion: { values: ['octocat'], total: 1, hasMore: false } });
  });

  it('gives the completer the other variables as context.arguments', async () => {
    const server = newServer();
    let seen: CompletionContext | undefined;
    server.resourceTemplate(
      {
        uriTemplate: 'repos://{owner}/{repo}',
        name: 'repo',
        complete: { repo: (_v, context) => ((seen = context), ['hello-world']) },
      },
      () => '',
    );
    await (
      await handshakePeer(server)
    ).request('completion/complete', {
      ref: { type: 'ref/resource', uri: 'repos://{owner}/{repo}' },
      argument: { name: 'repo', value: 'h' },
      context: { arguments: { owner: 'octocat' } },
    });
    expect(seen).toEqual({ arguments: { owner: 'octocat' } });
  });

  it('answers no values for a static resource', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => '');
    server.prompt({ name: 'p' }, () => '');
    const result = await (
      await handshakePeer(server)
    ).request('completion/complete', { ref: { type: 'ref/resource', uri: 'mem://a' }, argument: { name: 'x', value: '' } });
    expect(result).toEqual({ completion: { values: [] } });
  });

  it('refuses an unknown template with -32602', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'a://{x}', name: 'a' }, () => '');
    await expect(
      (await handshakePeer(server)).request('completion/complete', {
        ref: { type: 'ref/resource', uri: 'b://{x}' },
        argument: { name: 'x', value: '' },
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe('completeFrom', () => {
  it('keeps the options that start with the value, ignoring case, in order', () => {
    expect(completeFrom(['Alpha', 'beta', 'alps', 'gamma'])('AL', { arguments: {} })).toEqual(['Alpha', 'alps']);
  });
});
