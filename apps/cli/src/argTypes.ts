/**
 * Tool arguments from the command line, typed by the tool's `inputSchema`.
 *
 * `--arg key=value` gives one argument. Its value becomes what the property's
 * schema says: a number (`number`), a whole number (`integer`), `true`/`false`
 * (`boolean`), `null`, JSON (`object`, `array`), or the text itself
 * (`string`, or no schema). An `array` property collects repeated keys, each
 * value typed by `items` (`--arg tag=a --arg tag=b`), or takes a JSON array.
 * `--arg key:=json` takes the JSON as given, whatever the schema says.
 * `--json-args '{…}'` gives a whole object; `--arg` values go on top of it.
 *
 * @module
 */
import { UsageError } from './exitCodes.js';

/** A JSON Schema, as far as typing needs to read it. */
type Schema = Readonly<Record<string, unknown>>;

/** One `--arg`. */
interface Pair {
  readonly key: string;
  readonly text: string;
  /** `key:=json`: the value is JSON, not typed by the schema. */
  readonly json: boolean;
}

/** The JSON types, in the order a value is tried against a union (the most specific first). */
const ORDER = ['integer', 'number', 'boolean', 'null', 'object', 'array', 'string'] as const;
type JsonType = (typeof ORDER)[number];

/** Splits `key=value` / `key:=json`; the key is everything before the first `=`. */
export function splitPair(arg: string, flag = '--arg', command?: string): Pair {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag} needs key=value, not ${JSON.stringify(arg)}`, command);
  const json = arg[eq - 1] === ':';
  const key = arg.slice(0, json ? eq - 1 : eq);
  if (key === '') throw new UsageError(`${flag} needs key=value, not ${JSON.stringify(arg)}`, command);
  return { key, text: arg.slice(eq + 1), json };
}

/** Parses `--json-args`: a JSON object. */
export function parseJsonArgs(text: string | undefined, command?: string): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--json-args is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, command);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('--json-args must be a JSON object', command);
  return value as Record<string, unknown>;
}

/**
 * The tool's arguments: `base` (from `--json-args`) with every `--arg` typed
 * by `schema` on top. Throws `UsageError` for a value its property cannot
 * take, an unknown key where the schema allows no others, and a required
 * argument left out.
 */
export function toolArguments(
  args: readonly string[],
  schema: Schema | undefined,
  base: Readonly<Record<string, unknown>> = {},
  command = 'call',
): Record<string, unknown> {
  const properties = asSchema(schema?.['properties']) ?? {};
  const result: Record<string, unknown> = { ...base };
  const seen = new Set<string>();
  for (const arg of args) {
    const pair = splitPair(arg, '--arg', command);
    const property = asSchema(properties[pair.key]);
    if (property === undefined && schema?.['additionalProperties'] === false) {
      throw new UsageError(
        `unknown argument ${JSON.stringify(pair.key)} (the tool takes: ${Object.keys(properties).join(', ') || 'none'})`,
        command,
      );
    }
    const value = pair.json ? parseJson(pair, command) : typed(pair, property, command);
    if (seen.has(pair.key)) {
      const previous = result[pair.key];
      if (!(property !== undefined && typesOf(property).includes('array') && Array.isArray(previous)))
        throw new UsageError(`--arg ${pair.key} given twice, but the tool's ${pair.key} is not an array`, command);
      const added: unknown[] = Array.isArray(value) && !pair.json ? (value as unknown[]) : [value];
      result[pair.key] = [...(previous as unknown[]), ...added];
    } else result[pair.key] = value;
    seen.add(pair.key);
  }
  const missing = requiredOf(schema).filter((name) => !Object.hasOwn(result, name));
  if (missing.length > 0) {
    const list = missing.map((name) => `${name} (${describeType(asSchema(properties[name]))})`).join(', ');
    throw new UsageError(
      `missing required argument${missing.length > 1 ? 's' : ''}: ${list}; give each with --arg name=value`,
      command,
    );
  }
  return result;
}

/** A property's value from its text, by the property's schema. */
function typed(pair: Pair, property: Schema | undefined, command: string): unknown {
  if (property === undefined) return pair.text;
  const types = typesOf(property);
  if (types.length === 1 && types[0] === 'array' && !pair.text.trimStart().startsWith('[')) {
    // One element of an array: typed by `items`, collected with its repeats.
    return [typed({ ...pair, key: `${pair.key}[]` }, asSchema(property['items']), command)];
  }
  for (const type of ORDER) {
    if (!types.includes(type)) continue;
    const value = convert(type, pair.text);
    if (value !== NO) return value;
  }
  throw new UsageError(`--arg ${pair.key}: expected ${describeType(property)}, not ${JSON.stringify(pair.text)}`, command);
}

const NO: unique symbol = Symbol('no');

/** `text` as a value of JSON type `type`, or `NO`. */
function convert(type: JsonType, text: string): unknown {
  const trimmed = text.trim();
  switch (type) {
    case 'integer':
      return /^-?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : NO;
    case 'number':
      return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : NO;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : NO;
    case 'null':
      return trimmed === 'null' ? null : NO;
    case 'object':
    case 'array': {
      const value = tryJson(trimmed);
      if (value === NO) return NO;
      return (type === 'array') === Array.isArray(value) && typeof value === 'object' && value !== null ? value : NO;
    }
    case 'string':
      return text;
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NO;
  }
}

function parseJson(pair: Pair, command: string): unknown {
  const value = tryJson(pair.text);
  if (value === NO) throw new UsageError(`--arg ${pair.key}:= needs JSON, not ${JSON.stringify(pair.text)}`, command);
  return value;
}

/**
 * The JSON types a schema admits: `type` (one or a list), else the types of
 * its `anyOf`/`oneOf` members, else what its `enum`/`const` values are; no
 * constraint reads as `string` (the text as given).
 */
export function typesOf(schema: Schema | undefined): JsonType[] {
  if (schema === undefined) return ['string'];
  const type = schema['type'];
  if (typeof type === 'string') return isJsonType(type) ? [type] : ['string'];
  if (Array.isArray(type)) return type.filter(isJsonType);
  const members = [...asArray(schema['anyOf']), ...asArray(schema['oneOf'])].map(asSchema);
  if (members.length > 0) return [...new Set(members.flatMap((m) => typesOf(m)))];
  const values = Array.isArray(schema['enum']) ? (schema['enum'] as unknown[]) : 'const' in schema ? [schema['const']] : [];
  if (values.length > 0) return [...new Set(values.map(jsonTypeOf))];
  return ['string'];
}

/** A short description of what a property takes, for messages and listings. */
export function describeType(schema: Schema | undefined): string {
  if (schema !== undefined && Array.isArray(schema['enum']))
    return (schema['enum'] as unknown[]).map((v) => JSON.stringify(v)).join('|');
  const types = typesOf(schema);
  if (types.length === 1 && types[0] === 'array') return `${describeType(asSchema(schema?.['items']))}[]`;
  return types.join('|');
}

/** The required property names of an object schema. */
export function requiredOf(schema: Schema | undefined): string[] {
  const required = schema?.['required'];
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  return typeof value === 'object' ? 'object' : 'string';
}

function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && (ORDER as readonly string[]).includes(value);
}

/** `value` as a schema object, or undefined. */
export function asSchema(value: unknown): Schema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}
