/** One page as the walker sees it. */
export interface Page<T> {
    readonly items: readonly T[];
    readonly nextCursor: string | undefined;
}
/** Yields every item of every page, fetching pages as the consumer advances. */
export declare function walkPages<T>(list: string, fetch: (cursor: string | undefined) => Promise<Page<T>>, maxPages: number): AsyncGenerator<T, void, undefined>;
/** Gathers every item an async iterable yields (`Array.fromAsync` is not in ES2023). */
export declare function collect<T>(items: AsyncIterable<T>): Promise<T[]>;
//# sourceMappingURL=pagination.d.ts.map