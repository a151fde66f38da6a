import { describe, expect, it } from 'vitest';
import { fieldsOf, initialDrafts, inputTypeFor, valueOf, type Draft, type DraftRecord } from './schemaForm.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
    ratio: { type: 'number' },
    subscribed: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['red', 'green'] },
    size: {
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    tags: { type: 'array', items: { type: 'string' } },
    days: { type: 'array', items: { type: 'string', enum: ['mon', 'tue', 'wed'] } },
    address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city'] },
    nickname: { type: ['string', 'null'] },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    target: {
      oneOf: [
        { type: 'string', title: 'by name' },
        { type: 'object', title: 'by id', properties: { id: { type: 'integer' } } },
      ],
    },
    extra: {},
  },
  required: ['name', 'age'],
};

describe('fieldsOf', () => {
  const fields = fieldsOf(schema);
  const byName = Object.fromEntries(fields.map((f) => [f.name, f]));

  it('keeps the property order and names every field by its property', () => {
    expect(fields.map((f) => f.name)).toEqual(Object.keys(schema.properties));
  });

  it('reads each kind', () => {
    expect(byName['name']).toMatchObject({ kind: 'string', title: 'Name', required: true, minLength: 2 });
    expect(byName['email']).toMatchObject({ kind: 'string', format: 'email', required: false });
    expect(byName['age']).toMatchObject({ kind: 'integer', minimum: 0, maximum: 150, default: 30 });
    expect(byName['ratio']).toMatchObject({ kind: 'number' });
    expect(byName['subscribed']).toMatchObject({ kind: 'boolean', default: true });
    expect(byName['color']).toMatchObject({ kind: 'enum', choices: [{ value: 'red' }, { value: 'green' }] });
    expect(byName['size']).toMatchObject({
      kind: 'enum',
      choices: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    });
    expect(byName['tags']).toMatchObject({ kind: 'array', items: { kind: 'string' } });
    expect(byName['days']).toMatchObject({ kind: 'multiselect' });
    expect(byName['address']).toMatchObject({
      kind: 'object',
      fields: [
        { name: 'city', required: true },
        { name: 'zip', required: false },
      ],
    });
    expect(byName['nickname']).toMatchObject({ kind: 'string', nullable: true });
    expect(byName['note']).toMatchObject({ kind: 'string', nullable: true });
    expect(byName['target']).toMatchObject({ kind: 'variants', variants: [{ label: 'by name' }, { label: 'by id' }] });
    expect(byName['extra']).toMatchObject({ kind: 'json' });
  });

  it('gives no fields for a schema that is not an object with properties', () => {
    expect(fieldsOf(undefined)).toEqual([]);
    expect(fieldsOf({ type: 'object' })).toEqual([]);
    expect(fieldsOf('nonsense')).toEqual([]);
  });
});

describe('initialDrafts and valueOf', () => {
  const fields = fieldsOf(schema);

  it('starts from the defaults', () => {
    const drafts = initialDrafts(fields);
    expect(drafts['age']).toBe('30');
    expect(drafts['subscribed']).toBe(true);
    expect(drafts['name']).toBe('');
  });

  it('turns a filled form into typed JSON, leaving out what is empty and optional', () => {
    const drafts: DraftRecord = {
      ...initialDrafts(fields),
      name: 'Ada',
      age: '36',
      ratio: '0.5',
      color: '1',
      size: '0',
      tags: ['a', 'b'],
      days: [0, 2],
      address: { city: 'London', zip: '' },
      nickname: null,
      target: { variant: 1, draft: { id: '7' } },
      extra: '{"x": [1]}',
    };
    const result = valueOf(fields, drafts);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Ada',
        age: 36,
        ratio: 0.5,
        subscribed: true,
        color: 'green',
        size: 's',
        tags: ['a', 'b'],
        days: ['mon', 'wed'],
        address: { city: 'London' },
        nickname: null,
        target: { id: 7 },
        extra: { x: [1] },
      },
    });
  });

  it('names every problem by its path', () => {
    const drafts: DraftRecord = {
      ...initialDrafts(fields),
      name: 'A',
      age: '200.5',
      ratio: 'lots',
      address: { city: '', zip: '1' },
      email: null,
      extra: '{nope',
    };
    const result = valueOf(fields, drafts);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => p.path)).toEqual(['name', 'email', 'age', 'age', 'ratio', 'address.city', 'extra']);
    expect(problems[0]?.message).toMatch(/at least 2/);
    expect(problems[1]?.message).toMatch(/null/);
    expect(problems[2]?.message).toMatch(/whole number/);
    expect(problems[3]?.message).toMatch(/at most 150/);
    expect(problems[4]?.message).toMatch(/needs a number/);
    expect(problems[5]?.message).toMatch(/required/);
    expect(problems[6]?.message).toMatch(/not valid JSON/);
  });

  it('requires the required fields', () => {
    const result = valueOf(fields, initialDrafts(fields));
    expect(result).toEqual({ ok: false, problems: [{ path: 'name', message: 'is required' }] });
  });

  it('paths array items by index', () => {
    const f = fieldsOf({ type: 'object', properties: { n: { type: 'array', items: { type: 'integer' } } } });
    const result = valueOf(f, { n: ['1', 'x'] as Draft });
    expect(result).toEqual({ ok: false, problems: [{ path: 'n[1]', message: 'needs a number, not "x"' }] });
  });
});

describe('inputTypeFor', () => {
  it('maps formats to input types', () => {
    expect(inputTypeFor('email')).toBe('email');
    expect(inputTypeFor('uri')).toBe('url');
    expect(inputTypeFor('date')).toBe('date');
    expect(inputTypeFor(undefined)).toBe('text');
  });
});
