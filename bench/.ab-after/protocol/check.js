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
/** Declares that `check` guards values of type `T`. */
export function guard(check) {
    return check;
}
/** Any value. */
export const anything = () => undefined;
/** A string. */
export const string = (v, p) => (typeof v === 'string' ? undefined : `${p}: expected a string`);
/** A finite number. */
export const number = (v, p) => (typeof v === 'number' && Number.isFinite(v) ? undefined : `${p}: expected a number`);
/** An integer. */
export const integer = (v, p) => (Number.isInteger(v) ? undefined : `${p}: expected an integer`);
/** A boolean. */
export const boolean = (v, p) => (typeof v === 'boolean' ? undefined : `${p}: expected a boolean`);
/** A string or an integer (request ids, progress tokens). */
export const stringOrInteger = (v, p) => typeof v === 'string' || Number.isInteger(v) ? undefined : `${p}: expected a string or an integer`;
/** One of the given string literals. */
export function literal(...values) {
    return (v, p) => (typeof v === 'string' && values.includes(v) ? undefined : `${p}: expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
}
/** A JSON object (not null, not an array). */
export function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Any JSON object. */
export const object = (v, p) => (isObject(v) ? undefined : `${p}: expected an object`);
/** An optional member of {@link shape}. */
export function optional(check) {
    const wrapped = ((v, p) => (v === undefined ? undefined : check(v, p)));
    wrapped.optional = true;
    return wrapped;
}
/** An object whose listed members pass their checks; other members are allowed. */
export function shape(members) {
    const entries = Object.entries(members);
    return (v, p) => {
        if (!isObject(v))
            return `${p}: expected an object`;
        for (const [key, check] of entries) {
            const value = v[key];
            if (value === undefined && !('optional' in check))
                return `${p}.${key}: required`;
            const issue = check(value, `${p}.${key}`);
            if (issue !== undefined)
                return issue;
        }
        return undefined;
    };
}
/** An array whose items pass `item`. */
export function array(item) {
    return (v, p) => {
        if (!Array.isArray(v))
            return `${p}: expected an array`;
        for (let i = 0; i < v.length; i++) {
            const issue = item(v[i], `${p}[${String(i)}]`);
            if (issue !== undefined)
                return issue;
        }
        return undefined;
    };
}
/** An object whose every value passes `value`. */
export function record(value) {
    return (v, p) => {
        if (!isObject(v))
            return `${p}: expected an object`;
        for (const key in v) {
            const issue = value(v[key], `${p}.${key}`);
            if (issue !== undefined)
                return issue;
        }
        return undefined;
    };
}
/** A value that passes at least one of the checks (the first failure is reported). */
export function union(...checks) {
    return (v, p) => {
        let first;
        for (const check of checks) {
            const issue = check(v, p);
            if (issue === undefined)
                return undefined;
            first ??= issue;
        }
        return first;
    };
}
//# sourceMappingURL=check.js.map