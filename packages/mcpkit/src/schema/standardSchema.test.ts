import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import {
  isStandardSchema,
  runStandard,
  toJsonSchema,
  validateStandard,
  type StandardJSONSchemaConverter,
  type StandardResult,
  type StandardSchemaV1,
} from './standardSchema.js';

/** A hand-written Standard Schema: a library we control, with or without the JSON Schema extension. */
function fake<T>(
  validate: (value: unknown) => StandardResult<T> | Promise<StandardResult<T>>,
  jsonSchema?: StandardJSONSchemaConverter,
): StandardSchemaV1<unknown, T> {
  return { '~standard': { version: 1, vendor: 'fake', validate, ...(jsonSchema !== undefined && { jsonSchema }) } };
}

const notSupported = (message: RegExp) => ({
  name: 'LocalError',
  code: 'NOT_SUPPORTED',
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

describe('zod 4 as a Standard Schema', () => {
  const user = z.object({ name: z.string(), age: z.number().int().optional() });

  it('exposes ~standard with version 1, vendor zod, and the JSON Schema converter', () => {
    const props = user['~standard'];
    expect(props.version).toBe(1);
    expect(props.vendor).toBe('zod');
    expect(typeof props.validate).toBe('function');
    expect(typeof props.jsonSchema.input).toBe('function');
    expect(typeof props.jsonSchema.output).toBe('function');
    expect(isStandardSchema(user)).toBe(true);
  });

  it('converts the input side to 2020-12 by default', () => {
    expect(toJsonSchema(user, { io: 'input' })).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['name'],
    });
  });

  it('converts the output side, where unknown keys are stripped', () => {
    expect(toJsonSchema(user, { io: 'output' })).toMatchObject({ additionalProperties: false });
  });

  it('converts to draft-07 on request', () => {
    expect(toJsonSchema(user, { io: 'input', target: 'draft-07' })['$schema']).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('reports what zod cannot express, and says what to do instead', () => {
    const length = z.object({ text: z.string().transform((s) => s.length) });
    expect(thrownBy(() => toJsonSchema(length, { io: 'output' }))).toMatchObject(
      notSupported(/^zod cannot express .*output.*Transforms.*pass a JSON Schema object/),
    );
    expect(toJsonSchema(length, { io: 'input' })).toMatchObject({ properties: { text: { type: 'string' } } });
  });

  it('keeps the library error as the cause', () => {
    try {
      toJsonSchema(z.object({ at: z.date() }), { io: 'input' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).cause).toBeInstanceOf(Error);
    }
  });

  it('validates and returns the transformed output', async () => {
    const schema = z.object({ count: z.string().transform((s) => s.length) });
    expect(await validateStandard(schema, { count: 'abc' })).toStrictEqual({ ok: true, value: { count: 3 } });
  });

  it('maps zod issues to JSON Pointer paths', async () => {
    const schema = z.object({ tags: z.array(z.object({ v: z.number() })), mail: z.email() });
    const result = await validateStandard(schema, { tags: [{ v: 'x' }], mail: 'nope' });
    expect(result).toStrictEqual({
      ok: false,
      issues: [
        { path: '/tags/0/v', message: 'Invalid input: expected number, received string' },
        { path: '/mail', message: 'Invalid email address' },
      ],
    });
  });

  it('awaits asynchronous refinements', async () => {
    const schema = z.object({ code: z.string().refine(async (v) => Promise.resolve(v === 'ok'), 'wrong code') });
    const pending = runStandard(schema, { code: 'no' });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toStrictEqual({ ok: false, issues: [{ path: '/code', message: 'wrong code' }] });
  });

  it('answers synchronously when zod does', () => {
    expect(runStandard(z.string(), 'x')).toStrictEqual({ ok: true, value: 'x' });
  });
});

describe('isStandardSchema', () => {
  it.each([
    ['a JSON Schema', { type: 'object' }, false],
    ['null', null, false],
    ['a string', 'x', false],
    ['a wrong version', { '~standard': { version: 2, vendor: 'x', validate: () => ({ value: 1 }) } }, false],
    ['no validate function', { '~standard': { version: 1, vendor: 'x' } }, false],
    ['a hand-written schema', fake(() => ({ value: 1 })), true],
  ])('%s: %s', (_name, value, expected) => {
    expect(isStandardSchema(value)).toBe(expected);
  });

  it('accepts a function schema, as arktype makes', () => {
    const schema = Object.assign(() => undefined, {
      '~standard': { version: 1, vendor: 'arktype', validate: () => ({ value: 1 }) },
    });
    expect(isStandardSchema(schema)).toBe(true);
  });
});

describe('toJsonSchema with other libraries', () => {
  it('refuses a library without the JSON Schema extension', () => {
    const schema = fake(() => ({ value: 1 }));
    expect(thrownBy(() => toJsonSchema(schema, { io: 'input' }))).toMatchObject(
      notSupported(/fake schema does not implement Standard JSON Schema.*pass a JSON Schema object/),
    );
  });

  it('calls the converter with the target, bound to the converter', () => {
    const wire: JsonSchemaObject = { type: 'object', properties: { q: { type: 'string' } } };
    const converter = {
      input: vi.fn(function (this: unknown) {
        expect(this).toBe(converter);
        return wire;
      }),
      output: vi.fn(() => ({})),
    };
    expect(
      toJsonSchema(
        fake(() => ({ value: 1 }), converter),
        { io: 'input', target: 'draft-07' },
      ),
    ).toBe(wire);
    expect(converter.input).toHaveBeenCalledWith({ target: 'draft-07' });
    expect(converter.output).not.toHaveBeenCalled();
  });

  it('refuses a converter that returns no object', () => {
    const schema = fake(() => ({ value: 1 }), { input: () => [] as unknown as Record<string, unknown>, output: () => ({}) });
    expect(thrownBy(() => toJsonSchema(schema, { io: 'input' }))).toMatchObject(notSupported(/returned no JSON Schema object/));
  });
});

describe('issue mapping', () => {
  it('turns keys, { key } segments, numbers and symbols into an escaped JSON Pointer', async () => {
    const schema = fake(() => ({
      issues: [
        { message: 'bad', path: ['a/b', { key: 'c~d' }, 0, { key: 1 }, Symbol('s')] },
        { message: 'root' },
        { message: 'empty', path: [] },
      ],
    }));
    expect(await validateStandard(schema, {})).toStrictEqual({
      ok: false,
      issues: [
        { path: '/a~1b/c~0d/0/1/s', message: 'bad' },
        { path: '', message: 'root' },
        { path: '', message: 'empty' },
      ],
    });
  });

  it('treats an empty issues array as a failure, as the standard says', async () => {
    expect(
      await validateStandard(
        fake(() => ({ issues: [] })),
        1,
      ),
    ).toStrictEqual({ ok: false, issues: [] });
  });

  it('accepts a thenable result', async () => {
    const schema = fake(() => Promise.resolve({ value: 'v' }));
    expect(await validateStandard(schema, 1)).toStrictEqual({ ok: true, value: 'v' });
  });
});
