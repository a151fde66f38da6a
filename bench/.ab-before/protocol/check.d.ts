/**
 * Structural checks: tiny, allocation-free validators for message envelopes.
 * They run on every message, so they check what the receiver relies on (types
 * of the fields it reads) and no more; rich validation (tool arguments,
 * structured content) uses compiled JSON Schema validators elsewhere.
 *
 * A check returns `undefined` when the value is acceptable, else a one-line
 * description of the first problem, prefixed with its path.
 *
 * @module
 */
/** A structural check whose success means the value may be used as `T`. */
export type Check<T> = ((value: unknown, path: string) => string | undefined) & {
    readonly __type?: T;
};
/** Declares that `check` guards values of type `T`. */
export declare function guard<T>(check: (value: unknown, path: string) => string | undefined): Check<T>;
/** Any value. */
export declare const anything: Check<unknown>;
/** A string. */
export declare const string: Check<string>;
/** A finite number. */
export declare const number: Check<number>;
/** An integer. */
export declare const integer: Check<number>;
/** A boolean. */
export declare const boolean: Check<boolean>;
/** A string or an integer (request ids, progress tokens). */
export declare const stringOrInteger: Check<string | number>;
/** One of the given string literals. */
export declare function literal<const T extends string>(...values: readonly T[]): Check<T>;
/** A JSON object (not null, not an array). */
export declare function isObject(value: unknown): value is Record<string, unknown>;
/** Any JSON object. */
export declare const object: Check<Record<string, unknown>>;
type Shape = Readonly<Record<string, Check<unknown>>>;
type Optional<T> = Check<T> & {
    readonly optional: true;
};
/** An optional member of {@link shape}. */
export declare function optional<T>(check: Check<T>): Optional<T | undefined>;
/** An object whose listed members pass their checks; other members are allowed. */
export declare function shape<T>(members: Shape): Check<T>;
/** An array whose items pass `item`. */
export declare function array<T>(item: Check<T>): Check<T[]>;
/** An object whose every value passes `value`. */
export declare function record<T>(value: Check<T>): Check<Record<string, T>>;
/** A value that passes at least one of the checks (the first failure is reported). */
export declare function union<T>(...checks: readonly Check<unknown>[]): Check<T>;
export {};
//# sourceMappingURL=check.d.ts.map