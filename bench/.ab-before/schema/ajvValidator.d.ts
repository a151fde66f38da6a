import type { JsonSchemaObject } from '../protocol/types/tools.js';
import type { JsonSchemaValidator, ValidateFn } from './jsonSchemaValidator.js';
import { type SchemaBounds } from './schemaBounds.js';
/** Options of {@link AjvValidator}. */
export interface AjvValidatorOptions extends SchemaBounds {
    /** Report every issue, not only the first (default true: the model can fix all at once). */
    readonly allErrors?: boolean;
    /** How many compiled schemas to remember by JSON text (default 1,000). */
    readonly cacheSize?: number;
}
/** Compiles JSON Schemas with ajv, loaded on demand; see the module comment. */
export declare class AjvValidator implements JsonSchemaValidator {
    #private;
    constructor(options?: AjvValidatorOptions);
    /** Loads ajv (once per process); `compile` may be called once this resolves. */
    ready(): Promise<void>;
    /**
     * Compiles `schema`, or returns the validator already compiled for this
     * object or for an identical JSON text. Throws `LocalError('NOT_SUPPORTED')`
     * before {@link ready} has resolved.
     */
    compile<T = unknown>(schema: JsonSchemaObject): ValidateFn<T>;
}
//# sourceMappingURL=ajvValidator.d.ts.map