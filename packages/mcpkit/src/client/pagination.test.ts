import { describe, expect, it } from 'vitest';
import { LocalError } from '../jsonrpc/localError.js';
import { collect, walkPages, type Page } from './pagination.js';

function pages(...list: Page<number>[]): {
  fetch: (cursor: string | undefined) => Promise<Page<number>>;
  cursors: (string | undefined)[];
} {
  const cursors: (string | undefined)[] = [];
  let i = 0;
  return {
    cursors,
    fetch: (cursor) => {
      cursors.push(cursor);
      const page = list[Math.min(i++, list.length - 1)];
      return Promise.resolve(page ?? { items: [], nextCursor: undefined });
    },
  };
}

describe('walkPages', () => {
  it('ends only at a missing nextCursor; an empty string is a cursor', async () => {
    const p = pages({ items: [1], nextCursor: '' }, { items: [2], nextCursor: 'x' }, { items: [3], nextCursor: undefined });
    expect(await collect(walkPages('l', p.fetch, 10))).toEqual([1, 2, 3]);
    expect(p.cursors).toEqual([undefined, '', 'x']);
  });

  it('refuses a repeated cursor', async () => {
    const p = pages({ items: [1], nextCursor: 'a' }, { items: [2], nextCursor: 'b' }, { items: [3], nextCursor: 'a' });
    const error = await collect(walkPages('l', p.fetch, 10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe('PROTOCOL_VIOLATION');
    expect(p.cursors).toEqual([undefined, 'a', 'b']);
  });

  it('stops at maxPages', async () => {
    let n = 0;
    const error = await collect(walkPages('l', () => Promise.resolve({ items: [n], nextCursor: String(n++) }), 3)).catch(
      (e: unknown) => e,
    );
    expect((error as LocalError).message).toContain('maxPages');
    expect(n).toBe(3);
  });

  it('fetches lazily', async () => {
    const p = pages({ items: [1, 2], nextCursor: 'n' }, { items: [3], nextCursor: undefined });
    for await (const item of walkPages('l', p.fetch, 10)) if (item === 2) break;
    expect(p.cursors).toEqual([undefined]);
  });
});
