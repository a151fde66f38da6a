import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalError } from '../jsonrpc/localError.js';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { AjvValidator } from './ajvValidator.js';
import type { ValidationResult } from './jsonSchemaValidator.js';

const validator = new AjvValidator();
beforeAll(() => validator.ready());

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

function check(schema: JsonSchemaObject, value: unknown): ValidationResult {
  return validator.compile(schema)(value);
}

function nested(depth: number): JsonSchemaObject {
  let schema: JsonSchemaObject = { type: 'string' };
  for (let i = 1; i < depth; i++) schema = { type: 'array', items: schema };
  return schema;
}

describe('AjvValidator: loading', () => {
  it('refuses to compile a schema that needs ajv before ready() resolves', () => {
    expect(thrownBy(() => new AjvValidator().compile({ type: 'string', format: 'email' }))).toMatchObject({
      code: 'NOT_SUPPORTED',
      message: /await ready\(schema\)/,
    });
  });

  it('compiles once ready() resolves', async () => {
    const fresh = new AjvValidator();
    await fresh.ready();
    expect(fresh.compile({ type: 'string', format: 'email' })('a@b.example')).toStrictEqual({ ok: true, value: 'a@b.example' });
  });

  it('compiles the common subset without loading ajv', () => {
    const validate = new AjvValidator().compile({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(validate({ a: 'x' })).toStrictEqual({ ok: true, value: { a: 'x' } });
    expect(validate({})).toStrictEqual({ ok: false, issues: [{ path: '/a', message: 'is required' }] });
  });

  it('loads only the dialect a schema needs', async () => {
    const fresh = new AjvValidator();
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string', format: 'email' };
    await fresh.ready(draft07);
    expect(fresh.compile(draft07)('x').ok).toBe(false);
    expect(thrownBy(() => fresh.compile({ type: 'string', format: 'email' }))).toMatchObject({ code: 'NOT_SUPPORTED' });
  });

  it('is ready at once for a schema it checks by hand, or one that cannot compile', async () => {
    const fresh = new AjvValidator();
    await fresh.ready({ type: 'integer', minimum: 1 });
    await fresh.ready({ $schema: 'http://json-schema.org/draft-04/schema#' });
    expect(fresh.compile({ type: 'integer', minimum: 1 })(0)).toStrictEqual({
      ok: false,
      issues: [{ path: '', message: 'must be >= 1' }],
    });
    expect(thrownBy(() => fresh.compile({ $schema: 'http://json-schema.org/draft-04/schema#' }))).toMatchObject(
      invalidArgument(/Unsupported JSON Schema dialect/),
    );
  });
});

describe('AjvValidator: JSON Schema 2020-12 (the default dialect)', () => {
  it('returns the value itself on success', () => {
    const value = { a: 1 };
    const result = check({ type: 'object' }, value);
    expect(result.ok && result.value).toBe(value);
  });

  it('checks prefixItems and items', () => {
    const schema = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false };
    expect(check(schema, ['a', 1]).ok).toBe(true);
    expect(check(schema, ['a', 'b'])).toStrictEqual({ ok: false, issues: [{ path: '/1', message: 'must be number' }] });
    expect(check(schema, ['a', 1, true]).ok).toBe(false);
  });

  it('resolves local $defs through $ref', () => {
    const schema = {
      type: 'object',
      properties: { p: { $ref: '#/$defs/point' } },
      $defs: { point: { type: 'object', required: ['x'] } },
    };
    expect(check(schema, { p: { x: 1 } }).ok).toBe(true);
    expect(check(schema, { p: {} })).toStrictEqual({ ok: false, issues: [{ path: '/p/x', message: 'is required' }] });
  });

  it('resolves $anchor references', () => {
    const schema = {
      type: 'object',
      properties: { n: { $ref: '#positive' } },
      $defs: { p: { $anchor: 'positive', type: 'integer', minimum: 1 } },
    };
    expect(check(schema, { n: 3 }).ok).toBe(true);
    expect(check(schema, { n: 0 })).toStrictEqual({ ok: false, issues: [{ path: '/n', message: 'must be >= 1' }] });
  });

  it('resolves recursive references to the root', () => {
    const schema = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#' } } } };
    expect(check(schema, { kids: [{ kids: [] }] }).ok).toBe(true);
    expect(check(schema, { kids: [{ kids: [1] }] })).toStrictEqual({
      ok: false,
      issues: [{ path: '/kids/0/kids/0', message: 'must be object' }],
    });
  });

  it('checks unevaluatedProperties across allOf', () => {
    const schema = { type: 'object', allOf: [{ properties: { a: {} } }], properties: { b: {} }, unevaluatedProperties: false };
    expect(check(schema, { a: 1, b: 2 }).ok).toBe(true);
    expect(check(schema, { a: 1, c: 3 })).toStrictEqual({ ok: false, issues: [{ path: '/c', message: 'is not allowed' }] });
  });

  it('checks dependentRequired', () => {
    const schema = { type: 'object', dependentRequired: { card: ['address'] } };
    expect(check(schema, { card: 1, address: 'x' }).ok).toBe(true);
    expect(check(schema, { card: 1 })).toStrictEqual({
      ok: false,
      issues: [{ path: '/address', message: 'is required when "card" is present' }],
    });
  });

  it('accepts $schema with or without the trailing #', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema#', type: 'string' };
    expect(check(schema, 'x').ok).toBe(true);
    expect(check({ ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' }, 1).ok).toBe(false);
  });

  it('rejects the draft-07 array form of items as an invalid 2020-12 schema', () => {
    expect(thrownBy(() => validator.compile({ type: 'array', items: [{ type: 'string' }] }))).toMatchObject(
      invalidArgument(/^Invalid JSON Schema/),
    );
  });

  it('allows unknown keywords such as x-mcp-header', () => {
    const schema = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } };
    expect(check(schema, { region: 'eu' }).ok).toBe(true);
  });

  it('lets two different schemas share an $id', () => {
    const first = { $id: 'https://example.com/s', type: 'object', properties: { kids: { type: 'array', items: { $ref: '#' } } } };
    const validate = validator.compile(first);
    expect(check({ $id: 'https://example.com/s', type: 'number' }, 1).ok).toBe(true);
    expect(validate({ kids: [{ kids: [] }] }).ok).toBe(true);
    expect(validate({ kids: [1] }).ok).toBe(false);
  });

  it('does not let a schema take over a meta-schema $id', () => {
    const hijack = { $id: 'https://json-schema.org/draft/2020-12/schema', type: 'string' };
    expect(thrownBy(() => validator.compile(hijack))).toMatchObject(invalidArgument(/already exists/));
    expect(check({ type: 'object', properties: { n: { type: 'integer' } } }, { n: 1.5 }).ok).toBe(false);
  });
});

describe('AjvValidator: draft-07 and draft-06', () => {
  const draft07 = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'array',
    items: [{ $ref: '#/definitions/name' }, { type: 'number' }],
    additionalItems: false,
    definitions: { name: { type: 'string', minLength: 1 } },
  };

  it('checks definitions and the array form of items', () => {
    expect(check(draft07, ['a', 1]).ok).toBe(true);
    expect(check(draft07, ['', 1])).toStrictEqual({
      ok: false,
      issues: [{ path: '/0', message: 'must NOT have fewer than 1 characters' }],
    });
    expect(check(draft07, ['a', 1, 2]).ok).toBe(false);
  });

  it('accepts the draft-07 id without the trailing #', () => {
    expect(check({ ...draft07, $schema: 'http://json-schema.org/draft-07/schema' }, ['a', 'b']).ok).toBe(false);
  });

  it('ignores 2020-12 keywords under draft-07', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', prefixItems: [{ type: 'string' }] };
    expect(check(schema, [1]).ok).toBe(true);
  });

  it('serves draft-06 with the draft-07 rules', () => {
    const schema = { $schema: 'http://json-schema.org/draft-06/schema#', type: 'object', propertyNames: { maxLength: 3 } };
    expect(check(schema, { abc: 1 }).ok).toBe(true);
    expect(check(schema, { abcd: 1 }).ok).toBe(false);
  });
});

describe('AjvValidator: dialects it does not serve', () => {
  it.each([
    ['draft-04', 'http://json-schema.org/draft-04/schema#'],
    ['2019-09', 'https://json-schema.org/draft/2019-09/schema'],
    ['an unknown URI', 'https://example.com/my-dialect'],
    ['a non-string', 7],
  ])('rejects %s', (_name, $schema) => {
    expect(thrownBy(() => validator.compile({ $schema, type: 'object' } as JsonSchemaObject))).toMatchObject(
      invalidArgument(/^Unsupported JSON Schema dialect .*2020-12/),
    );
  });
});

describe('AjvValidator: references', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('never fetches a network $ref and fails the compile', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const schema = { type: 'object', properties: { a: { $ref: 'https://example.com/schemas/a.json' } } };
    expect(thrownBy(() => validator.compile(schema))).toMatchObject(
      invalidArgument(/\$ref "https:\/\/example.com\/schemas\/a.json" cannot be resolved.*never fetched/),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails on a local $ref that points nowhere', () => {
    expect(thrownBy(() => validator.compile({ $ref: '#/$defs/missing' }))).toMatchObject(invalidArgument(/cannot be resolved/));
  });

  it('rejects $async schemas, which would validate asynchronously', () => {
    expect(thrownBy(() => validator.compile({ $async: true, type: 'object' }))).toMatchObject(invalidArgument(/\$async/));
  });

  it('reports an invalid schema', () => {
    expect(thrownBy(() => validator.compile({ type: 12 } as unknown as JsonSchemaObject))).toMatchObject(
      invalidArgument(/^Invalid JSON Schema: schema is invalid/),
    );
  });
});

describe('AjvValidator: formats', () => {
  it.each([
    ['email', 'someone@example.com', 'not an email'],
    ['uri', 'https://example.com/a?b=c', 'no scheme'],
    ['date', '2025-11-25', '2025-13-40'],
    ['date-time', '2025-11-25T10:00:00Z', '2025-11-25 10:00'],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123e4567'],
  ])('checks %s', (format, good, bad) => {
    const schema = { type: 'string', format };
    expect(check(schema, good).ok).toBe(true);
    expect(check(schema, bad)).toStrictEqual({ ok: false, issues: [{ path: '', message: `must match format "${format}"` }] });
  });

  it('ignores unknown formats (an annotation)', () => {
    expect(check({ type: 'string', format: 'x-custom' }, 'anything').ok).toBe(true);
  });
});

describe('AjvValidator: issues', () => {
  it('reports every issue, with JSON Pointer paths', () => {
    const schema = {
      type: 'object',
      required: ['name', 'a/b~c'],
      properties: { tags: { type: 'array', items: { type: 'object', properties: { v: { type: 'string' } } } } },
      additionalProperties: { type: 'array' },
    };
    expect(check(schema, { tags: [{ v: 1 }], extra: 1 })).toStrictEqual({
      ok: false,
      issues: [
        { path: '/name', message: 'is required' },
        { path: '/a~1b~0c', message: 'is required' },
        { path: '/extra', message: 'must be array' },
        { path: '/tags/0/v', message: 'must be string' },
      ],
    });
  });

  it('names a property additionalProperties: false rejects', () => {
    expect(check({ type: 'object', additionalProperties: false }, { x: 1 })).toStrictEqual({
      ok: false,
      issues: [{ path: '/x', message: 'is not allowed' }],
    });
  });

  it('stops at the first issue with allErrors: false', async () => {
    const first = new AjvValidator({ allErrors: false });
    await first.ready();
    const result = first.compile({ type: 'object', required: ['a', 'b'] })({});
    expect(result).toStrictEqual({ ok: false, issues: [{ path: '/a', message: 'is required' }] });
  });
});

describe('AjvValidator: caching', () => {
  it('compiles one schema object once', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(validator.compile(schema)).toBe(validator.compile(schema));
  });

  it('compiles identical JSON text once', () => {
    const make = () => ({ type: 'object', properties: { cached: { type: 'integer' } } });
    expect(validator.compile(make())).toBe(validator.compile(make()));
  });

  it('forgets the oldest text beyond cacheSize', async () => {
    const small = new AjvValidator({ cacheSize: 1 });
    await small.ready();
    const first = small.compile({ type: 'string' });
    small.compile({ type: 'number' });
    expect(small.compile({ type: 'string' })).not.toBe(first);
  });

  it('keeps instances apart: each validator has its own cache', async () => {
    const other = new AjvValidator();
    await other.ready();
    const schema = { type: 'boolean' };
    expect(other.compile(schema)).not.toBe(validator.compile(schema));
  });
});

describe('AjvValidator: bounds', () => {
  it('accepts a schema within the depth limit', () => {
    expect(check(nested(30), [[['x']]]).ok).toBe(false);
  });

  it('rejects a schema nested deeper than 64 levels before compiling it', () => {
    expect(thrownBy(() => validator.compile(nested(100)))).toMatchObject(invalidArgument(/nested deeper than 64/));
  });

  it('rejects a cyclic object', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    schema['properties'] = { self: schema };
    expect(thrownBy(() => validator.compile(schema))).toMatchObject(invalidArgument(/cyclic/));
  });

  it('honours custom limits', async () => {
    const strict = new AjvValidator({ maxDepth: 4, maxNodes: 10 });
    await strict.ready();
    expect(thrownBy(() => strict.compile(nested(5)))).toMatchObject(invalidArgument(/deeper than 4/));
    expect(strict.compile(nested(2))(['x']).ok).toBe(true);
    expect(thrownBy(() => strict.compile({ allOf: Array.from({ length: 10 }, () => ({})) }))).toMatchObject(
      invalidArgument(/more than 10 objects/),
    );
  });

  it('rejects values JSON cannot express', () => {
    expect(thrownBy(() => validator.compile({ type: 'integer', maximum: 10n }))).toMatchObject(invalidArgument(/not JSON/));
  });

  it('throws LocalError instances', () => {
    expect(() => validator.compile(nested(100))).toThrow(LocalError);
  });
});
