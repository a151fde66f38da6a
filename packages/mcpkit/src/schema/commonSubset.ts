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
import { FORMS, GROUP_OF, isSchemaObject, jsonEqual, TYPE_TESTS, ucs2length, type Group, type Schema } from './subsetKeywords.js';
import { toPointer, type Issue, type ValidateFn, type ValidationResult } from './jsonSchemaValidator.js';

/** Checks a value at `path`. Without `out` it stops at the first failure; with it, it reports every issue. */
type Check = (value: unknown, path: string, out: Issue[] | undefined) => boolean;

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
    parts.push({ group, checks });
  }
  return assemble(schema['type'] as string | readonly string[] | undefined, untyped, parts);
}

interface GroupCheck {
  readonly group: Group;
  readonly checks: readonly Check[];
}

/**
 * Puts a node together in ajv's order: the type (up front, unless the schema
 * has a single type with keywords of its group: then in that group), the
 * untyped keywords, then each group's keywords, for values of its type.
 */
function assemble(type: string | readonly string[] | undefined, untyped: readonly Check[], parts: readonly GroupCheck[]): Check {
  const types = type === undefined ? [] : typeof type === 'string' ? [type] : type;
  const message = `must be ${types.join(',')}`;
  const inGroup = types.length === 1 ? parts.find((part) => part.group === types[0]) : undefined;
  const steps: Check[] = [];
  if (types.length > 0 && inGroup === undefined) {
    const test = anyOf(types.map((t) => TYPE_TESTS.get(t) as (value: unknown) => boolean));
    steps.push((value, path, out) => test(value) || fail(out, path, message));
  }
  steps.push(...untyped);
  for (const part of parts) {
    const test = TYPE_TESTS.get(part.group) as (value: unknown) => boolean;
    const body = part.checks.length === 0 ? pass : sequence(part.checks);
    if (part === inGroup) steps.push((value, path, out) => (test(value) ? body(value, path, out) : fail(out, path, message)));
    else if (body !== pass) steps.push((value, path, out) => !test(value) || body(value, path, out));
  }
  return steps.length === 0 ? pass : sequence(steps);
}

/** One check that runs `checks` in order: all of them when collecting, up to the first failure otherwise. */
function sequence(checks: readonly Check[]): Check {
  if (checks.length === 1) return checks[0] as Check;
  return (value, path, out) => {
    let ok = true;
    for (const check of checks) {
      if (!check(value, path, out)) {
        if (out === undefined) return false;
        ok = false;
      }
    }
    return ok;
  };
}

function anyOf(tests: readonly ((value: unknown) => boolean)[]): (value: unknown) => boolean {
  if (tests.length === 1) return tests[0] as (value: unknown) => boolean;
  return (value) => {
    for (const test of tests) if (test(value)) return true;
    return false;
  };
}

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
      if (extra !== pass)
        checks.push(additionalCheck(new Set(Object.keys(declared)), additionalProperties === false ? undefined : extra));
    }
    if (properties.length > 0) checks.push(propertiesCheck(properties));
    return checks;
  },
};

function constCheck(constant: unknown): Check {
  const message = 'must be equal to constant';
  if (typeof constant !== 'object' || constant === null)
    return (value, path, out) => value === constant || fail(out, path, message);
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
