/** The limits {@link checkSchemaBounds} enforces. */
export interface SchemaBounds {
    /** The deepest nesting of objects and arrays in the schema document (default 64). */
    readonly maxDepth?: number;
    /** The most objects and arrays in the schema document (default 10,000). */
    readonly maxNodes?: number;
}
/** Default nesting limit: 64 JSON levels is about 30 levels of nested `properties`. */
export declare const DEFAULT_MAX_DEPTH = 64;
/** Default size limit, in objects and arrays. */
export declare const DEFAULT_MAX_NODES = 10000;
/** Throws `LocalError('INVALID_ARGUMENT')` when `schema` is nested too deep or has too many parts. */
export declare function checkSchemaBounds(schema: object, bounds?: SchemaBounds): void;
//# sourceMappingURL=schemaBounds.d.ts.map