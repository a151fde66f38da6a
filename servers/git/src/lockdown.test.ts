import { describe, expect, it } from 'vitest';
import { filterDrivers, namedOverrides } from './lockdown.js';

describe('namedOverrides', () => {
  it('turns off each named driver, helper and protocol once, keeping names with dots and =', () => {
    expect(
      namedOverrides([
        'filter.lfs.clean',
        'filter.lfs.smudge',
        'filter.a=b.c.process',
        'diff.pic.textconv',
        'merge.ours.driver',
        'credential.https://example.com.helper',
        'protocol.foo.allow',
        'core.editor',
        'user.name',
      ]),
    ).toEqual([
      ['filter.lfs.clean', ''],
      ['filter.lfs.smudge', ''],
      ['filter.lfs.process', ''],
      ['filter.lfs.required', 'false'],
      ['filter.a=b.c.clean', ''],
      ['filter.a=b.c.smudge', ''],
      ['filter.a=b.c.process', ''],
      ['filter.a=b.c.required', 'false'],
      ['diff.pic.textconv', ''],
      ['diff.pic.command', ''],
      ['merge.ours.driver', 'false'],
      ['credential.https://example.com.helper', ''],
      ['protocol.foo.allow', 'never'],
    ]);
  });

  it('leaves keys without a subsection to the fixed list', () => {
    expect(namedOverrides(['filter.clean', 'diff.external', 'credential.helper'])).toEqual([]);
  });
});

describe('filterDrivers', () => {
  it('lists drivers with a program, the last value winning', () => {
    const drivers = filterDrivers([
      ['filter.lfs.clean', 'git-lfs clean -- %f'],
      ['filter.gone.smudge', 'x'],
      ['filter.gone.smudge', ''],
      ['filter.only.required', 'true'],
      ['filter.proc.process', 'p'],
    ]);
    expect([...drivers].sort()).toEqual(['lfs', 'proc']);
  });
});
