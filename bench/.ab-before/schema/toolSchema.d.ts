import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { type JsonSchemaValidator, type ValidationResult } from './jsonSchemaValidator.js';
import { type StandardSchemaV1 } from './standardSchema.js';
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
/** The validator used when none is given: one `AjvValidator` per process, which loads ajv on first use. */
export declare function defaultValidator(): JsonSchemaValidator;
/**
 * Resolves a declared schema. A missing input schema means "no arguments":
 * `{ type: "object", additionalProperties: false }`, the spec's recommended
 * form. Throws `LocalError` when the schema cannot be used (not an object,
 * input root not `type: "object"`, no JSON Schema from the Standard Schema).
 */
export declare function resolveSchema(schema: SchemaInput | undefined, io: SchemaIo, options?: ResolveSchemaOptions): ResolvedSchema;
//# sourceMappingURL=toolSchema.d.ts.map