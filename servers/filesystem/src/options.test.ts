import { describe, expect, it } from 'vitest';
import { filesystemOptionsFromArgs, parseSize } from './options.js';

describe('filesystemOptionsFromArgs', () => {
  it('reads directories and limits', () => {
    expect(
      filesystemOptionsFromArgs([
        '/a',
        '--max-file-size',
        '64M',
        '/b',
        '--search-timeout',
        '2.5',
        '--read-only',
        '--tree-max-depth',
        '3',
      ]),
    ).toEqual({
      directories: ['/a', '/b'],
      readOnly: true,
      maxFileBytes: 64 * 1024 ** 2,
      searchTimeoutMs: 2500,
      treeMaxDepth: 3,
    });
  });

  it('refuses what it cannot use, as usage errors', () => {
    expect(() => filesystemOptionsFromArgs([])).toThrow(/at least one directory/);
    expect(() => filesystemOptionsFromArgs(['/a', '--nope'])).toThrow(/Unknown option '--nope'/);
    expect(() => filesystemOptionsFromArgs(['/a', '--search-timeout', '0'])).toThrow(/positive number/);
    expect(() => filesystemOptionsFromArgs(['/a', '--tree-max-entries', '-3'])).toThrow();
  });
});

describe('parseSize', () => {
  it('takes bytes or K, M, G (powers of 1024)', () => {
    expect(['100', '512K', '1.5m', '2GiB', '3 MB'].map((t) => parseSize(t, 'x'))).toEqual([
      100,
      512 * 1024,
      1.5 * 1024 ** 2,
      2 * 1024 ** 3,
      3 * 1024 ** 2,
    ]);
    for (const bad of ['', 'lots', '0', '-1', '1T'])
      expect(() => parseSize(bad, 'max-file-size'), bad).toThrow(/--max-file-size/);
  });
});
