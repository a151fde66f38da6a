import { describe, expect, it } from 'vitest';
import { describeType, parseJsonArgs, splitPair, toolArguments, typesOf } from './argTypes.js';
import { UsageError } from './exitCodes.js';

const SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    flag: { type: 'boolean' },
    options: { type: 'object' },
    tags: { type: 'array', items: { type: 'string' } },
    scores: { type: 'array', items: { type: 'number' } },
    maybe: { type: ['number', 'null'] },
    either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    color: { enum: ['red', 'green'] },
  },
  required: ['text'],
};

const typed = (...args: string[]): Record<string, unknown> => toolArguments(['text=t', ...args], SCHEMA);

describe('toolArguments', () => {
  it('types each value by its property schema', () => {
    expect(typed('count=42', 'ratio=2.5', 'flag=false', 'options={"a":[1]}', 'maybe=null', 'either=7', 'color=red')).toEqual({
      text: 't',
      count: 42,
      ratio: 2.5,
      flag: false,
      options: { a: [1] },
      maybe: null,
      either: 7,
      color: 'red',
    });
  });

  it('keeps text as text, even when it looks like a number', () => {
    expect(toolArguments(['text=007'], SCHEMA)).toEqual({ text: '007' });
    expect(toolArguments(['text=a=b'], SCHEMA)).toEqual({ text: 'a=b' });
    expect(typed('either=x1')).toMatchObject({ either: 'x1' });
  });

  it('collects repeated keys of an array property, each typed by items; or takes a JSON array', () => {
    expect(typed('tags=a', 'tags=b', 'scores=1', 'scores=2.5')).toMatchObject({ tags: ['a', 'b'], scores: [1, 2.5] });
    expect(typed('scores=[1,2]')).toMatchObject({ scores: [1, 2] });
    expect(typed('tags=solo')).toMatchObject({ tags: ['solo'] });
  });

  it('takes key:=json as given', () => {
    expect(typed('count:="not a number"', 'extra:={"x":true}')).toMatchObject({ count: 'not a number', extra: { x: true } });
  });

  it('puts --arg values on top of --json-args', () => {
    expect(toolArguments(['count=2'], SCHEMA, { text: 'from json', count: 1 })).toEqual({ text: 'from json', count: 2 });
  });

  it('passes unknown keys as text unless the schema forbids other properties', () => {
    expect(typed('other=5')).toMatchObject({ other: '5' });
    expect(() => toolArguments(['other=5'], { type: 'object', properties: { a: {} }, additionalProperties: false })).toThrow(
      'unknown argument "other" (the tool takes: a)',
    );
  });

  it('refuses values the schema cannot take, repeats of non-arrays, and missing required arguments', () => {
    const cases: [string[], string][] = [
      [['text=t', 'count=1.5'], '--arg count: expected integer, not "1.5"'],
      [['text=t', 'ratio=abc'], '--arg ratio: expected number, not "abc"'],
      [['text=t', 'flag=yes'], '--arg flag: expected boolean, not "yes"'],
      [['text=t', 'options=[1]'], '--arg options: expected object'],
      [['text=t', 'scores=x'], '--arg scores[]: expected number'],
      [['text=t', 'count=1', 'count=2'], '--arg count given twice'],
      [['count=1'], 'missing required argument: text (string)'],
      [['text=t', 'broken'], '--arg needs key=value, not "broken"'],
      [['text=t', 'j:={'], '--arg j:= needs JSON'],
    ];
    for (const [args, message] of cases) {
      expect(() => toolArguments(args, SCHEMA), args.join(' ')).toThrow(UsageError);
      expect(() => toolArguments(args, SCHEMA), args.join(' ')).toThrow(message);
    }
  });

  it('works without a schema: every value is text', () => {
    expect(toolArguments(['a=1', 'b=true'], undefined)).toEqual({ a: '1', b: 'true' });
  });
});

describe('helpers', () => {
  it('reads types from type, unions, enums and const', () => {
    expect(typesOf({ type: 'integer' })).toEqual(['integer']);
    expect(typesOf({ oneOf: [{ type: 'string' }, { type: 'null' }] })).toEqual(['string', 'null']);
    expect(typesOf({ enum: [1, 2.5] })).toEqual(['integer', 'number']);
    expect(typesOf({ const: true })).toEqual(['boolean']);
    expect(typesOf({})).toEqual(['string']);
    expect(describeType({ type: 'array', items: { type: 'number' } })).toBe('number[]');
    expect(describeType({ type: 'string', enum: ['a', 'b'] })).toBe('"a"|"b"');
  });

  it('splits pairs and parses --json-args', () => {
    expect(splitPair('k=v=w')).toEqual({ key: 'k', text: 'v=w', json: false });
    expect(splitPair('k:=1')).toEqual({ key: 'k', text: '1', json: true });
    expect(parseJsonArgs('{"a":1}')).toEqual({ a: 1 });
    expect(() => parseJsonArgs('[1]')).toThrow('--json-args must be a JSON object');
    expect(() => parseJsonArgs('{')).toThrow('--json-args is not valid JSON');
  });
});
