import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { type ValidationResult } from './jsonSchemaValidator.js';
/** A schema from any Standard Schema library. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
    /** The Standard Schema properties. */
    readonly '~standard': StandardSchemaProps<Input, Output>;
}
/** The `~standard` properties of a Standard Schema. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
    /** The version of the standard. */
    readonly version: 1;
    /** The library's name (`zod`, `valibot`, `arktype`…). */
    readonly vendor: string;
    /** Checks a value; a falsy `issues` means success. */
    readonly validate: (value: unknown, options?: {
        readonly libraryOptions?: Record<string, unknown> | undefined;
    }) => StandardResult<Output> | Promise<StandardResult<Output>>;
    /** The input and output types, for inference only. */
    readonly types?: {
        readonly input: Input;
        readonly output: Output;
    } | undefined;
}
/** What `~standard.validate` returns. */
export type StandardResult<Output> = {
    readonly value: Output;
    readonly issues?: undefined;
} | {
    readonly issues: readonly StandardIssue[];
};
/** One issue reported by a Standard Schema. */
export interface StandardIssue {
    /** The library's message. */
    readonly message: string;
    /** Where in the value: keys, or `{ key }` segments. */
    readonly path?: readonly (PropertyKey | {
        readonly key: PropertyKey;
    })[] | undefined;
}
/** The JSON Schema versions a Standard JSON Schema converter may target. */
export type StandardJSONSchemaTarget = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | (string & {});
/** The `~standard.jsonSchema` converter of the Standard JSON Schema extension. */
export interface StandardJSONSchemaConverter {
    /** The JSON Schema of the accepted input; may throw when the type is not representable. */
    readonly input: (options: {
        readonly target: StandardJSONSchemaTarget;
        readonly libraryOptions?: Record<string, unknown>;
    }) => Record<string, unknown>;
    /** The JSON Schema of the produced output; may throw when the type is not representable. */
    readonly output: (options: {
        readonly target: StandardJSONSchemaTarget;
        readonly libraryOptions?: Record<string, unknown>;
    }) => Record<string, unknown>;
}
/** A schema that implements the Standard JSON Schema extension. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
    /** The Standard properties, with the converter. */
    readonly '~standard': Omit<StandardSchemaProps<Input, Output>, 'validate'> & {
        readonly jsonSchema: StandardJSONSchemaConverter;
    };
}
/** The type a schema accepts (`unknown` for a JSON Schema or a schema without types). */
export type InferInput<S> = S extends StandardSchemaV1<infer I, unknown> ? I : unknown;
/** The type a schema produces once validated (`unknown` for a JSON Schema). */
export type InferOutput<S> = S extends StandardSchemaV1<unknown, infer O> ? O : unknown;
/** Whether `value` is a Standard Schema (an object or, as in arktype, a function). */
export declare function isStandardSchema(value: unknown): value is StandardSchemaV1;
/** Options of {@link toJsonSchema}. */
export interface ToJsonSchemaOptions {
    /** The input side (what a caller sends) or the output side (what validation produces). */
    readonly io: 'input' | 'output';
    /** The JSON Schema version (default `draft-2020-12`, MCP's default dialect). */
    readonly target?: 'draft-2020-12' | 'draft-07';
}
/**
 * The JSON Schema of a Standard Schema, from its `~standard.jsonSchema`. Throws
 * `LocalError('NOT_SUPPORTED')` when the library offers no converter or cannot
 * represent the type (transforms, dates…): pass a JSON Schema object instead.
 */
export declare function toJsonSchema(schema: StandardSchemaV1, options: ToJsonSchemaOptions): JsonSchemaObject;
/** Validates with a Standard Schema, mapping its issues to ours. */
export declare function validateStandard<S extends StandardSchemaV1>(schema: S, value: unknown): Promise<ValidationResult<InferOutput<S>>>;
/** Like {@link validateStandard}, but synchronous when the library answers synchronously. */
export declare function runStandard<S extends StandardSchemaV1>(schema: S, value: unknown): ValidationResult<InferOutput<S>> | Promise<ValidationResult<InferOutput<S>>>;
//# sourceMappingURL=standardSchema.d.ts.map