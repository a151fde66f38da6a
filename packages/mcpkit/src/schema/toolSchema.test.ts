import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import type { JsonSchemaValidator } from './jsonSchemaValidator.js';
import { defaultValidator, resolveSchema } from './toolSchema.js';

const invalidArgument = (message: RegExp) => ({
  name: 'LocalError',
  code: 'INVALID_ARGUMENT',
  message: expect.stringMatching(message) as unknown,
});

/** What `run` throws (undefined if nothing). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

describe('resolveSchema: no schema', () => {
  const none = resolveSchema(undefined, 'input');

  it('means no arguments, in the form the spec recommends', () => {
    expect(none.jsonSchema).toStrictEqual({ type: 'object', additionalProperties: false });
  });

  it('accepts an empty object, synchronously', () => {
    expect(none.validate({})).toStrictEqual({ ok: true, value: {} });
  });

  it('names every argument it did not expect', () => {
    expect(none.validate({ a: 1, 'b/c': 2 })).toStrictEqual({
      ok: false,
      issues: [
        { path: '/a', message: 'is not allowed' },
        { path: '/b~1c', message: 'is not allowed' },
      ],
    });
  });

  it.each([null, [], 'x'])('rejects %j', (value) => {
    expect(none.validate(value)).toStrictEqual({ ok: false, issues: [{ path: '', message: 'must be object' }] });
  });

  it('is not an output schema', () => {
    expect(thrownBy(() => resolveSchema(undefined, 'output'))).toMatchObject(invalidArgument(/output schema is optional/));
  });
});

describe('resolveSchema: JSON Schema objects', () => {
  it('sends the very object given, untouched', async () => {
    const schema = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } }, required: ['region'] };
    const before = JSON.stringify(schema);
    const resolved = resolveSchema(schema, 'input');
    expect(resolved.jsonSchema).toBe(schema);
    await resolved.validate({ region: 'eu' });
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.isFrozen(schema)).toBe(false);
  });

  it('compiles on first use (asynchronously), then answers synchronously', async () => {
    const resolved = resolveSchema({ type: 'object', required: ['q'] }, 'input');
    const first = resolved.validate({});
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toStrictEqual({ ok: false, issues: [{ path: '/q', message: 'is required' }] });
    expect(resolved.validate({ q: 1 })).toStrictEqual({ ok: true, value: { q: 1 } });
  });

  it('requires type "object" at the root of an input schema', () => {
    expect(thrownBy(() => resolveSchema({ type: 'array' }, 'input'))).toMatchObject(
      invalidArgument(/"type": "object" at its root.*not "array"/),
    );
    expect(thrownBy(() => resolveSchema({ properties: {} }, 'input'))).toMatchObject(invalidArgument(/not null/));
  });

  it('allows any root in an output schema', async () => {
    const resolved = resolveSchema({ type: 'array', items: { type: 'string' } }, 'output');
    expect(await resolved.validate(['a'])).toStrictEqual({ ok: true, value: ['a'] });
  });

  it.each([true, null, [], 'schema'])('rejects %j as a schema', (schema) => {
    expect(thrownBy(() => resolveSchema(schema as unknown as JsonSchemaObject, 'output'))).toMatchObject(
      invalidArgument(/Standard Schema .* or a JSON Schema object/),
    );
  });

  it('reports a schema that does not compile on every call, the same way', async () => {
    const resolved = resolveSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }, 'input');
    const expected = invalidArgument(/Unsupported JSON Schema dialect/);
    await expect(resolved.validate({})).rejects.toMatchObject(expected);
    await expect(resolved.validate({})).rejects.toMatchObject(expected);
  });

  it('uses one shared default validator', () => {
    expect(defaultValidator()).toBe(defaultValidator());
  });

  it('compiles at once with a synchronous validator, so schema errors surface early', () => {
    const compile = vi.fn(() => (value: unknown) => ({ ok: true as const, value }));
    const sync: JsonSchemaValidator = { compile: compile as JsonSchemaValidator['compile'] };
    const schema = { type: 'object' };
    const resolved = resolveSchema(schema, 'input', { validator: sync });
    expect(compile).toHaveBeenCalledWith(schema);
    expect(resolved.validate({ a: 1 })).toStrictEqual({ ok: true, value: { a: 1 } });

    const failing: JsonSchemaValidator = {
      compile: () => {
        throw new Error('nope');
      },
    };
    expect(() => resolveSchema(schema, 'input', { validator: failing })).toThrow('nope');
  });

  it('waits for a lazy validator before compiling', async () => {
    let loaded = false;
    const lazy: JsonSchemaValidator = {
      ready: () => Promise.resolve().then(() => void (loaded = true)),
      compile: (() => {
        expect(loaded).toBe(true);
        return (value: unknown) => ({ ok: true, value });
      }) as JsonSchemaValidator['compile'],
    };
    expect(await resolveSchema({ type: 'object' }, 'input', { validator: lazy }).validate({})).toStrictEqual({
      ok: true,
      value: {},
    });
  });
});

describe('resolveSchema: Standard Schemas', () => {
  const args = z.object({ city: z.string().describe('City name'), days: z.string().transform(Number) });

  it('sends the input side as a deep-frozen JSON Schema', () => {
    const { jsonSchema } = resolveSchema(args, 'input');
    expect(jsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'string' } },
    });
    expect(isDeepFrozen(jsonSchema)).toBe(true);
  });

  it('validates with the library and returns its output', () => {
    const { validate } = resolveSchema(args, 'input');
    expect(validate({ city: 'Paris', days: '3' })).toStrictEqual({ ok: true, value: { city: 'Paris', days: 3 } });
    expect(validate({ city: 1, days: '3' })).toStrictEqual({
      ok: false,
      issues: [{ path: '/city', message: 'Invalid input: expected string, received number' }],
    });
  });

  it('sends the output side of an output schema', () => {
    const out = z.object({ temperature: z.number() });
    expect(resolveSchema(out, 'output').jsonSchema).toMatchObject({ additionalProperties: false });
  });

  it('requires an object root for input', () => {
    expect(thrownBy(() => resolveSchema(z.string(), 'input'))).toMatchObject(
      invalidArgument(/"type": "object" at its root.*not "string"/),
    );
    expect(resolveSchema(z.array(z.string()), 'output').jsonSchema).toMatchObject({ type: 'array' });
  });

  it('refuses what the library cannot express as JSON Schema', () => {
    expect(thrownBy(() => resolveSchema(z.object({ when: z.date() }), 'input'))).toMatchObject({ code: 'NOT_SUPPORTED' });
  });
});
