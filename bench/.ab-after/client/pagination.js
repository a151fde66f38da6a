/**
 * Walking a paginated list. Cursors are opaque: the only end of a list is a
 * missing `nextCursor` (an empty string is a valid cursor, not the end). A
 * server that hands back a cursor it already gave, or never stops, is cut off
 * with `LocalError('PROTOCOL_VIOLATION')` instead of looping forever.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
/** Yields every item of every page, fetching pages as the consumer advances. */
export async function* walkPages(list, fetch, maxPages) {
    const seen = new Set();
    let cursor;
    for (let pages = 1;; pages++) {
        const page = await fetch(cursor);
        yield* page.items;
        const next = page.nextCursor;
        if (next === undefined)
            return;
        if (seen.has(next))
            throw new LocalError('PROTOCOL_VIOLATION', `${list}: the server returned the cursor ${JSON.stringify(next)} twice; the list would never end`);
        if (pages >= maxPages)
            throw new LocalError('PROTOCOL_VIOLATION', `${list}: more than ${String(maxPages)} pages (maxPages); giving up`);
        seen.add(next);
        cursor = next;
    }
}
/** Gathers every item an async iterable yields (`Array.fromAsync` is not in ES2023). */
export async function collect(items) {
    const all = [];
    for await (const item of items)
        all.push(item);
    return all;
}
//# sourceMappingURL=pagination.js.map