import { LocalError } from '../jsonrpc/localError.js';
import { toPointer } from './jsonSchemaValidator.js';
import { checkSchemaBounds, DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES } from './schemaBounds.js';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
const DRAFT_06 = 'http://json-schema.org/draft-06/schema';
/** `$schema` values (without a trailing `#`) and the ajv class that serves them. */
const DIALECTS = new Map([
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
    [DRAFT_07, 'draft-07'],
    [DRAFT_06, 'draft-07'],
]);
/** After this many compiles an ajv instance is replaced, so its internal schema cache stays bounded. */
const RECYCLE_AFTER = 1_000;
let loading;
function loadAjv() {
    loading ??= Promise.all([import('ajv/dist/2020.js'), import('ajv'), import('ajv-formats/dist/formats.js')]).then(([draft2020, draft07, formats]) => ({ Ajv2020: draft2020.Ajv2020, Ajv: draft07.Ajv, formats: formats.fullFormats }), (error) => {
        loading = undefined;
        throw new LocalError('NOT_SUPPORTED', 'Cannot load ajv, the default JSON Schema validator: install it or pass another JsonSchemaValidator', {
            cause: error,
        });
    });
    return loading;
}
/** Compiles JSON Schemas with ajv, loaded on demand; see the module comment. */
export class AjvValidator {
    #options;
    #modules;
    #instances = new Map();
    #byObject = new WeakMap();
    #byText = new Map();
    constructor(options = {}) {
        this.#options = {
            allErrors: options.allErrors ?? true,
            cacheSize: options.cacheSize ?? 1_000,
            maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
            maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
        };
    }
    /** Loads ajv (once per process); `compile` may be called once this resolves. */
    async ready() {
        this.#modules ??= await loadAjv();
    }
    /**
     * Compiles `schema`, or returns the validator already compiled for this
     * object or for an identical JSON text. Throws `LocalError('NOT_SUPPORTED')`
     * before {@link ready} has resolved.
     */
    compile(schema) {
        const known = this.#byObject.get(schema);
        if (known !== undefined)
            return known;
        checkSchemaBounds(schema, this.#options);
        const dialect = dialectOf(schema);
        const text = textOf(schema);
        let validate = this.#byText.get(text);
        if (validate === undefined) {
            validate = this.#compileNew(schema, dialect);
            if (this.#byText.size >= this.#options.cacheSize)
                this.#byText.delete(this.#byText.keys().next().value);
            this.#byText.set(text, validate);
        }
        this.#byObject.set(schema, validate);
        return validate;
    }
    #compileNew(schema, dialect) {
        // ajv makes `$async` schemas return a promise; validation here is synchronous.
        if (schema['$async'] === true)
            throw new LocalError('INVALID_ARGUMENT', 'JSON Schema with "$async": true is not supported');
        const ajv = this.#instance(dialect);
        let check;
        try {
            check = ajv.compile(schema);
        }
        catch (error) {
            throw compileError(error);
        }
        finally {
            release(ajv, schema);
        }
        return (value) => check(value) ? { ok: true, value } : { ok: false, issues: (check.errors ?? []).map(toIssue) };
    }
    #instance(dialect) {
        const current = this.#instances.get(dialect);
        if (current !== undefined && current.compiles < RECYCLE_AFTER) {
            current.compiles++;
            return current.ajv;
        }
        const modules = this.#modules;
        if (modules === undefined)
            throw new LocalError('NOT_SUPPORTED', 'AjvValidator is still loading: await ready() before compile()');
        const options = {
            strict: false,
            allErrors: this.#options.allErrors,
            logger: false, validateSchema: false,
            formats: modules.formats,
        };
        const ajv = dialect === '2020-12' ? new modules.Ajv2020(options) : withDraft06(new modules.Ajv(options));
        this.#instances.set(dialect, { ajv, compiles: 1 });
        return ajv;
    }
}
function textOf(schema) {
    try {
        return JSON.stringify(schema);
    }
    catch (error) {
        throw new LocalError('INVALID_ARGUMENT', 'JSON Schema is not JSON (it holds a value JSON cannot express)', { cause: error });
    }
}
/**
 * Makes ajv forget a compiled schema (the validator keeps working): its cache
 * entry, and its `$id`, which would otherwise make a later, different schema
 * with the same `$id` fail. Only an `$id` this schema registered is dropped,
 * never one ajv already held (a meta-schema's). Compiling with ajv's
 * `addUsedSchema: false` instead would break `"$ref": "#"`.
 */
function release(ajv, schema) {
    const id = schema['$id'];
    if (typeof id !== 'string') {
        ajv.removeSchema(schema);
        return;
    }
    const registered = ajv.refs[id.replace(/#\/?$/, '')];
    if (typeof registered === 'object' && registered.schema === schema)
        ajv.removeSchema(schema);
}
/** The dialect `$schema` declares: 2020-12 when absent; throws for any dialect not served. */
function dialectOf(schema) {
    const declared = schema.$schema;
    if (declared === undefined)
        return '2020-12';
    const dialect = typeof declared === 'string' ? DIALECTS.get(declared.replace(/#$/, '')) : undefined;
    if (dialect === undefined) {
        throw new LocalError('INVALID_ARGUMENT', `Unsupported JSON Schema dialect ${JSON.stringify(declared)}: supported are 2020-12 (the default), draft-07 and draft-06`);
    }
    return dialect;
}
/**
 * Lets the draft-07 instance accept draft-06 schemas: draft-07 only added
 * keywords (`if`/`then`/`else`, `$comment`, `readOnly`…), so its meta-schema,
 * under the draft-06 id, serves both. (ajv 8 cannot serve draft-04 without a plugin.)
 */
function withDraft06(ajv) {
    const meta = ajv.getSchema(DRAFT_07)?.schema;
    if (typeof meta === 'object')
        ajv.addMetaSchema({ ...meta, $id: `${DRAFT_06}#` });
    return ajv;
}
function compileError(error) {
    if (error instanceof LocalError)
        return error;
    const missing = typeof error === 'object' && error !== null ? error.missingRef : undefined;
    if (typeof missing === 'string') {
        return new LocalError('INVALID_ARGUMENT', `JSON Schema $ref ${JSON.stringify(missing)} cannot be resolved: references outside the schema are never fetched; inline the referenced schema under $defs`, { cause: error });
    }
    const detail = error instanceof Error ? error.message : String(error);
    return new LocalError('INVALID_ARGUMENT', `Invalid JSON Schema: ${detail}`, { cause: error });
}
/** Maps an ajv error to an issue; a missing or extra property gets its own path. */
function toIssue(error) {
    const params = error.params;
    const at = (name) => error.instancePath + toPointer([String(name)]);
    switch (error.keyword) {
        case 'required':
            return { path: at(params['missingProperty']), message: 'is required' };
        case 'dependentRequired':
        case 'dependencies':
            if (typeof params['missingProperty'] === 'string' && typeof params['property'] === 'string') {
                return {
                    path: at(params['missingProperty']),
                    message: `is required when ${JSON.stringify(params['property'])} is present`,
                };
            }
            break;
        case 'additionalProperties':
            return { path: at(params['additionalProperty']), message: 'is not allowed' };
        case 'unevaluatedProperties':
            return { path: at(params['unevaluatedProperty']), message: 'is not allowed' };
    }
    return { path: error.instancePath, message: error.message ?? `fails "${error.keyword}"` };
}
//# sourceMappingURL=ajvValidator.js.map