/**
 * The two small runtime helpers ajv's generated code calls, reproduced so that
 * the hand-written subset (`commonSubset.ts`) decides exactly as ajv does:
 * deep equality for `enum`/`const` (the `fast-deep-equal` package, as ajv uses
 * it) and string length in code points for `minLength`/`maxLength`.
 *
 * @module
 */

/**
 * Deep equality as `fast-deep-equal` 3 defines it: same constructor, arrays
 * element by element, objects by own enumerable keys, and `NaN` equal to
 * itself. One difference: where it throws (see below), this compares.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    if (a.constructor !== b.constructor) return false;
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      for (let i = a.length; i-- !== 0; ) if (!jsonEqual(a[i], other[i])) return false;
      return true;
    }
    if (a.constructor === RegExp) return (a as RegExp).source === (b as RegExp).source && (a as RegExp).flags === (b as RegExp).flags;
    // fast-deep-equal calls these whenever they are not Object's own, and so
    // throws on data with a member named `valueOf` or `toString`; data is
    // compared member by member then.
    const valueOf: unknown = (a as { valueOf: unknown }).valueOf;
    if (valueOf !== Object.prototype.valueOf && typeof valueOf === 'function') return valueOf.call(a) === callOrGet(b, 'valueOf');
    const toString: unknown = (a as { toString: unknown }).toString;
    if (toString !== Object.prototype.toString && typeof toString === 'function') return toString.call(a) === callOrGet(b, 'toString');
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (let i = keys.length; i-- !== 0; ) if (!Object.prototype.hasOwnProperty.call(b, keys[i] as string)) return false;
    for (let i = keys.length; i-- !== 0; ) {
      const key = keys[i] as string;
      if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  // True if both are NaN.
  return Number.isNaN(a) && Number.isNaN(b);
}

function callOrGet(target: object, name: 'valueOf' | 'toString'): unknown {
  const member: unknown = Reflect.get(target, name);
  return typeof member === 'function' ? (member as () => unknown).call(target) : member;
}

/** The length of `text` in Unicode code points (a surrogate pair counts once), as JSON Schema measures strings. */
export function ucs2length(text: string): number {
  const length = text.length;
  let count = 0;
  let pos = 0;
  while (pos < length) {
    count++;
    const unit = text.charCodeAt(pos++);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && pos < length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return count;
}
