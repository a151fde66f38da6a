/**
 * What the hand-written subset (`commonSubset.ts`) accepts: its keywords, the
 * group of each (ajv applies a group's keywords only to values of its type),
 * the type tests, and for each keyword the values it takes. Each value check
 * is at least as strict as the 2020-12, draft-07 and draft-06 meta-schemas, so
 * a schema accepted here is valid in all three; anything else goes to ajv.
 *
 * @module
 */
import { jsonEqual } from './jsonEqual.js';

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
  ['object', isObjectValue],
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

function isObjectValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
  for (let i = 0; i < value.length; i++) for (let j = i + 1; j < value.length; j++) if (jsonEqual(value[i], value[j])) return false;
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
