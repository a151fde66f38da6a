/**
 * What the hand-written subset (`commonSubset.ts`) accepts: its keywords, the
 * group of each (ajv applies a group's keywords only to values of its type),
 * the type tests, and for each keyword the values it takes. Each value check
 * is at least as strict as the 2020-12, draft-07 and draft-06 meta-schemas, so
 * a schema accepted here is valid in all three; anything else goes to ajv.
 * Also the two runtime helpers of ajv's generated code, reproduced so that the
 * subset decides exactly as ajv does: deep equality for `enum`/`const` (the
 * `fast-deep-equal` package) and string length in code points.
 *
 * @module
 */
import { isObject } from '../protocol/check.js';

/** A JSON Schema object, as read here. */
export type Schema = Readonly<Record<string, unknown>>;

/** The keyword groups of ajv, in its order; each applies only to values of its type. */
export type Group = 'number' | 'string' | 'array' | 'object';

export const GROUP_OF: ReadonlyMap<string, Group> = new Map([
  ...['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'].map((k) => [k, 'number'] as const),
  ...['maxLength', 'minLength', 'pattern'].map((k) => [k, 'string'] as const),
  ...['maxItems', 'minItems', 'items'].map((k) => [k, 'array'] as const),
  ...['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties'].map((k) => [k, 'object'] as const),
]);

export const TYPE_TESTS: ReadonlyMap<string, (value: unknown) => boolean> = new Map([
  ['string', (v: unknown) => typeof v === 'string'],
  ['number', (v: unknown) => typeof v === 'number'],
  // ajv's test, `!(v % 1) && !isNaN(v)`, which lets ±Infinity through.
  ['integer', (v: unknown) => typeof v === 'number' && !Number.isNaN(v) && (v % 1 === 0 || Number.isNaN(v % 1))],
  ['boolean', (v: unknown) => typeof v === 'boolean'],
  ['null', (v: unknown) => v === null],
  ['object', isObject],
  ['array', (v: unknown) => Array.isArray(v)],
]);

/** Keyword values the subset accepts: each predicate is at least as strict as the meta-schemas. */
export const FORMS: ReadonlyMap<string, (value: unknown) => boolean> = new Map([
  ['type', isTypeKeyword],
  ['enum', isEnum],
  ['const', isJson],
  ['maximum', isFiniteNumber],
  ['minimum', isFiniteNumber],
  ['exclusiveMaximum', isFiniteNumber],
  ['exclusiveMinimum', isFiniteNumber],
  ['multipleOf', (v: unknown) => isFiniteNumber(v) && v > 0],
  ['maxLength', isCount],
  ['minLength', isCount],
  ['pattern', isPattern],
  ['maxItems', isCount],
  ['minItems', isCount],
  ['items', isSchema],
  ['maxProperties', isCount],
  ['minProperties', isCount],
  ['required', isNameList],
  ['additionalProperties', isSchema],
  ['properties', (v: unknown) => isSchemaObject(v) && !Object.hasOwn(v, '__proto__')],
  ['title', isString],
  ['description', isString],
  ['$comment', isString],
  ['default', () => true],
  ['examples', (v: unknown) => Array.isArray(v)],
  ['deprecated', isBoolean],
  ['readOnly', isBoolean],
  ['writeOnly', isBoolean],
]);

/** A plain object (or one without a prototype): what a JSON Schema object is. */
export function isSchemaObject(value: unknown): value is Schema {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isSchema(value: unknown): boolean {
  return typeof value === 'boolean' || isSchemaObject(value);
}

function isTypeKeyword(value: unknown): boolean {
  if (typeof value === 'string') return TYPE_TESTS.has(value);
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((t) => typeof t === 'string' && TYPE_TESTS.has(t)) &&
    new Set(value).size === value.length
  );
}

function isEnum(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isJson)) return false;
  // draft-07 asks for unique items (2020-12 does not); duplicates go to ajv, which knows.
  for (let i = 0; i < value.length; i++)
    for (let j = i + 1; j < value.length; j++) if (jsonEqual(value[i], value[j])) return false;
  return true;
}

function isNameList(value: unknown): boolean {
  return Array.isArray(value) && value.every(isString) && new Set(value).size === value.length;
}

/** JSON data: finite numbers, and plain objects and arrays of JSON data. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return isSchemaObject(value) && Object.values(value).every(isJson);
}

/** A regular expression ajv accepts: it compiles with the `u` flag and has no `\Z` (ajv-formats' `regex` format). */
function isPattern(value: unknown): boolean {
  if (typeof value !== 'string' || /[^\\]\\Z/.test(value)) return false;
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isBoolean(value: unknown): boolean {
  return typeof value === 'boolean';
}

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
      for (let i = a.length; i-- !== 0;) if (!jsonEqual(a[i], other[i])) return false;
      return true;
    }
    if (a.constructor === RegExp)
      return (a as RegExp).source === (b as RegExp).source && (a as RegExp).flags === (b as RegExp).flags;
    // fast-deep-equal calls these whenever they are not Object's own, and so
    // throws on data with a member named `valueOf` or `toString`; data is
    // compared member by member then.
    const valueOf: unknown = (a as { valueOf: unknown }).valueOf;
    if (valueOf !== Object.prototype.valueOf && typeof valueOf === 'function') return valueOf.call(a) === callOrGet(b, 'valueOf');
    const toString: unknown = (a as { toString: unknown }).toString;
    if (toString !== Object.prototype.toString && typeof toString === 'function')
      return toString.call(a) === callOrGet(b, 'toString');
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (let i = keys.length; i-- !== 0;) if (!Object.prototype.hasOwnProperty.call(b, keys[i] as string)) return false;
    for (let i = keys.length; i-- !== 0;) {
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
