/**
 * Pagination with opaque, tamper-evident cursors: a cursor is a sealed
 * `{ list, offset }`, so a client can neither forge nor alter one, and a bad
 * cursor is -32602 as the spec asks.
 *
 * @module
 */
import { RpcError } from '../jsonrpc/rpcError.js';
import type { Sealer } from './seal.js';

/** One page and, if more follow, the cursor of the next. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor?: string;
}

interface CursorPayload {
  readonly l: string;
  readonly o: number;
}

function isCursor(value: unknown, list: string): value is CursorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return c['l'] === list && Number.isSafeInteger(c['o']) && (c['o'] as number) > 0;
}

/**
 * Cuts `items` into pages of `pageSize` (no limit when `Infinity`). `list`
 * names the list, so that a cursor of one list is refused by another.
 */
export async function paginate<T>(
  items: readonly T[],
  cursor: unknown,
  pageSize: number,
  list: string,
  sealer: Sealer,
): Promise<Page<T>> {
  let offset = 0;
  if (cursor !== undefined) {
    const payload = await sealer.open(cursor);
    if (!isCursor(payload, list)) throw RpcError.invalidParams('Invalid cursor');
    offset = payload.o;
  }
  if (offset === 0 && items.length <= pageSize) return { items };
  const end = offset + pageSize;
  const page = items.slice(offset, end);
  if (end >= items.length) return { items: page };
  return { items: page, nextCursor: await sealer.seal({ l: list, o: end } satisfies CursorPayload) };
}
