// Types inferred by McpServer registration: template variables, tool and
// prompt arguments, tool outputs, and the lifespan state.
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { CallToolResult } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
import type { Registration } from './registration.js';
import type { ToolDefinition } from './tools.js';
import { McpServer } from './server.js';

const server = new McpServer({ name: 'types', version: '1.0.0' });

describe('resourceTemplate', () => {
  it('types the variables from the URI template', () => {
    server.resourceTemplate({ uriTemplate: 'x://{a}/{+b}{?c}', name: 'x' }, (uri, vars) => {
      expectTypeOf(uri).toEqualTypeOf<string>();
      expectTypeOf(vars).toEqualTypeOf<{ a: string; b: string; c?: string }>();
      return '';
    });
  });

  it('types exploded variables as lists', () => {
    server.resourceTemplate({ uriTemplate: 'repo://{owner}{?labels*}', name: 'r' }, (_uri, vars) => {
      expectTypeOf(vars).toEqualTypeOf<{ owner: string; labels?: string[] }>();
      return '';
    });
  });

  it('accepts completers only for the template’s variables', () => {
    server.resourceTemplate({ uriTemplate: 'u://{id}', name: 'u', complete: { id: () => [] } }, () => '');
    server.resourceTemplate(
      {
        uriTemplate: 'v://{id}',
        name: 'v',
        // @ts-expect-error: `nope` is not a variable of the template
        complete: { nope: () => [] },
      },
      () => '',
    );
  });
});

describe('tool', () => {
  it('types a zod input’s arguments as the schema output (transforms applied)', () => {
    server.tool({ name: 'z', input: z.object({ n: z.string().transform(Number), tag: z.string().optional() }) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ n: number; tag?: string | undefined }>();
      return '';
    });
  });

  it('types the arguments of a tool without input as an empty record', () => {
    server.tool({ name: 'none' }, (args) => {
      expectTypeOf(args).toEqualTypeOf<Record<string, never>>();
      return '';
    });
  });

  it('leaves the arguments of a raw JSON Schema unknown', () => {
    server.tool({ name: 'json', input: { type: 'object' } }, (args) => {
      expectTypeOf(args).toBeUnknown();
      return '';
    });
  });

  it('checks a structured return against a zod output schema', () => {
    server.tool({ name: 'out', output: z.object({ n: z.number() }) }, () => ({ n: 1 }));
    // @ts-expect-error: `n` must be a number
    server.tool({ name: 'bad', output: z.object({ n: z.number() }) }, () => ({ n: 'one' }));
  });

  it('always accepts text, a full result, or nothing', () => {
    server.tool({ name: 'forms', output: z.object({ n: z.number() }) }, (_args, ctx) => {
      if (ctx.era === 'stateless') return 'text';
      if (ctx.revision === '2025-11-25') return { content: [], isError: true } satisfies CallToolResult;
      return undefined;
    });
  });

  it('returns a Registration whose update patches the definition', () => {
    const reg = server.tool({ name: 'r' }, () => '');
    expectTypeOf(reg).toExtend<Registration<ToolDefinition, unknown>>();
    expectTypeOf(reg.definition).toEqualTypeOf<ToolDefinition>();
    expectTypeOf<Parameters<typeof reg.update>[0]>().toHaveProperty('description');
  });
});

describe('prompt', () => {
  it('types a declared argument list as optional strings', () => {
    server.prompt({ name: 'list', arguments: [{ name: 'code', required: true }] }, (args) => {
      expectTypeOf(args).toEqualTypeOf<Record<string, string | undefined>>();
      return '';
    });
  });

  it('types a zod argument schema as its output', () => {
    server.prompt({ name: 'zod', arguments: z.object({ count: z.string().transform(Number) }) }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ count: number }>();
      return '';
    });
  });
});

describe('lifespan state', () => {
  it('reaches handlers as ctx.state and server.state', () => {
    const withState = new McpServer({ name: 's', version: '1', lifespan: () => ({ state: { db: 'pool' } }) });
    withState.tool({ name: 't' }, (_args, ctx) => {
      expectTypeOf(ctx).toEqualTypeOf<ServerContext<{ db: string }>>();
      expectTypeOf(ctx.state.db).toEqualTypeOf<string>();
      return '';
    });
    expectTypeOf(withState.state).toEqualTypeOf<{ db: string }>();
  });
});

describe('the public surface', () => {
  it('keeps what sessions and transports need of the server off it', () => {
    expectTypeOf<McpServer>().not.toHaveProperty('run');
    expectTypeOf<McpServer>().not.toHaveProperty('feature');
    expectTypeOf<McpServer>().not.toHaveProperty('subscribe');
    expectTypeOf<McpServer>().not.toHaveProperty('principal');
    expectTypeOf<McpServer>().not.toHaveProperty('clientNotification');
    expectTypeOf<McpServer>().not.toHaveProperty('tools');
    expectTypeOf<McpServer>().not.toHaveProperty('sealer');
    expectTypeOf<McpServer>().toHaveProperty('tool');
    expectTypeOf<McpServer>().toHaveProperty('sessions');
  });
});
