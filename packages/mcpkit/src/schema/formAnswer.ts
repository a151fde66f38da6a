/**
 * Checks an accepted form-mode elicitation answer against the form that was
 * asked (`requestedSchema`). The spec asks servers to validate what they
 * receive and clients to validate before sending; both sides use this, with
 * the same validators as tool schemas (the hand-written common subset, ajv for
 * `format` and the rest).
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation#requested-schema
 * @module
 */
import type { ElicitRequestedSchema } from '../protocol/types/elicitation.js';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import type { JsonSchemaValidator, ValidationResult } from './jsonSchemaValidator.js';
import { resolveSchema, type ResolvedSchema } from './toolSchema.js';

/** Compiled forms by their JSON text: a tool asks the same form on every call. */
const compiled = new Map<string, ResolvedSchema['validate']>();
const CACHED = 64;

/**
 * Validates `content` (the answer's form values; absent means none) against
 * `schema`. Resolves with the issues, never rejects for bad data; rejects with
 * `LocalError('INVALID_ARGUMENT')` when the form's schema itself does not compile.
 */
export async function checkFormAnswer(
  schema: ElicitRequestedSchema,
  content: unknown,
  validator?: JsonSchemaValidator,
): Promise<ValidationResult> {
  const key = JSON.stringify(schema);
  let validate = validator === undefined ? compiled.get(key) : undefined;
  if (validate === undefined) {
    // A form is a JSON Schema object (a restricted one), so it compiles like a tool's input schema.
    validate = resolveSchema(
      schema as unknown as JsonSchemaObject,
      'input',
      validator === undefined ? {} : { validator },
    ).validate;
    if (validator === undefined) remember(key, validate);
  }
  return validate(content ?? {});
}

function remember(key: string, validate: ResolvedSchema['validate']): void {
  if (compiled.size >= CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, validate);
}
