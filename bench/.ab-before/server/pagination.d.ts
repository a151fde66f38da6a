import type { Sealer } from './seal.js';
/** One page and, if more follow, the cursor of the next. */
export interface Page<T> {
    readonly items: readonly T[];
    readonly nextCursor?: string;
}
/**
 * Cuts `items` into pages of `pageSize` (no limit when `Infinity`). `list`
 * names the list, so that a cursor of one list is refused by another.
 */
export declare function paginate<T>(items: readonly T[], cursor: unknown, pageSize: number, list: string, sealer: Sealer): Promise<Page<T>>;
//# sourceMappingURL=pagination.d.ts.map