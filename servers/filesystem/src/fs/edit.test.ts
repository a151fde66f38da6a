import { describe, expect, it } from 'vitest';
import { applyEdits, fencedDiff, withOriginalLineEnds } from './edit.js';

describe('applyEdits', () => {
  it('replaces the first exact occurrence, in order, with $ patterns taken literally', () => {
    expect(applyEdits('a b a', [{ oldText: 'a', newText: '$&$1' }]).after).toBe('$&$1 b a');
    expect(applyEdits('x\r\ny\r\n', [{ oldText: 'x\ny', newText: 'z' }])).toEqual({ before: 'x\ny\n', after: 'z\n' });
  });

  it('falls back to lines equal up to surrounding white space, re-indented', () => {
    const original = 'if (x) {\n    call(a);\n      more();\n}\n';
    const { after } = applyEdits(original, [{ oldText: 'call(a);\n  more();', newText: 'call(b);\n    more(b);' }]);
    expect(after).toBe('if (x) {\n    call(b);\n      more(b);\n}\n');
  });

  it('fails the whole edit when one does not match', () => {
    expect(() =>
      applyEdits('abc', [
        { oldText: 'a', newText: 'x' },
        { oldText: 'zzz', newText: '' },
      ]),
    ).toThrow('Could not find exact match for edit:\nzzz');
  });
});

describe('fencedDiff', () => {
  it('uses a fence longer than any run of backticks in the diff', () => {
    expect(fencedDiff('/f', 'a\n', 'b\n')).toMatch(/^```diff\nIndex: \/f\n/);
    expect(fencedDiff('/f', '````\n', 'b\n')).toMatch(/^`````diff\n[\s\S]*\n`````\n\n$/);
  });
});

describe('withOriginalLineEnds', () => {
  it('restores CRLF only for a file that used it throughout', () => {
    expect(withOriginalLineEnds('a\r\nb\r\n', 'a\nc\n')).toBe('a\r\nc\r\n');
    expect(withOriginalLineEnds('a\r\nb\n', 'a\nc\n')).toBe('a\nc\n');
    expect(withOriginalLineEnds('a\nb\n', 'a\nc\n')).toBe('a\nc\n');
  });
});
