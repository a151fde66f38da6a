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
export type Check<T> = ((value: unknown, path: string) => string | undefined) & { readonly __type?: T };

/** Declares that `check` guards values of type `T`. */
export function guard<T>(check: (value: unknown, path: string) => string | undefined): Check<T> {
  return check;
}

/** Any value. */
export const anything: Check<unknown> = () => undefined;

/** A string. */
export const string: Check<string> = (v, p) => (typeof v === 'string' ? undefined : `${p}: expected a string`);

/** A finite number. */
export const number: Check<number> = (v, p) =>
  typeof v === 'number' && Number.isFinite(v) ? undefined : `${p}: expected a number`;

/** An integer. */
export const integer: Check<number> = (v, p) => (Number.isInteger(v) ? undefined : `${p}: expected an integer`);

/** A boolean. */
export const boolean: Check<boolean> = (v, p) => (typeof v === 'boolean' ? undefined : `${p}: expected a boolean`);

/** A string or an integer (request ids, progress tokens). */
export const stringOrInteger: Check<string | number> = (v, p) =>
  typeof v === 'string' || Number.isInteger(v) ? undefined : `${p}: expected a string or an integer`;

/** One of the given string literals. */
export function literal<const T extends string>(...values: readonly T[]): Check<T> {
  return (v, p) =>
    typeof v === 'string' && (values as readonly string[]).includes(v)
      ? undefined
      : `${p}: expected one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Any JSON object. */
export const object: Check<Record<string, unknown>> = (v, p) => (isObject(v) ? undefined : `${p}: expected an object`);

type Shape = Readonly<Record<string, Check<unknown>>>;
type Optional<T> = Check<T> & { readonly optional: true };

/** An optional member of {@link shape}. */
export function optional<T>(check: Check<T>): Optional<T | undefined> {
  const wrapped = ((v: unknown, p: string) => (v === undefined ? undefined : check(v, p))) as Optional<T | undefined>;
  (wrapped as { optional: boolean }).optional = true;
  return wrapped;
}

/** An object whose listed members pass their checks; other members are allowed. */
export function shape<T>(members: Shape): Check<T> {
  const entries = Object.entries(members);
  return (v, p) => {
    if (!isObject(v)) return `${p}: expected an object`;
    for (const [key, check] of entries) {
      const value = v[key];
      if (value === undefined && !('optional' in check)) return `${p}.${key}: required`;
      const issue = check(value, `${p}.${key}`);
      if (issue !== undefined) return issue;
    }
    return undefined;
  };
}

/** An array whose items pass `item`. */
export function array<T>(item: Check<T>): Check<T[]> {
  return (v, p) => {
    if (!Array.isArray(v)) return `${p}: expected an array`;
    for (let i = 0; i < v.length; i++) {
      const issue = item(v[i], `${p}[${String(i)}]`);
      if (issue !== undefined) return issue;
    }
    return undefined;
  };
}

/** An object whose every value passes `value`. */
export function record<T>(value: Check<T>): Check<Record<string, T>> {
  return (v, p) => {
    if (!isObject(v)) return `${p}: expected an object`;
    for (const key in v) {
      const issue = value(v[key], `${p}.${key}`);
      if (issue !== undefined) return issue;
    }
    return undefined;
  };
}

/** A value that passes at least one of the checks (the first failure is reported). */
export function union<T>(...checks: readonly Check<unknown>[]): Check<T> {
  return (v, p) => {
    let first: string | undefined;
    for (const check of checks) {
      const issue = check(v, p);
      if (issue === undefined) return undefined;
      first ??= issue;
    }
    return first;
  };
}
