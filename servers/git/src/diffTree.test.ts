// Patch splitting as GitPython reads it: paths, None for /dev/null, renames, quoting.
import { describe, expect, it } from 'vitest';
import { parsePatch, unquotePath } from './diffTree.js';

describe('parsePatch', () => {
  it('reads modified, added and deleted files', () => {
    const patch = [
      'c0ffee',
      'diff --git a/a.txt b/a.txt',
      'index 1111111111111111111111111111111111111111..2222222222222222222222222222222222222222 100644',
      '--- a/a.txt',
      '+++ b/a.txt',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git a/new.txt b/new.txt',
      'new file mode 100644',
      'index 0000000000000000000000000000000000000000..3333333333333333333333333333333333333333',
      '--- /dev/null',
      '+++ b/new.txt',
      '@@ -0,0 +1 @@',
      '+n',
      'diff --git a/gone.txt b/gone.txt',
      'deleted file mode 100644',
      'index 4444444444444444444444444444444444444444..0000000000000000000000000000000000000000',
      '--- a/gone.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-g',
      '',
    ].join('\n');
    expect(parsePatch(patch)).toEqual([
      { aPath: 'a.txt', bPath: 'a.txt', body: '@@ -1 +1 @@\n-a\n+b\n' },
      { aPath: 'None', bPath: 'new.txt', body: '@@ -0,0 +1 @@\n+n\n' },
      { aPath: 'gone.txt', bPath: 'None', body: '@@ -1 +0,0 @@\n-g\n' },
    ]);
  });

  it('reads pure renames, mode changes and binary files', () => {
    const patch = [
      'diff --git a/old name.txt b/new name.txt',
      'similarity index 100%',
      'rename from old name.txt',
      'rename to new name.txt',
      'diff --git a/run.sh b/run.sh',
      'old mode 100644',
      'new mode 100755',
      'diff --git a/img.png b/img.png',
      'index 5555555555555555555555555555555555555555..6666666666666666666666666666666666666666 100644',
      'Binary files a/img.png and b/img.png differ',
      '',
    ].join('\n');
    expect(parsePatch(patch)).toEqual([
      { aPath: 'old name.txt', bPath: 'new name.txt', body: '' },
      { aPath: 'run.sh', bPath: 'run.sh', body: '' },
      { aPath: 'img.png', bPath: 'img.png', body: 'Binary files a/img.png and b/img.png differ\n' },
    ]);
  });

  it('unquotes C-style paths', () => {
    expect(unquotePath('"a/t\\303\\251st\\tx\\"q"')).toBe('a/tést\tx"q');
    expect(unquotePath('plain')).toBe('plain');
  });
});
