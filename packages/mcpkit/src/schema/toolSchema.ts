/**
 * Turns what an author declares (a Standard Schema, a JSON Schema object, or
 * nothing) into the JSON Schema sent on the wire plus a function that checks
 * values against it. The wire schema is never rewritten: a JSON Schema object
 * is sent as given, one derived from a Standard Schema is deep-frozen.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { AjvValidator } from './ajvValidator.js';
import { toPointer, type JsonSchemaValidator, type ValidateFn, type ValidationResult } from './jsonSchemaValidator.js';
import { isStandardSchema, runStandard, toJsonSchema, type StandardSchemaV1 } from './standardSchema.js';

/** A schema as authors declare it: any Standard Schema, or a JSON Schema object. */
export type SchemaInput = StandardSchemaV1 | JsonSchemaObject;

/**
 * Which side a schema describes. `'input'`: values a peer sends (tool
 * arguments, prompt arguments), whose root must be `type: "object"`.
 * `'output'`: values this side produces (a tool's `structuredContent`).
 */
export type SchemaIo = 'input' | 'output';

/** A declared schema, ready for the wire and for validation. */
export interface ResolvedSchema<T = unknown> {
  /**
   * The JSON Schema for the wire. For a Standard Schema it describes the
   * `io` side: with `'output'`, send the `value` that `validate` returns.
   */
  readonly jsonSchema: JsonSchemaObject;
  /**
   * Checks a value; with a Standard Schema the result carries the library's
   * output (transforms applied). Rejects with `LocalError('INVALID_ARGUMENT')`
   * when a JSON Schema turns out not to compile (checked on first use).
   */
  readonly validate: (value: unknown) => ValidationResult<T> | Promise<ValidationResult<T>>;
}

/** Options of {@link resolveSchema}. */
export interface ResolveSchemaOptions {
  /** Compiles JSON Schema objects (default: one shared {@link AjvValidator}). */
  readonly validator?: JsonSchemaValidator;
}

let shared: AjvValidator | undefined;

/** The validator used when none is given: one `AjvValidator` per process, which loads ajv only for schemas outside the common subset. */
export function defaultValidator(): JsonSchemaValidator {
  return (shared ??= new AjvValidator());
}

/**
 * Resolves a declared schema. A missing input schema means "no arguments":
 * `{ type: "object", additionalProperties: false }`, the spec's recommended
 * form. Throws `LocalError` when the schema cannot be used (not an object,
 * input root not `type: "object"`, no JSON Schema from the Standard Schema).
 */
export function resolveSchema(schema: SchemaInput | undefined, io: SchemaIo, options: ResolveSchemaOptions = {}): ResolvedSchema {
  if (schema === undefined) {
    if (io === 'output')
      throw new LocalError('INVALID_ARGUMENT', 'An output schema is optional, but undefined is not one: leave it out');
    return NO_ARGUMENTS;
  }
  if (isStandardSchema(schema)) {
    const jsonSchema = deepFreeze(toJsonSchema(schema, { io }));
    checkRoot(jsonSchema, io);
    return { jsonSchema, validate: (value) => runStandard(schema, value) };
  }
  const raw: unknown = schema; // JavaScript callers may pass anything
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new LocalError(
      'INVALID_ARGUMENT',
      'A schema must be a Standard Schema (zod, valibot, arktype…) or a JSON Schema object',
    );
  }
  checkRoot(schema, io);
  return { jsonSchema: schema, validate: compileLazily(schema, options.validator ?? defaultValidator()) };
}

function checkRoot(jsonSchema: JsonSchemaObject, io: SchemaIo): void {
  if (io === 'input' && jsonSchema.type !== 'object') {
    throw new LocalError(
      'INVALID_ARGUMENT',
      `An input schema needs "type": "object" at its root (arguments are objects), not ${JSON.stringify(jsonSchema.type ?? null)}`,
    );
  }
}

/**
 * A validator that loads lazily (ajv) compiles on first use, so start-up
 * never waits for it; the promise is kept, so a schema that does not compile
 * fails every call the same way. A synchronous validator compiles at once,
 * so its schema errors surface when the schema is declared.
 */
function compileLazily(schema: JsonSchemaObject, validator: JsonSchemaValidator): ResolvedSchema['validate'] {
  if (validator.ready === undefined) return validator.compile(schema);
  let compiled: ValidateFn | undefined;
  let compiling: Promise<ValidateFn> | undefined;
  return (value) => {
    if (compiled !== undefined) return compiled(value);
    compiling ??= (async () => {
      await validator.ready?.(schema);
      return (compiled = validator.compile(schema));
    })();
    return compiling.then((validate) => validate(value));
  };
}

const NO_ARGUMENTS: ResolvedSchema = Object.freeze({
  jsonSchema: Object.freeze({ type: 'object', additionalProperties: false }),
  // Checked by hand: a tool without arguments should not load a JSON Schema engine.
  validate: (value: unknown): ValidationResult => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, issues: [{ path: '', message: 'must be object' }] };
    const extra = Object.keys(value);
    if (extra.length === 0) return { ok: true, value };
    return { ok: false, issues: extra.map((key) => ({ path: toPointer([key]), message: 'is not allowed' })) };
  },
});

function deepFreeze<T extends object>(value: T): T {
  Object.freeze(value);
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) deepFreeze(child as object);
  }
  return value;
}
