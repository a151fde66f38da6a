import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { AjvValidator } from './ajvValidator.js';
import { compileCommonSubset } from './commonSubset.js';
import type { ValidateFn } from './jsonSchemaValidator.js';

// The reference: ajv itself, as AjvValidator configures it, with the subset turned off.
const ajvAll = new AjvValidator({ commonSubset: false });
const ajvFirst = new AjvValidator({ commonSubset: false, allErrors: false });
beforeAll(() => Promise.all([ajvAll.ready(), ajvFirst.ready()]));

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const chance = (r: Rand, p: number): boolean => r() < p;

const TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const;
const NAMES = ['a', 'b', 'c', 'a/b', '~x', 'constructor', 'toString', 'length', ''];
const PATTERNS = ['^a', 'b$', '^[a-c]*$', '\\d', '^\\p{L}+$', '.', '^.{2}$', 'x|y'];
const NUMBERS = [0, -0, 1, -1, 2, 3, 0.5, 1.5, -2.5, 7, 10, 100, 0.1, 0.3, 1e21, -1e21, 2 ** 53, 0.0001];
const STRINGS = ['', 'a', 'ab', 'abc', 'b', 'x', '1', 'a1', 'é', '😀', 'a😀', '😀😀😀', 'ccc', '\ud83d', 'hello world'];

function randomJson(r: Rand, depth: number): unknown {
  const kind = Math.floor(r() * (depth > 2 ? 4 : 6));
  switch (kind) {
    case 0:
      return pick(r, [null, true, false]);
    case 1:
      return pick(r, NUMBERS);
    case 2:
      return pick(r, STRINGS);
    case 3:
      return pick(r, [0, 'a', null]);
    case 4:
      return Array.from({ length: Math.floor(r() * 4) }, () => randomJson(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, () => [pick(r, NAMES), randomJson(r, depth + 1)]));
  }
}

function uniqueJson(r: Rand, count: number): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (let i = 0; i < count * 3 && out.length < count; i++) {
    const value = randomJson(r, 2);
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

function genSchema(r: Rand, depth: number): unknown {
  if (depth > 0 && chance(r, 0.1)) return chance(r, 0.5);
  const s: Record<string, unknown> = {};
  if (chance(r, 0.8)) {
    s['type'] = chance(r, 0.8)
      ? pick(r, TYPES)
      : [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, TYPES)))];
  }
  const focus = typeof s['type'] === 'string' && chance(r, 0.85) ? s['type'] : pick(r, TYPES);
  if (focus === 'number' || focus === 'integer' || chance(r, 0.05)) {
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])
      if (chance(r, 0.3)) s[key] = pick(r, NUMBERS.slice(0, 12));
    if (chance(r, 0.25)) s['multipleOf'] = pick(r, [1, 2, 0.5, 0.1, 3, 0.01, 1e-7]);
  }
  if (focus === 'string' || chance(r, 0.05)) {
    if (chance(r, 0.4)) s['minLength'] = Math.floor(r() * 4);
    if (chance(r, 0.4)) s['maxLength'] = Math.floor(r() * 4);
    if (chance(r, 0.4)) s['pattern'] = pick(r, PATTERNS);
  }
  if ((focus === 'array' || chance(r, 0.05)) && depth < 4) {
    if (chance(r, 0.3)) s['minItems'] = Math.floor(r() * 3);
    if (chance(r, 0.3)) s['maxItems'] = Math.floor(r() * 4);
    if (chance(r, 0.7)) s['items'] = genSchema(r, depth + 1);
  }
  if ((focus === 'object' || chance(r, 0.05)) && depth < 4) {
    if (chance(r, 0.8)) {
      const properties: Record<string, unknown> = {};
      const count = Math.floor(r() * (chance(r, 0.1) ? 11 : 4)); // more than 8: ajv's other lookup
      for (let i = 0; i < count; i++) properties[chance(r, 0.8) ? pick(r, NAMES) : `p${i}`] = genSchema(r, depth + 1);
      s['properties'] = properties;
    }
    if (chance(r, 0.6)) s['required'] = [...new Set(Array.from({ length: Math.floor(r() * 4) }, () => pick(r, NAMES)))];
    if (chance(r, 0.5)) s['additionalProperties'] = chance(r, 0.6) ? (chance(r, 0.7) ? false : true) : genSchema(r, depth + 1);
    if (chance(r, 0.1)) s['minProperties'] = Math.floor(r() * 3);
    if (chance(r, 0.1)) s['maxProperties'] = Math.floor(r() * 3);
  }
  if (chance(r, 0.1)) s['enum'] = uniqueJson(r, 1 + Math.floor(r() * 4));
  if (chance(r, 0.06)) s['const'] = randomJson(r, 1);
  if (chance(r, 0.1)) s['description'] = 'd';
  if (chance(r, 0.05)) s['title'] = 't';
  if (chance(r, 0.05)) s['default'] = randomJson(r, 2);
  if (chance(r, 0.05)) s['examples'] = [randomJson(r, 2)];
  if (chance(r, 0.05)) s['x-mcp-header'] = 'X';
  if (chance(r, 0.03)) s['deprecated'] = true;
  if (depth === 0 && chance(r, 0.1))
    s['$schema'] = pick(r, ['https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#']);
  return s;
}

/** A value near what `schema` accepts: right or wrong type, near its bounds, with or without its members. */
function genValue(r: Rand, schema: unknown, depth: number): unknown {
  if (typeof schema !== 'object' || schema === null || chance(r, 0.12)) return randomJson(r, depth);
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s['enum']) && chance(r, 0.5)) return structuredClone(pick(r, s['enum'] as unknown[]));
  if (s['const'] !== undefined && chance(r, 0.5)) return structuredClone(s['const']);
  const declared = s['type'];
  const type =
    typeof declared === 'string' && chance(r, 0.8)
      ? declared
      : Array.isArray(declared) && chance(r, 0.8)
        ? pick(r, declared as string[])
        : pick(r, TYPES);
  switch (type) {
    case 'number':
    case 'integer': {
      const near = [s['minimum'], s['maximum'], s['exclusiveMinimum'], s['exclusiveMaximum']].filter(
        (v): v is number => typeof v === 'number',
      );
      if (near.length > 0 && chance(r, 0.6)) return pick(r, near) + pick(r, [-1, -0.5, 0, 0, 0.5, 1]);
      return chance(r, 0.03) ? pick(r, [NaN, Infinity, -Infinity]) : pick(r, NUMBERS);
    }
    case 'string':
      if (chance(r, 0.3)) return 'abcdef'.slice(0, Math.floor(r() * 5));
      return pick(r, STRINGS);
    case 'boolean':
      return chance(r, 0.5);
    case 'null':
      return null;
    case 'array': {
      const length = Math.floor(r() * 5);
      return Array.from({ length }, () => genValue(r, s['items'] ?? true, depth + 1));
    }
    default: {
      const out: Record<string, unknown> = {};
      const properties = (s['properties'] ?? {}) as Record<string, unknown>;
      for (const name of Object.keys(properties)) if (chance(r, 0.7)) out[name] = genValue(r, properties[name], depth + 1);
      for (const name of (s['required'] ?? []) as string[])
        if (chance(r, 0.8)) out[name] = genValue(r, properties[name] ?? true, depth + 1);
      if (chance(r, 0.3)) out[pick(r, NAMES)] = randomJson(r, depth + 1);
      if (chance(r, 0.05)) out['u'] = undefined;
      // A member named __proto__ as JSON.parse makes it: an own property.
      return chance(r, 0.05) ? (JSON.parse(`{"__proto__":1,${JSON.stringify(out).slice(1)}`.replace(',}', '}')) as unknown) : out;
    }
  }
}

/** Whether some `required` in the schema names the empty string (see the test on ajv's first-error mode). */
function requiresEmptyName(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const required = (schema as { required?: unknown }).required;
  if (Array.isArray(required) && required.includes('')) return true;
  return Object.values(schema).some(requiresEmptyName);
}

function compare(schema: JsonSchemaObject, values: readonly unknown[], mismatches: string[]): void {
  const cases: [ValidateFn | undefined, ValidateFn][] = [[compileCommonSubset(schema), ajvAll.compile(schema)]];
  if (!requiresEmptyName(schema)) cases.push([compileCommonSubset(schema, true), ajvFirst.compile(schema)]);
  for (const [ours, ajv] of cases) {
    if (ours === undefined) {
      mismatches.push(`not in the subset: ${JSON.stringify(schema)}`);
      return;
    }
    for (const value of values) {
      const actual = ours(value);
      let expected;
      try {
        expected = ajv(value);
      } catch {
        continue; // ajv's deep equality throws on a member named toString or valueOf; ours compares (tested below)
      }
      try {
        expect(actual).toStrictEqual(expected);
      } catch {
        mismatches.push(
          `${JSON.stringify(schema)} on ${JSON.stringify(value) as string | undefined}: ${JSON.stringify(actual)} ≠ ajv ${JSON.stringify(expected)}`,
        );
      }
    }
  }
}

describe('compileCommonSubset: the same verdicts and issues as ajv', () => {
  it('on 1,000 random schemas × 40 values each, in both error modes', () => {
    const r = random(20261121);
    const mismatches: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const schema = genSchema(r, 0) as JsonSchemaObject;
      const values = Array.from({ length: 40 }, () => genValue(r, schema, 0));
      compare(schema, values, mismatches);
    }
    expect(mismatches.slice(0, 5)).toStrictEqual([]);
  }, 120_000); // seconds of computing on an idle core; a loaded machine (four workers, other jobs) stretches it

  it.each<[string, JsonSchemaObject, unknown[]]>([
    [
      'an inherited member counts as present',
      { type: 'object', required: ['constructor', 'toString'], properties: { constructor: { type: 'string' } } },
      [{}, { constructor: 'x' }],
    ],
    [
      'an own __proto__ member',
      { type: 'object', additionalProperties: false, properties: { a: {} } },
      [JSON.parse('{"__proto__":{"a":1}}')],
    ],
    ['integer accepts ±Infinity, not NaN', { type: 'integer' }, [Infinity, -Infinity, NaN, 1.0, -0, 2 ** 60, 0.1]],
    [
      'NaN fails every bound',
      { type: 'number', minimum: 0, maximum: 1, exclusiveMinimum: -1, exclusiveMaximum: 2 },
      [NaN, 0, 1, 2, -1],
    ],
    ['multipleOf as ajv computes it', { multipleOf: 0.1 }, [0.3, 0.7, 1e21, 3e-7, 1, NaN, Infinity]],
    ['a large ratio is not a multiple (parseInt of its string)', { multipleOf: 1 }, [1e21, 123456789012345680000]],
    ['lengths in code points', { type: 'string', minLength: 2, maxLength: 2 }, ['😀', '😀😀', 'a😀', '\ud83d\ud83d', '\ude00a']],
    ['pattern with the u flag', { type: 'string', pattern: '^\\p{Lu}.$' }, ['Éa', 'éa', 'A😀', 'AB']],
    [
      'enum of objects and primitives',
      { enum: [{ a: [1, 2] }, 'x', null, 0] },
      [{ a: [1, 2] }, { a: [2, 1] }, 'x', null, -0, false, [], NaN],
    ],
    ['const object', { const: { a: { b: null } } }, [{ a: { b: null } }, { a: { b: null, c: 1 } }, { a: {} }]],
    ['const false', { const: false }, [false, 0, null, true]],
    [
      'type error in the group of a single type',
      { type: 'string', minLength: 1, minimum: 3, enum: ['a', 2] },
      [2, 'a', '', 4, null],
    ],
    ['type error up front', { type: ['string', 'null'], minLength: 2, enum: ['ab', 5] }, [5, 'ab', 'a', null, true]],
    [
      'undefined members',
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
      [{ a: undefined }, { a: 'x', b: undefined }],
    ],
    [
      'sparse arrays',
      { type: 'array', items: { type: 'number' } },
      [[1, undefined, 2], Object.assign(new Array<unknown>(2), { 1: 1 })], // the second has a hole at 0
    ],
    [
      'false subschemas',
      { type: 'object', properties: { a: false }, items: false, additionalProperties: { type: 'array', items: false } },
      [{ a: 1 }, { b: [] }, { b: [1] }, []],
    ],
    [
      'more than 8 properties',
      {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries('abcdefghij'.split('').map((k) => [k, { type: 'number' }])),
      },
      [{ a: 1, z: 2, j: 'x' }, { toString: 1 }],
    ],
    ['escaped paths', { type: 'object', required: ['a/b', '~c'], additionalProperties: false }, [{ 'x/y': 1, '~': 2 }]],
    [
      'an empty schema and annotations only',
      { title: 't', description: 'd', default: 1, examples: [], 'x-a': { b: 1 }, $comment: 'c' },
      [1, null, {}],
    ],
  ])('%s', (_name, schema, values) => {
    const mismatches: string[] = [];
    compare(schema, values, mismatches);
    expect(mismatches).toStrictEqual([]);
  });
});

describe('compileCommonSubset: everything else goes to ajv', () => {
  it.each<JsonSchemaObject>([
    { type: 'string', format: 'email' },
    { $ref: '#/$defs/a', $defs: { a: {} } },
    { anyOf: [{ type: 'string' }, { type: 'null' }] },
    { oneOf: [{}] },
    { allOf: [{}] },
    { not: {} },
    { if: {}, then: {}, else: {} },
    { type: 'object', patternProperties: { '^a': {} } },
    { type: 'object', propertyNames: { maxLength: 2 } },
    { type: 'object', dependentRequired: { a: ['b'] } },
    { type: 'object', unevaluatedProperties: false },
    { type: 'array', prefixItems: [{}] },
    { type: 'array', items: [{ type: 'string' }] },
    { type: 'array', contains: {} },
    { type: 'array', uniqueItems: true },
    { type: 'string', nullable: true },
    { $id: 'https://example.com/s', type: 'string' },
    { type: 'object', properties: { a: { $schema: 'https://json-schema.org/draft/2020-12/schema' } } },
    { type: 'object', properties: { a: { type: 'string', format: 'uri' } } },
    { type: 'string', unknownKeyword: 1 },
    { $async: true, type: 'object' },
  ])('%j', (schema) => {
    expect(compileCommonSubset(schema)).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown type', { type: 'text' }],
    ['an empty type list', { type: [] }],
    ['a repeated type', { type: ['string', 'string'] }],
    ['a negative length', { minLength: -1 }],
    ['a fractional count', { maxItems: 1.5 }],
    ['a string bound', { minimum: '1' }],
    ['a zero multipleOf', { multipleOf: 0 }],
    ['an empty enum', { enum: [] }],
    ['a repeated enum value (draft-07)', { $schema: 'http://json-schema.org/draft-07/schema#', enum: [1, 1] }],
    ['a repeated required name', { required: ['a', 'a'] }],
    ['a non-string required name', { required: [1] }],
    ['an invalid pattern', { pattern: '(' }],
    ['a pattern invalid with the u flag', { pattern: '\\-' }],
    ['a \\Z anchor', { pattern: 'a\\Z' }],
    ['a number as a subschema', { properties: { a: 1 } }],
    ['a number title', { title: 1 }],
    ['a non-array examples', { examples: 1 }],
  ])('refuses %s, which ajv rejects as invalid', (_name, schema) => {
    expect(compileCommonSubset(schema as JsonSchemaObject)).toBeUndefined();
    expect(() => ajvAll.compile(schema as JsonSchemaObject)).toThrow(/Invalid JSON Schema|enum must have/);
  });

  it('requires a member named "" in first-error mode too, which ajv does not', () => {
    // ajv's allErrors: false code tests `(data[""] === undefined && (missing = ""))`, falsy.
    const schema = { type: 'object', required: [''] };
    expect(ajvFirst.compile(schema)({}).ok).toBe(true);
    expect(compileCommonSubset(schema, true)?.({})).toStrictEqual({ ok: false, issues: [{ path: '/', message: 'is required' }] });
    expect(ajvAll.compile(schema)({})).toStrictEqual({ ok: false, issues: [{ path: '/', message: 'is required' }] });
  });

  it('compares data with members named toString or valueOf, where ajv throws', () => {
    const validate = compileCommonSubset({ enum: [{ toString: 1 }, { a: 1 }] }) as ValidateFn;
    expect(() => ajvAll.compile({ enum: [{ toString: 1 }, { a: 1 }] })({ toString: 1 })).toThrow(TypeError);
    expect(validate({ toString: 1 }).ok).toBe(true);
    expect(validate({ valueOf: 2 }).ok).toBe(false);
    expect(validate({ a: 1 }).ok).toBe(true);
  });

  it('leaves values JavaScript can hold but JSON cannot to ajv', () => {
    expect(compileCommonSubset({ maximum: Infinity })).toBeUndefined();
    expect(compileCommonSubset({ const: { a: undefined } })).toBeUndefined();
    expect(compileCommonSubset({ enum: [NaN] })).toBeUndefined();
    expect(compileCommonSubset({ properties: Object.create({ inherited: {} }) as Record<string, object> })).toBeUndefined();
  });
});
