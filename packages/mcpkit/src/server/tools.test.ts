// Tools on the wire: argument validation (JSON Schema dialects, Standard
// Schema transforms), result normalization, output schemas, error handling,
// and what each revision may see.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handshakePeer, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import type { JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';
import { ToolError } from './tools.js';

function newServer(options: Partial<ServerOptions> = {}): McpServer {
  return new McpServer({ name: 'tools-test', version: '1.0.0', ...options });
}

/** A peer after the handshake at `revision`. */
function call(peer: RawPeer, name: string, args?: Record<string, unknown>): Promise<unknown> {
  return peer.request('tools/call', args === undefined ? { name } : { name, arguments: args });
}

function call2026(peer: RawPeer, name: string, args: Record<string, unknown>): Promise<unknown> {
  return peer.request('tools/call', { _meta: meta2026(), name, arguments: args });
}

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

describe('JSON Schema input', () => {
  const pair2020 = {
    type: 'object',
    properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
  } as const;
  const pairDraft07 = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
  } as const;

  it('is JSON Schema 2020-12 by default (prefixItems applies)', async () => {
    const server = newServer();
    server.tool({ name: 't', input: pair2020 }, () => 'ok');
    const peer = await handshakePeer(server);
    expect(await call(peer, 't', { pair: ['a', 1] })).toEqual(text('ok'));
    expect(await call(peer, 't', { pair: ['a', 'b'] })).toMatchObject({ isError: true });
  });

  it('honours a declared draft-07 $schema (array-form items applies)', async () => {
    const server = newServer();
    server.tool({ name: 't', input: pairDraft07 }, () => 'ok');
    const peer = await handshakePeer(server);
    expect(await call(peer, 't', { pair: ['a', 1] })).toEqual(text('ok'));
    expect(await call(peer, 't', { pair: ['a', 'b'] })).toMatchObject({ isError: true });
  });

  it('passes valid arguments to the handler as sent', async () => {
    const server = newServer();
    let seen: unknown;
    server.tool({ name: 't', input: { type: 'object', properties: { q: { type: 'string' } } } }, (args) => {
      seen = args;
      return 'ok';
    });
    await call(await handshakePeer(server), 't', { q: 'x', extra: [1] });
    expect(seen).toEqual({ q: 'x', extra: [1] });
  });

  it('treats absent arguments as an empty object', async () => {
    const server = newServer();
    server.tool({ name: 't', input: { type: 'object', required: ['q'] } }, () => 'ran');
    const result = (await call(await handshakePeer(server), 't')) as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/q/);
  });

  it('uses the validator given in the server options', async () => {
    const compiled: unknown[] = [];
    const validator: JsonSchemaValidator = {
      compile: (schema) => {
        compiled.push(schema);
        return (value) => ({ ok: false, issues: [{ path: '', message: `refused ${JSON.stringify(value)}` }] });
      },
    };
    const server = newServer({ validator });
    const input = { type: 'object' } as const;
    server.tool({ name: 't', input }, () => 'ran');
    const result = await call(await handshakePeer(server), 't', { a: 1 });
    expect(compiled).toEqual([input]);
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool t: (root): refused {"a":1}' }],
      isError: true,
    });
  });
});

describe('tools without input', () => {
  it('advertise an empty object schema that allows no properties', async () => {
    const server = newServer();
    server.tool({ name: 'noargs' }, () => '');
    expect(await (await handshakePeer(server)).request('tools/list')).toEqual({
      tools: [{ name: 'noargs', inputSchema: { type: 'object', additionalProperties: false } }],
    });
  });

  it('refuse unexpected arguments', async () => {
    const server = newServer();
    server.tool({ name: 'noargs' }, () => 'ran');
    expect(await call(await handshakePeer(server), 'noargs', { surprise: 1 })).toMatchObject({ isError: true });
  });
});

describe('Standard Schema input', () => {
  it('hands the handler the transformed value', async () => {
    const server = newServer();
    server.tool(
      { name: 't', input: z.object({ n: z.string().transform(Number), tags: z.string().array().default([]) }) },
      (args) => ({
        n: args.n,
        type: typeof args.n,
        tags: args.tags,
      }),
    );
    const result = await call(await handshakePeer(server), 't', { n: '42' });
    expect(result).toMatchObject({ structuredContent: { n: 42, type: 'number', tags: [] } });
  });

  it('advertises the JSON Schema of the input side', async () => {
    const server = newServer();
    server.tool({ name: 't', input: z.object({ n: z.string().transform(Number) }) }, () => '');
    const { tools } = (await (await handshakePeer(server)).request('tools/list')) as {
      tools: { inputSchema: Record<string, unknown> }[];
    };
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', properties: { n: { type: 'string' } }, required: ['n'] });
  });
});

describe('invalid arguments', () => {
  const input = z.object({ count: z.number() });

  it.each(['2025-11-25'])('are a tool error the model can read on %s', async (revision) => {
    const server = newServer();
    server.tool({ name: 't', input }, () => 'ran');
    const result = (await call(await handshakePeer(server, revision), 't', { count: 'three' })) as {
      isError: boolean;
      content: { text: string }[];
    };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/^Invalid arguments for tool t: \/count: /);
  });

  it('are a tool error on 2026-07-28', async () => {
    const server = newServer();
    server.tool({ name: 't', input }, () => 'ran');
    const peer = await rawPeer(server);
    expect(await call2026(peer, 't', { count: 'three' })).toMatchObject({ isError: true, resultType: 'complete' });
  });

  it.each(['2024-11-05', '2025-03-26', '2025-06-18'])('are -32602 on %s', async (revision) => {
    const server = newServer();
    server.tool({ name: 't', input }, () => 'ran');
    await expect(call(await handshakePeer(server, revision), 't', { count: 'three' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid arguments for tool t: \/count: /) as unknown,
    });
  });

  it('never reach the handler', async () => {
    const server = newServer();
    let ran = false;
    server.tool({ name: 't', input }, () => {
      ran = true;
    });
    await call(await handshakePeer(server), 't', { count: 'three' });
    expect(ran).toBe(false);
  });
});

describe('result normalization', () => {
  it('turns a string into one text block', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => 'hello');
    expect(await call(await handshakePeer(server), 't')).toEqual(text('hello'));
  });

  it('turns an object into structuredContent plus its JSON as text', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => ({ a: 1, b: [true] }));
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: '{"a":1,"b":[true]}' }],
      structuredContent: { a: 1, b: [true] },
    });
  });

  it('passes a full CallToolResult through', async () => {
    const server = newServer();
    const full = {
      content: [{ type: 'image' as const, data: 'AAAA', mimeType: 'image/png' }],
      isError: false,
      _meta: { k: 'v' },
    };
    server.tool({ name: 't' }, () => full);
    expect(await call(await handshakePeer(server), 't')).toEqual(full);
  });

  it('turns undefined into empty content', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => undefined);
    expect(await call(await handshakePeer(server), 't')).toEqual({ content: [] });
  });

  it('awaits an async handler', async () => {
    const server = newServer();
    server.tool({ name: 't' }, async () => {
      await Promise.resolve();
      return 'later';
    });
    expect(await call(await handshakePeer(server), 't')).toEqual(text('later'));
  });

  it('sends an array as text only before 2026-07-28 (structuredContent must be an object)', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => [1, 2]);
    expect(await call(await handshakePeer(server), 't')).toEqual(text('[1,2]'));
  });
});

describe('output schema', () => {
  it('is advertised as outputSchema', async () => {
    const server = newServer();
    server.tool({ name: 't', output: { type: 'object', properties: { n: { type: 'number' } } } }, () => ({ n: 1 }));
    expect(await (await handshakePeer(server)).request('tools/list')).toMatchObject({
      tools: [{ name: 't', outputSchema: { type: 'object', properties: { n: { type: 'number' } } } }],
    });
  });

  it('lets matching structured content through', async () => {
    const server = newServer();
    server.tool({ name: 't', output: z.object({ n: z.number() }) }, () => ({ n: 1 }));
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: '{"n":1}' }],
      structuredContent: { n: 1 },
    });
  });

  it('turns a mismatch into -32603 that names the tool and the problem', async () => {
    const server = newServer();
    server.tool({ name: 't', output: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }, () => ({
      n: 'one',
    }));
    await expect(call(await handshakePeer(server), 't')).rejects.toMatchObject({
      code: -32603,
      message: expect.stringMatching(
        /^Tool t returned structuredContent that does not match its output schema: \/n: must be number/,
      ) as unknown,
    });
  });

  it('turns a missing structuredContent into -32603', async () => {
    const server = newServer();
    server.tool({ name: 't', output: { type: 'object' } }, () => 'just text');
    await expect(call(await handshakePeer(server), 't')).rejects.toMatchObject({
      code: -32603,
      message: 'Tool t declares an output schema but returned no structuredContent',
    });
  });

  it('is not applied to an error result', async () => {
    const server = newServer();
    server.tool({ name: 't', output: { type: 'object', required: ['n'] } }, () => ({
      content: [{ type: 'text', text: 'no' }],
      isError: true,
    }));
    expect(await call(await handshakePeer(server), 't')).toEqual({ content: [{ type: 'text', text: 'no' }], isError: true });
  });

  it('sends what a zod output schema produces: extra keys stripped from structuredContent and text', async () => {
    const server = newServer();
    server.tool({ name: 't', output: z.object({ n: z.number() }) }, () => ({ n: 1, secret: 'internal' }) as { n: number });
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: '{"n":1}' }],
      structuredContent: { n: 1 },
    });
  });

  it('keeps the content of a full result while replacing its structuredContent with the schema output', async () => {
    const server = newServer();
    server.tool({ name: 't', output: z.object({ n: z.number() }) }, () => ({
      content: [{ type: 'text' as const, text: 'one' }],
      structuredContent: { n: 1, extra: true },
    }));
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: 'one' }],
      structuredContent: { n: 1 },
    });
  });
});

describe('errors thrown by handlers', () => {
  it('masks an Error by default', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => {
      throw new Error('db password is hunter2');
    });
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: 'Tool t failed' }],
      isError: true,
    });
  });

  it('exposes the message with exposeErrorDetails', async () => {
    const server = newServer({ exposeErrorDetails: true });
    server.tool({ name: 't' }, () => {
      throw new Error('disk full');
    });
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: 'Tool t failed: disk full' }],
      isError: true,
    });
  });

  it('masks a thrown non-Error even with exposeErrorDetails', async () => {
    const server = newServer({ exposeErrorDetails: true });
    server.tool({ name: 't' }, () => {
      throw 'a string' as unknown as Error;
    });
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: 'Tool t failed' }],
      isError: true,
    });
  });

  it('passes a ToolError message to the model', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => {
      throw new ToolError('City not found; try a larger one');
    });
    expect(await call(await handshakePeer(server), 't')).toEqual({
      content: [{ type: 'text', text: 'City not found; try a larger one' }],
      isError: true,
    });
  });

  it('sends an RpcError as a JSON-RPC error with its code, message and data', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => {
      throw new RpcError(-31999, 'Quota exceeded', { retryAfter: 30 });
    });
    await expect(call(await handshakePeer(server), 't')).rejects.toMatchObject({
      code: -31999,
      message: 'Quota exceeded',
      data: { retryAfter: 30 },
    });
  });
});

describe('unknown tools', () => {
  it('are -32602 in the handshake era', async () => {
    const server = newServer();
    server.tool({ name: 'known' }, () => '');
    await expect(call(await handshakePeer(server), 'unknown')).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown tool: unknown',
    });
  });

  it('are -32602 in the stateless era', async () => {
    const server = newServer();
    server.tool({ name: 'known' }, () => '');
    const peer = await rawPeer(server);
    await expect(call2026(peer, 'unknown', {})).rejects.toMatchObject({ code: -32602 });
  });
});

describe('structured content per revision', () => {
  it.each(['2024-11-05', '2025-03-26'])('is dropped for %s (the text block remains)', async (revision) => {
    const server = newServer();
    server.tool({ name: 't', output: z.object({ n: z.number() }) }, () => ({ n: 1 }));
    expect(await call(await handshakePeer(server, revision), 't')).toEqual(text('{"n":1}'));
  });

  it.each(['2025-06-18', '2025-11-25'])('is sent for %s', async (revision) => {
    const server = newServer();
    server.tool({ name: 't' }, () => ({ n: 1 }));
    expect(await call(await handshakePeer(server, revision), 't')).toMatchObject({ structuredContent: { n: 1 } });
  });

  it('may be a non-object value on 2026-07-28', async () => {
    const server = newServer();
    server.tool({ name: 't' }, () => [1, 2]);
    const peer = await rawPeer(server);
    expect(await call2026(peer, 't', {})).toMatchObject({
      content: [{ type: 'text', text: '[1,2]' }],
      structuredContent: [1, 2],
    });
  });
});

describe('the Tool on the wire', () => {
  it('carries every schema keyword untouched (x-mcp-header, $anchor, if/then/else)', async () => {
    const input = {
      type: 'object',
      $defs: { region: { $anchor: 'region', type: 'string', enum: ['eu', 'us'] } },
      properties: {
        region: { $ref: '#region', 'x-mcp-header': 'Region' },
        kind: { type: 'string' },
        size: { type: 'number' },
      },
      if: { properties: { kind: { const: 'box' } } },
      then: { required: ['size'] },
      else: { not: { required: ['size'] } },
      'x-vendor': { anything: [1, null] },
    };
    const server = newServer();
    server.tool({ name: 't', input }, () => 'ok');
    const peer = await handshakePeer(server);
    const { tools } = (await peer.request('tools/list')) as { tools: { inputSchema: unknown }[] };
    expect(tools[0]?.inputSchema).toEqual(input);
    expect(await call(peer, 't', { region: 'eu', kind: 'box', size: 2 })).toEqual(text('ok'));
    expect(await call(peer, 't', { region: 'eu', kind: 'box' })).toMatchObject({ isError: true });
    expect(await call(peer, 't', { region: 'mars', kind: 'bag' })).toMatchObject({ isError: true });
  });

  it('carries title, description, annotations, icons and _meta', async () => {
    const server = newServer();
    const definition = {
      name: 'weather',
      title: 'Weather',
      description: 'Current weather',
      annotations: { readOnlyHint: true, openWorldHint: true },
      icons: [{ src: 'https://example.com/w.png', mimeType: 'image/png' }],
      _meta: { 'example.com/x': 1 },
    };
    server.tool(definition, () => '');
    const { name: _name, ...rest } = definition;
    expect(await (await handshakePeer(server)).request('tools/list')).toEqual({
      tools: [{ name: 'weather', inputSchema: { type: 'object', additionalProperties: false }, ...rest }],
    });
  });
});
