// Resources on the wire: static text and binary contents, templates and their
// variables, list callbacks, not-found errors per era, and ctx.readResource.
import { describe, expect, it } from 'vitest';
import { handshakePeer, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import { McpServer } from './server.js';

function newServer(): McpServer {
  return new McpServer({ name: 'resources-test', version: '1.0.0' });
}

function read(peer: RawPeer, uri: string): Promise<unknown> {
  return peer.request('resources/read', { uri });
}

describe('static resources', () => {
  it('serve a string as text with the declared MIME type', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://readme', name: 'readme', mimeType: 'text/markdown' }, () => '# Hi');
    expect(await read(await handshakePeer(server), 'mem://readme')).toEqual({
      contents: [{ uri: 'mem://readme', mimeType: 'text/markdown', text: '# Hi' }],
    });
  });

  it('serve bytes as standard base64 in blob', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255, 62, 63]);
    const server = newServer();
    server.resource({ uri: 'mem://bin', name: 'bin', mimeType: 'application/octet-stream' }, () => bytes);
    expect(await read(await handshakePeer(server), 'mem://bin')).toEqual({
      contents: [{ uri: 'mem://bin', mimeType: 'application/octet-stream', blob: Buffer.from(bytes).toString('base64') }],
    });
  });

  it('encode large binaries correctly (chunked base64)', async () => {
    const bytes = new Uint8Array(200_003).map((_, i) => (i * 7919) % 256);
    const server = newServer();
    server.resource({ uri: 'mem://big', name: 'big' }, () => bytes);
    const { contents } = (await read(await handshakePeer(server), 'mem://big')) as { contents: { blob: string }[] };
    expect(contents[0]?.blob).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('pass a full ReadResourceResult through', async () => {
    const server = newServer();
    const result = {
      contents: [
        { uri: 'mem://a', text: 'A' },
        { uri: 'mem://a#part', blob: 'AA==', mimeType: 'image/png' },
      ],
    };
    server.resource({ uri: 'mem://a', name: 'a' }, () => result);
    expect(await read(await handshakePeer(server), 'mem://a')).toEqual(result);
  });

  it('wrap a single contents object', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, (uri) => ({ uri, text: 'A', mimeType: 'text/plain' }));
    expect(await read(await handshakePeer(server), 'mem://a')).toEqual({
      contents: [{ uri: 'mem://a', text: 'A', mimeType: 'text/plain' }],
    });
  });

  it('are listed with their description fields', async () => {
    const server = newServer();
    const definition = {
      uri: 'mem://a',
      name: 'a',
      title: 'A',
      description: 'The letter A',
      mimeType: 'text/plain',
      size: 1,
      annotations: { audience: ['user' as const], priority: 0.5 },
      icons: [{ src: 'https://example.com/a.png' }],
      _meta: { 'example.com/k': true },
    };
    server.resource(definition, () => 'A');
    expect(await (await handshakePeer(server)).request('resources/list')).toEqual({ resources: [definition] });
  });

  it('refuse a URI that is not absolute', () => {
    expect(() => newServer().resource({ uri: 'relative/path', name: 'x' }, () => '')).toThrow(/not an absolute URI/);
  });
});

describe('resource templates', () => {
  it('hand the handler the variables matched from the URI', async () => {
    const server = newServer();
    let seen: unknown;
    server.resourceTemplate({ uriTemplate: 'x://{a}/{+b}{?c}', name: 'x' }, (uri, vars) => {
      seen = { uri, vars };
      return 'ok';
    });
    await read(await handshakePeer(server), 'x://one/two/three?c=4');
    expect(seen).toEqual({ uri: 'x://one/two/three?c=4', vars: { a: 'one', b: 'two/three', c: '4' } });
  });

  it('leave an absent query variable out', async () => {
    const server = newServer();
    let seen: unknown;
    server.resourceTemplate({ uriTemplate: 'x://{a}{?c}', name: 'x' }, (_uri, vars) => {
      seen = vars;
      return 'ok';
    });
    await read(await handshakePeer(server), 'x://one');
    expect(seen).toEqual({ a: 'one' });
  });

  it('answer with the read URI and the template MIME type', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'users://{id}', name: 'user', mimeType: 'application/json' }, (_uri, { id }) =>
      JSON.stringify({ id }),
    );
    expect(await read(await handshakePeer(server), 'users://7')).toEqual({
      contents: [{ uri: 'users://7', mimeType: 'application/json', text: '{"id":"7"}' }],
    });
  });

  it('lose to a static resource with exactly that URI', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'users://{id}', name: 'user' }, () => 'template');
    server.resource({ uri: 'users://me', name: 'me' }, () => 'static');
    expect(await read(await handshakePeer(server), 'users://me')).toMatchObject({ contents: [{ text: 'static' }] });
  });

  it('are tried in registration order', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'files://{+path}', name: 'any' }, () => 'first');
    server.resourceTemplate({ uriTemplate: 'files://{dir}/{name}', name: 'two' }, () => 'second');
    expect(await read(await handshakePeer(server), 'files://a/b')).toMatchObject({ contents: [{ text: 'first' }] });
  });

  it('are listed by resources/templates/list', async () => {
    const server = newServer();
    server.resourceTemplate(
      { uriTemplate: 'users://{id}', name: 'user', title: 'User', description: 'A user', mimeType: 'application/json' },
      () => '',
    );
    expect(await (await handshakePeer(server)).request('resources/templates/list')).toEqual({
      resourceTemplates: [
        { uriTemplate: 'users://{id}', name: 'user', title: 'User', description: 'A user', mimeType: 'application/json' },
      ],
    });
  });

  it('contribute their list callback to resources/list, after the static resources', async () => {
    const server = newServer();
    server.resourceTemplate(
      {
        uriTemplate: 'users://{id}',
        name: 'user',
        list: () => [
          { uri: 'users://1', name: 'one' },
          { uri: 'users://2', name: 'two' },
        ],
      },
      () => '',
    );
    server.resource({ uri: 'mem://static', name: 'static' }, () => '');
    expect(await (await handshakePeer(server)).request('resources/list')).toEqual({
      resources: [
        { uri: 'mem://static', name: 'static' },
        { uri: 'users://1', name: 'one' },
        { uri: 'users://2', name: 'two' },
      ],
    });
  });

  it('give the list callback the request context', async () => {
    const server = newServer();
    let era: unknown;
    server.resourceTemplate(
      {
        uriTemplate: 'users://{id}',
        name: 'user',
        list: (ctx) => {
          era = ctx.era;
          return [];
        },
      },
      () => '',
    );
    await (await rawPeer(server)).request('resources/list', { _meta: meta2026() });
    expect(era).toBe('stateless');
  });
});

describe('unknown resources', () => {
  it.each(['2024-11-05', '2025-11-25'])('are -32002 with data.uri on %s', async (revision) => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => 'A');
    await expect(read(await handshakePeer(server, revision), 'mem://nope')).rejects.toMatchObject({
      code: -32002,
      message: 'Resource not found: mem://nope',
      data: { uri: 'mem://nope' },
    });
  });

  it('are -32602 with data.uri on 2026-07-28, never empty contents', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => 'A');
    const peer = await rawPeer(server);
    await expect(peer.request('resources/read', { _meta: meta2026(), uri: 'mem://nope' })).rejects.toMatchObject({
      code: -32602,
      data: { uri: 'mem://nope' },
    });
  });

  it('include URIs no template matches', async () => {
    const server = newServer();
    server.resourceTemplate({ uriTemplate: 'users://{id}', name: 'user' }, () => '');
    await expect(read(await handshakePeer(server), 'users://1/extra')).rejects.toMatchObject({ code: -32002 });
  });
});

describe('failing resource handlers', () => {
  it('are -32603 with the message masked', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => {
      throw new Error('secret path /etc/x');
    });
    await expect(read(await handshakePeer(server), 'mem://a')).rejects.toMatchObject({ code: -32603, message: 'Internal error' });
  });
});

describe('cache hints of a resource', () => {
  it('are sent on 2026-07-28 reads', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a', cache: { ttlMs: 60_000, scope: 'public' } }, () => 'A');
    const result = await (await rawPeer(server)).request('resources/read', { _meta: meta2026(), uri: 'mem://a' });
    expect(result).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
  });

  it('are not sent in the handshake era', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a', cache: { ttlMs: 60_000, scope: 'public' } }, () => 'A');
    expect(await read(await handshakePeer(server), 'mem://a')).toEqual({ contents: [{ uri: 'mem://a', text: 'A' }] });
  });
});

describe('ctx.readResource', () => {
  it('reads the server’s own static resources and templates', async () => {
    const server = newServer();
    server.resource({ uri: 'mem://config', name: 'config' }, () => 'debug=true');
    server.resourceTemplate({ uriTemplate: 'users://{id}', name: 'user' }, (_uri, { id }) => `user ${id}`);
    server.tool({ name: 'summary' }, async (_args, ctx) => {
      const [config, user] = await Promise.all([ctx.readResource('mem://config'), ctx.readResource('users://9')]);
      return [config, user].map((r) => (r.contents[0] as { text: string }).text).join(' | ');
    });
    expect(await (await handshakePeer(server)).request('tools/call', { name: 'summary' })).toEqual({
      content: [{ type: 'text', text: 'debug=true | user 9' }],
    });
  });

  it('rejects an unknown URI with the not-found error', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async (_args, ctx) => {
      await ctx.readResource('mem://missing');
    });
    await expect((await handshakePeer(server)).request('tools/call', { name: 't' })).rejects.toMatchObject({ code: -32002 });
  });
});
