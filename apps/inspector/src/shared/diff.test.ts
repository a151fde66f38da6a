import { describe, expect, it } from 'vitest';
import { diffJson, formatDifference } from './diff.js';

describe('diffJson', () => {
  it('finds nothing between equal values', () => {
    expect(diffJson({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })).toEqual([]);
  });

  it('reports changes, additions and removals at their paths', () => {
    const expected = { content: [{ type: 'text', text: 'hello' }], isError: false, gone: 1 };
    const actual = {
      content: [
        { type: 'text', text: 'bye' },
        { type: 'text', text: 'more' },
      ],
      isError: false,
      extra: true,
    };
    expect(diffJson(expected, actual)).toEqual([
      { path: 'content[0].text', kind: 'changed', expected: 'hello', actual: 'bye' },
      { path: 'content[1]', kind: 'added', actual: { type: 'text', text: 'more' } },
      { path: 'gone', kind: 'removed', expected: 1 },
      { path: 'extra', kind: 'added', actual: true },
    ]);
  });

  it('ignores _meta at any depth by default, and other keys when told', () => {
    expect(diffJson({ _meta: { a: 1 }, x: { _meta: 2, y: 1 } }, { _meta: { a: 2 }, x: { y: 1 } })).toEqual([]);
    expect(diffJson({ t: 1, v: 1 }, { t: 2, v: 1 }, { ignore: ['t'] })).toEqual([]);
    expect(diffJson({ _meta: 1 }, { _meta: 2 }, { ignore: [] })).toHaveLength(1);
  });

  it('tells a type change apart (array against object, number against string)', () => {
    expect(diffJson({ a: [] }, { a: {} })).toEqual([{ path: 'a', kind: 'changed', expected: [], actual: {} }]);
    expect(diffJson(1, '1')).toEqual([{ path: '', kind: 'changed', expected: 1, actual: '1' }]);
  });

  it('quotes keys that are not identifiers and stops at the limit', () => {
    expect(diffJson({ 'a-b': 1 }, { 'a-b': 2 })[0]?.path).toBe('"a-b"');
    expect(diffJson({ x: { 'a b': 1 } }, { x: { 'a b': 2 } })[0]?.path).toBe('x["a b"]');
    const many = diffJson(
      Array.from({ length: 500 }, (_, i) => i),
      [],
      { limit: 10 },
    );
    expect(many).toHaveLength(10);
  });

  it('formats each kind for the terminal', () => {
    expect(formatDifference({ path: 'a', kind: 'changed', expected: 1, actual: 2 })).toBe('a: expected 1, got 2');
    expect(formatDifference({ path: 'b', kind: 'added', actual: 'x' })).toBe('b: not recorded, got "x"');
    expect(formatDifference({ path: '', kind: 'removed', expected: null })).toBe('(the whole value): recorded null, now missing');
  });
});
