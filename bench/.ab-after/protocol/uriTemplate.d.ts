export { MAX_MATCH_LENGTH } from './uriTemplateMatch.js';
/** A value a template variable can take: a string (numbers and booleans are stringified), a list, or an associative array. */
export type UriTemplateValue = string | number | boolean | readonly string[] | Readonly<Record<string, string>>;
/** The values given to {@link UriTemplate.expand}; a missing or `undefined` value leaves the variable undefined. */
export type UriTemplateVariables = Readonly<Record<string, UriTemplateValue | undefined>>;
/**
 * The variables {@link UriTemplate.match} returns for template `T`: query
 * (`{?…}`, `{&…}`) variables are optional, exploded ones are lists, the rest
 * are strings. A template without expressions has none; one only known as
 * `string` gets a loose record.
 */
export type UriVariables<T extends string> = string extends T ? Record<string, string | string[] | undefined> : [Specs<T>] extends [never] ? Record<string, never> : Flatten<{
    [S in Specs<T> as S extends {
        optional: false;
    } ? S['name'] : never]: ValueOf<S>;
} & {
    [S in Specs<T> as S extends {
        optional: true;
    } ? S['name'] : never]?: ValueOf<S>;
}>;
type Flatten<O> = {
    [K in keyof O]: O[K];
};
type ValueOf<S> = S extends {
    list: true;
} ? string[] : string;
type Spec<V extends string, Q extends boolean> = V extends `${infer N}*` ? {
    name: N;
    list: true;
    optional: Q;
} : V extends `${infer N}:${string}` ? {
    name: N;
    list: false;
    optional: Q;
} : {
    name: V;
    list: false;
    optional: Q;
};
type SpecList<L extends string, Q extends boolean> = L extends `${infer V},${infer Rest}` ? Spec<V, Q> | SpecList<Rest, Q> : Spec<L, Q>;
type ExpressionSpecs<E extends string> = E extends `${'?' | '&'}${infer L}` ? SpecList<L, true> : E extends `${'+' | '#' | '.' | '/' | ';'}${infer L}` ? SpecList<L, false> : SpecList<E, false>;
type Specs<T extends string, Acc = never> = T extends `${string}{${infer E}}${infer Rest}` ? Specs<Rest, Acc | ExpressionSpecs<E>> : Acc;
/** @internal How one operator expands (RFC 6570 Appendix A). */
export interface Operator {
    /** What starts a non-empty expansion (`?` for `{?x}`). */
    readonly first: string;
    /** What separates variables and exploded items. */
    readonly sep: string;
    /** Whether values are written `name=value`. */
    readonly named: boolean;
    /** What follows a name whose value is empty. */
    readonly ifemp: string;
    /** Whether reserved characters and pct-encoded triplets pass through (`+`, `#`). */
    readonly reserved: boolean;
}
/** @internal One variable of an expression: `name`, `name:3` (prefix 3) or `name*` (explode). */
export interface VarSpec {
    readonly name: string;
    /** Maximum length in characters, or 0 for the whole value. */
    readonly prefix: number;
    readonly explode: boolean;
}
/** @internal A parsed template piece; literal text is stored already encoded. */
export type Part = {
    readonly kind: 'literal';
    readonly text: string;
} | {
    readonly kind: 'expression';
    readonly op: Operator;
    readonly vars: readonly VarSpec[];
};
/**
 * A parsed RFC 6570 URI template (levels 1–4).
 *
 * @example
 * const t = new UriTemplate('github://repos/{owner}/{repo}/issues{?state,labels*}');
 * t.expand({ owner: 'o', repo: 'r', labels: ['bug', 'ui'] }); // 'github://repos/o/r/issues?labels=bug&labels=ui'
 * t.match('github://repos/o/r/issues?state=open'); // { owner: 'o', repo: 'r', state: 'open' }
 */
export declare class UriTemplate<T extends string = string> {
    #private;
    /** The template text, as given. */
    readonly template: T;
    /** Every variable the template names, once each, in order of appearance. */
    readonly variableNames: readonly string[];
    /** Parses `template`; throws `LocalError('INVALID_ARGUMENT')` if it is malformed. */
    constructor(template: T);
    /**
     * Expands the template: undefined variables, empty lists and empty objects
     * vanish (with their operator prefix), values are pct-encoded as the operator requires.
     * Throws `LocalError('INVALID_ARGUMENT')` for a prefix modifier on a list or object.
     */
    expand(variables: UriTemplateVariables): string;
    /**
     * The values for which this template expands to `uri`, pct-decoded, or
     * `undefined` when it cannot. Linear-time; URIs longer than
     * {@link MAX_MATCH_LENGTH} (64 Ki code units) never match. See `uriTemplateMatch.ts` for how
     * ambiguous templates resolve.
     */
    match(uri: string): UriVariables<T> | undefined;
    /** The template text. */
    toString(): string;
}
/** True when `text` contains at least one `{expression}`, so it is a template rather than a plain URI. */
export declare function isUriTemplate(text: string): boolean;
//# sourceMappingURL=uriTemplate.d.ts.map