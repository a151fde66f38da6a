/**
 * A small, exact compiler for the JSON Schema most tool schemas are made of, so
 * that checking them never loads ajv (measured: importing ajv costs 30-55 ms,
 * its first compile another 35-55 ms for the meta-schema, and several MB).
 *
 * The subset: `type`, `enum`, `const`; `minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`; `minLength`,
 * `maxLength`, `pattern`; `items` (one schema), `minItems`, `maxItems`;
 * `properties`, `required`, `additionalProperties`, `minProperties`,
 * `maxProperties`; `true`/`false` as subschemas; and the annotations `title`,
 * `description`, `default`, `examples`, `deprecated`, `readOnly`, `writeOnly`,
 * `$comment`, `$schema` (at the root) and any `x-*` keyword. These mean the
 * same in 2020-12, draft-07 and draft-06.
 *
 * A schema that uses any other keyword, or gives one of these a value its
 * meta-schema refuses (or that this module does not bother to reproduce, like
 * a non-finite number), is not compiled here: {@link compileCommonSubset}
 * returns `undefined` and the caller hands it to ajv, which validates it
 * against the meta-schema. So every schema compiled here is valid, and the
 * spec's "schemas must be valid" holds without ajv's meta-schema pass.
 *
 * "Exact" means ajv 8's verdicts and errors (as `AjvValidator` options set it:
 * `strict: false`, defaults otherwise) in ajv's order: keywords in ajv's rule
 * groups (untyped, number, string, array, object), the type error either up
 * front or in the group of a single type that has keywords, and the same
 * quirks (a present property is one whose value is not `undefined`, inherited
 * or not; `integer` accepts ±Infinity; `NaN` fails every number bound). The
 * differential test in `commonSubset.test.ts` holds it to that.
 *
 * @see https://json-schema.org/draft/2020-12/json-schema-validation
 * @module
 */
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { jsonEqual, ucs2length } from './jsonEqual.js';
import { toPointer, type Issue, type ValidateFn, type ValidationResult } from './jsonSchemaValidator.js';

/** Checks a value at `path`. Without `out` it stops at the first failure; with it, it reports every issue. */
type Check = (value: unknown, path: string, out: Issue[] | undefined) => boolean;

/** The keyword groups of ajv, in its order; each applies only to values of its type. */
type Group = 'number' | 'string' | 'array' | 'object';

const GROUP_OF: ReadonlyMap<string, Group> = new Map([
  ...['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'].map((k) => [k, 'number'] as const),
  ...['maxLength', 'minLength', 'pattern'].map((k) => [k, 'string'] as const),
  ...['maxItems', 'minItems', 'items'].map((k) => [k, 'array'] as const),
  ...['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties'].map((k) => [k, 'object'] as const),
]);

const TYPE_TESTS: ReadonlyMap<string, (value: unknown) => boolean> = new Map([
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
const FORMS: ReadonlyMap<string, (value: unknown) => boolean> = new Map([
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

const pass: Check = () => true;
const falseSchema: Check = (_value, path, out) => fail(out, path, 'boolean schema is false');

/**
 * Compiles `schema` if it lies within the subset (see the module comment),
 * else returns `undefined`. With `firstOnly`, a failure reports only its first
 * issue (ajv's `allErrors: false`). The schema must already be within bounds
 * (`checkSchemaBounds`: no cycles) and of a served dialect.
 */
export function compileCommonSubset<T = unknown>(schema: JsonSchemaObject, firstOnly = false): ValidateFn<T> | undefined {
  const check = compileNode(schema, true);
  if (check === undefined) return undefined;
  return (value: unknown): ValidationResult<T> => {
    if (check(value, '', undefined)) return { ok: true, value: value as T };
    const issues: Issue[] = [];
    check(value, '', issues);
    return { ok: false, issues: firstOnly ? issues.slice(0, 1) : issues };
  };
}

function compileNode(schema: unknown, root: boolean): Check | undefined {
  if (schema === true) return pass;
  if (schema === false) return falseSchema;
  if (!isSchemaObject(schema)) return undefined;
  const groups = new Set<Group>();
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    if (value === undefined || key.startsWith('x-')) continue; // ajv ignores both
    if (key === '$schema' ? !root || typeof value !== 'string' : FORMS.get(key)?.(value) !== true) return undefined;
    const group = GROUP_OF.get(key);
    if (group !== undefined) groups.add(group);
  }
  const untyped: Check[] = [];
  const constant = schema['const'];
  if (constant !== undefined) untyped.push(constCheck(constant));
  if (schema['enum'] !== undefined) untyped.push(enumCheck(schema['enum'] as readonly unknown[]));
  const parts: GroupCheck[] = [];
  for (const group of ['number', 'string', 'array', 'object'] as const) {
    if (!groups.has(group)) continue;
    const checks = GROUP_COMPILERS[group](schema);
    if (checks === undefined) return undefined;
    parts.push({ group, test: TYPE_TESTS.get(group) as (value: unknown) => boolean, checks, typeError: false });
  }
  return assemble(schema['type'] as string | readonly string[] | undefined, untyped, parts);
}

interface GroupCheck {
  readonly group: Group;
  readonly test: (value: unknown) => boolean;
  readonly checks: readonly Check[];
  /** Whether a value of another type fails here (the schema's single type, when this group has keywords). */
  typeError: boolean;
}

/** Puts a node together in ajv's order: type (up front), untyped keywords, then each group. */
function assemble(type: string | readonly string[] | undefined, untyped: readonly Check[], parts: GroupCheck[]): Check {
  const types = type === undefined ? [] : typeof type === 'string' ? [type] : type;
  const typeMessage = `must be ${types.join(',')}`;
  const tests = types.map((t) => TYPE_TESTS.get(t) as (value: unknown) => boolean);
  const inGroup = types.length === 1 ? parts.find((part) => part.group === types[0]) : undefined;
  if (inGroup !== undefined) inGroup.typeError = true;
  const upFront = types.length > 0 && inGroup === undefined;
  if (!upFront && untyped.length === 0 && parts.length === 0) return pass;
  return (value, path, out) => {
    let ok = true;
    if (upFront && !tests.some((test) => test(value))) {
      if (out === undefined) return false;
      ok = fail(out, path, typeMessage);
    }
    for (const check of untyped) {
      if (!check(value, path, out)) {
        if (out === undefined) return false;
        ok = false;
      }
    }
    for (const part of parts) {
      if (!part.test(value)) {
        if (!part.typeError) continue;
        if (out === undefined) return false;
        ok = fail(out, path, typeMessage);
        continue;
      }
      for (const check of part.checks) {
        if (!check(value, path, out)) {
          if (out === undefined) return false;
          ok = false;
        }
      }
    }
    return ok;
  };
}

type Schema = Readonly<Record<string, unknown>>;

/** Per group, the checks of its keywords in ajv's order (undefined: a subschema is outside the subset). */
const GROUP_COMPILERS: Readonly<Record<Group, (schema: Schema) => Check[] | undefined>> = {
  number: (schema) => {
    const checks: Check[] = [];
    const bound = (key: string, comparison: string, fails: (x: number, limit: number) => boolean): void => {
      const limit = schema[key];
      if (typeof limit !== 'number') return;
      const message = `must be ${comparison} ${limit}`;
      checks.push((value, path, out) => !(fails(value as number, limit) || Number.isNaN(value)) || fail(out, path, message));
    };
    bound('maximum', '<=', (x, limit) => x > limit);
    bound('minimum', '>=', (x, limit) => x < limit);
    bound('exclusiveMaximum', '<', (x, limit) => x >= limit);
    bound('exclusiveMinimum', '>', (x, limit) => x <= limit);
    const divisor = schema['multipleOf'];
    if (typeof divisor === 'number') {
      const message = `must be multiple of ${divisor}`;
      checks.push((value, path, out) => {
        const ratio = (value as number) / divisor;
        // ajv's test, `ratio !== parseInt(ratio)`, string conversion included.
        return ratio === Number.parseInt(String(ratio)) || fail(out, path, message);
      });
    }
    return checks;
  },
  string: (schema) => {
    const checks: Check[] = [];
    const { maxLength, minLength, pattern } = schema;
    if (typeof maxLength === 'number') {
      const message = `must NOT have more than ${maxLength} characters`;
      checks.push((value, path, out) => ucs2length(value as string) <= maxLength || fail(out, path, message));
    }
    if (typeof minLength === 'number') {
      const message = `must NOT have fewer than ${minLength} characters`;
      checks.push((value, path, out) => ucs2length(value as string) >= minLength || fail(out, path, message));
    }
    if (typeof pattern === 'string') {
      const regExp = new RegExp(pattern, 'u');
      const message = `must match pattern "${pattern}"`;
      checks.push((value, path, out) => regExp.test(value as string) || fail(out, path, message));
    }
    return checks;
  },
  array: (schema) => {
    const checks: Check[] = [];
    const { maxItems, minItems } = schema;
    if (typeof maxItems === 'number') {
      const message = `must NOT have more than ${maxItems} items`;
      checks.push((value, path, out) => (value as unknown[]).length <= maxItems || fail(out, path, message));
    }
    if (typeof minItems === 'number') {
      const message = `must NOT have fewer than ${minItems} items`;
      checks.push((value, path, out) => (value as unknown[]).length >= minItems || fail(out, path, message));
    }
    if (schema['items'] !== undefined) {
      const items = compileNode(schema['items'], false);
      if (items === undefined) return undefined;
      if (items !== pass) checks.push(itemsCheck(items));
    }
    return checks;
  },
  object: (schema) => {
    const checks: Check[] = [];
    const { maxProperties, minProperties, required, additionalProperties } = schema;
    if (typeof maxProperties === 'number') {
      const message = `must NOT have more than ${maxProperties} properties`;
      checks.push((value, path, out) => Object.keys(value as object).length <= maxProperties || fail(out, path, message));
    }
    if (typeof minProperties === 'number') {
      const message = `must NOT have fewer than ${minProperties} properties`;
      checks.push((value, path, out) => Object.keys(value as object).length >= minProperties || fail(out, path, message));
    }
    if (Array.isArray(required) && required.length > 0) checks.push(requiredCheck(required as readonly string[]));
    const declared = (schema['properties'] ?? {}) as Schema;
    const properties: [name: string, segment: string, check: Check][] = [];
    for (const name of Object.keys(declared)) {
      const check = compileNode(declared[name], false);
      if (check === undefined) return undefined;
      if (check !== pass) properties.push([name, toPointer([name]), check]);
    }
    if (additionalProperties !== undefined) {
      const extra = compileNode(additionalProperties, false);
      if (extra === undefined) return undefined;
      if (extra !== pass) checks.push(additionalCheck(new Set(Object.keys(declared)), additionalProperties === false ? undefined : extra));
    }
    if (properties.length > 0) checks.push(propertiesCheck(properties));
    return checks;
  },
};

function constCheck(constant: unknown): Check {
  const message = 'must be equal to constant';
  if (typeof constant !== 'object' || constant === null) return (value, path, out) => value === constant || fail(out, path, message);
  return (value, path, out) => jsonEqual(value, constant) || fail(out, path, message);
}

function enumCheck(allowed: readonly unknown[]): Check {
  const message = 'must be equal to one of the allowed values';
  // Primitives compare with ===; the values are JSON, so a Set (SameValueZero) agrees.
  const primitives = new Set(allowed.filter((v) => typeof v !== 'object' || v === null));
  const objects = allowed.filter((v) => typeof v === 'object' && v !== null);
  return (value, path, out) => primitives.has(value) || objects.some((o) => jsonEqual(value, o)) || fail(out, path, message);
}

function itemsCheck(items: Check): Check {
  return (value, path, out) => {
    const array = value as readonly unknown[];
    let ok = true;
    for (let i = 0; i < array.length; i++) {
      if (!items(array[i], out === undefined ? '' : `${path}/${i}`, out)) {
        if (out === undefined) return false;
        ok = false;
      }
    }
    return ok;
  };
}

function requiredCheck(names: readonly string[]): Check {
  const segments = names.map((name) => toPointer([name]));
  return (value, path, out) => {
    const object = value as Record<string, unknown>;
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      // ajv's test: the value is undefined (so an inherited member counts as present).
      if (object[names[i] as string] !== undefined) continue;
      if (out === undefined) return false;
      ok = fail(out, path + (segments[i] as string), 'is required');
    }
    return ok;
  };
}

/** `additionalProperties`: `false` (no `extra` check) or a schema, for each member not in `properties`. */
function additionalCheck(declared: ReadonlySet<string>, extra: Check | undefined): Check {
  return (value, path, out) => {
    const object = value as Record<string, unknown>;
    let ok = true;
    // for-in as ajv's generated code does (it sees inherited enumerable members too).
    for (const key in object) {
      if (declared.has(key)) continue;
      const at = out === undefined ? '' : path + toPointer([key]);
      if (extra === undefined ? fail(out, at, 'is not allowed') : extra(object[key], at, out)) continue;
      if (out === undefined) return false;
      ok = false;
    }
    return ok;
  };
}

function propertiesCheck(properties: readonly [name: string, segment: string, check: Check][]): Check {
  return (value, path, out) => {
    const object = value as Record<string, unknown>;
    let ok = true;
    for (const [name, segment, check] of properties) {
      const member = object[name];
      if (member === undefined || check(member, out === undefined ? '' : path + segment, out)) continue;
      if (out === undefined) return false;
      ok = false;
    }
    return ok;
  };
}

/** Records an issue (when collecting) and returns false, so checks read `test || fail(...)`. */
function fail(out: Issue[] | undefined, path: string, message: string): false {
  out?.push({ path, message });
  return false;
}

function isObjectValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain object (or one without a prototype): what a JSON Schema object is. */
function isSchemaObject(value: unknown): value is Schema {
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
