import { describe, expect, it } from 'vitest';
import { narrow, within, withinAny, type AllowedSet } from './allowedSet.js';

describe('within', () => {
  it('is the directory or below it, never a sibling sharing its prefix', () => {
    expect(within('/data', '/data')).toBe(true);
    expect(within('/data/x', '/data')).toBe(true);
    expect(within('/data-evil', '/data')).toBe(false);
    expect(within('/database/x', '/data')).toBe(false);
    expect(within('/anything', '/')).toBe(true);
    expect(withinAny('/b/c', ['/a', '/b'])).toBe(true);
  });
});

describe('narrow', () => {
  const allowed: AllowedSet = {
    spellings: ['/tmp', '/private/tmp', '/data'],
    real: ['/private/tmp', '/data'],
    aliases: new Map([['/tmp', '/private/tmp']]),
  };

  it('keeps roots inside and allowed directories inside roots, drops the rest', () => {
    expect(narrow(allowed, ['/data/project']).real).toEqual(['/data/project']);
    expect(narrow(allowed, ['/']).real).toEqual(['/private/tmp', '/data']);
    expect(narrow(allowed, ['/etc', '/home']).real).toEqual([]);
    expect(narrow(allowed, ['/data/a', '/etc', '/data/a']).real).toEqual(['/data/a']);
  });

  it("keeps the operator's spelling of a resolved directory", () => {
    const narrowed = narrow(allowed, ['/private/tmp/work']);
    expect(narrowed.spellings).toEqual(['/private/tmp/work', '/tmp/work']);
    expect(narrowed.aliases.get('/tmp/work')).toBe('/private/tmp/work');
  });
});
