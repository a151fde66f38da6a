/**
 * The schema layer the server and client share: JSON Schema validation (ajv by
 * default, loaded on demand), Standard Schema support, and the rules that turn
 * a declared schema into a wire schema plus a validator.
 *
 * @module
 */
export { AjvValidator } from './ajvValidator.js';
export { formatIssues, } from './jsonSchemaValidator.js';
export { isStandardSchema, toJsonSchema, validateStandard, } from './standardSchema.js';
export { defaultValidator, resolveSchema, } from './toolSchema.js';
//# sourceMappingURL=index.js.map