// The official paging texts.
import { describe, expect, it } from 'vitest';
import { NO_MORE, page } from './paging.js';

describe('page', () => {
  it('returns what fits, with the note only when more remains', () => {
    expect(page('abcdef', 0, 4)).toBe(
      'abcd\n\n<error>Content truncated. Call the fetch tool with a start_index of 4 to get more content.</error>',
    );
    expect(page('abcdef', 4, 4)).toBe('ef');
    expect(page('abcdef', 0, 6)).toBe('abcdef');
    expect(page('abcdef', 6, 4)).toBe(NO_MORE);
    expect(page('', 0, 4)).toBe(NO_MORE);
  });

  it('counts code points', () => {
    expect(page('a😀b😀', 1, 2)).toBe(
      '😀b\n\n<error>Content truncated. Call the fetch tool with a start_index of 3 to get more content.</error>',
    );
    expect(page('😀😀', 2, 1)).toBe(NO_MORE);
  });
});
