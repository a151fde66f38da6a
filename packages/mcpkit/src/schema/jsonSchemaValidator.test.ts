import { describe, expect, it } from 'vitest';
import { formatIssues, toPointer } from './jsonSchemaValidator.js';

describe('formatIssues', () => {
  it('writes path: message, with (root) for the value itself', () => {
    expect(
      formatIssues([
        { path: '', message: 'must be object' },
        { path: '/a/0', message: 'must be string' },
      ]),
    ).toBe('(root): must be object; /a/0: must be string');
  });

  it('shows the first three issues and counts the rest', () => {
    const issues = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ path: `/${name}`, message: 'is required' }));
    expect(formatIssues(issues)).toBe('/a: is required; /b: is required; /c: is required (and 2 more)');
  });

  it('says something when there is no issue to show', () => {
    expect(formatIssues([])).toBe('invalid value');
  });
});

describe('toPointer', () => {
  it('escapes ~ and / as RFC 6901 says', () => {
    expect(toPointer(['a/b', 'c~d', 0, ''])).toBe('/a~1b/c~0d/0/');
  });

  it('is empty for the root', () => {
    expect(toPointer([])).toBe('');
  });
});
