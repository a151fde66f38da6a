/**
 * Query strings, read without building a `URL` per request.
 *
 * @module
 */
/** Reads one query parameter from a raw query string. */
export declare function queryParam(search: string, name: string): string | undefined;
//# sourceMappingURL=query.d.ts.map