/**
 * The schema layer the server and client share: JSON Schema validation (ajv by
 * default, loaded on demand), Standard Schema support, and the rules that turn
 * a declared schema into a wire schema plus a validator.
 *
 * @module
 */
export { AjvValidator, type AjvValidatorOptions } from './ajvValidator.js';
export { checkFormAnswer } from './formAnswer.js';
export {
  formatIssues,
  type Issue,
  type JsonSchemaValidator,
  type ValidateFn,
  type ValidationResult,
} from './jsonSchemaValidator.js';
export type { SchemaBounds } from './schemaBounds.js';
export {
  isStandardSchema,
  toJsonSchema,
  validateStandard,
  type InferInput,
  type InferOutput,
  type StandardIssue,
  type StandardJSONSchemaConverter,
  type StandardJSONSchemaTarget,
  type StandardJSONSchemaV1,
  type StandardResult,
  type StandardSchemaProps,
  type StandardSchemaV1,
  type ToJsonSchemaOptions,
} from './standardSchema.js';
export {
  defaultValidator,
  resolveSchema,
  type ResolvedSchema,
  type ResolveSchemaOptions,
  type SchemaInput,
  type SchemaIo,
} from './toolSchema.js';
