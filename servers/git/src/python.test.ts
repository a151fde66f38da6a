// Python's repr() of strings, as the official server prints hashes and messages.
import { describe, expect, it } from 'vitest';
import { actorRepr, pyDateTime, pyRepr } from './python.js';

describe('pyRepr', () => {
  it('quotes as Python does', () => {
    expect(pyRepr('Initial commit\n')).toBe("'Initial commit\\n'");
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('both \' and "')).toBe("'both \\' and \"'");
    expect(pyRepr('tab\there\\')).toBe("'tab\\there\\\\'");
  });

  it('escapes what str.isprintable() rejects and keeps printable Unicode', () => {
    expect(pyRepr('a\u0001b\u007f')).toBe("'a\\x01b\\x7f'");
    expect(pyRepr('café ✓ 😀')).toBe("'café ✓ 😀'");
    expect(pyRepr('nb\u00a0sp\u200b\u2028')).toBe("'nb\\xa0sp\\u200b\\u2028'");
  });

  it('writes GitPython actors and datetimes', () => {
    expect(actorRepr('Ada', 'ada@example.com')).toBe('<git.Actor "Ada <ada@example.com>">');
    expect(pyDateTime('2024-01-15T14:30:25+01:00')).toBe('2024-01-15 14:30:25+01:00');
    expect(pyDateTime('2024-01-15T14:30:25Z')).toBe('2024-01-15 14:30:25+00:00');
  });
});
