/**
 * The default {@link JsonSchemaValidator}: JSON Schema 2020-12 for schemas
 * without `$schema` (as MCP says), draft-07 (and draft-06) when declared, an
 * error for any other dialect. Unknown keywords (`x-mcp-header`) are allowed;
 * standard formats (`email`, `uri`, `date`, `date-time`, `uuid`…) are checked;
 * a `$ref` is resolved only inside the schema, never fetched.
 *
 * Two engines. Schemas within the common subset (`type`, `properties`,
 * `required`, `enum`, bounds, `pattern`, `items`…: see `commonSubset.ts`) are
 * compiled by hand, synchronously, with ajv's exact verdicts and issues and
 * without loading it. Everything else goes to ajv 8, which also validates the
 * schema against its dialect's meta-schema.
 *
 * Why ajv is imported dynamically, and per dialect: measured with `node -e`
 * and `performance.now()` (Node 20), a static `import 'ajv/dist/2020.js'`
 * costs 30-55 ms, and an instance's first compile another 35-55 ms (ajv
 * compiles the dialect's meta-schema to check the schema; later compiles take
 * under 1 ms). So this module imports ajv's types only; {@link AjvValidator.ready}
 * loads the class a schema needs (once per process) and `compile` stays
 * synchronous after that. `resolveSchema` awaits `ready(schema)` on a schema's
 * first validation, so nothing loads until a schema outside the subset is
 * actually checked; a server may call `ready()` early to move that cost.
 * Formats come from `ajv-formats/dist/formats.js` (a plain table); the
 * package's index pulls in its own copy of ajv for keywords we do not use.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic#json-schema-usage
 * @module
 */
import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { fullFormats } from 'ajv-formats/dist/formats.js';
import { LocalError } from '../jsonrpc/localError.js';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import { compileCommonSubset } from './commonSubset.js';
import type { Issue, JsonSchemaValidator, ValidateFn, ValidationResult } from './jsonSchemaValidator.js';
import { toPointer } from './jsonSchemaValidator.js';
import { checkSchemaBounds, DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES, type SchemaBounds } from './schemaBounds.js';

/** Options of {@link AjvValidator}. */
export interface AjvValidatorOptions extends SchemaBounds {
  /** Report every issue, not only the first (default true: the model can fix all at once). */
  readonly allErrors?: boolean;
  /** How many compiled schemas to remember by JSON text (default 1,000). */
  readonly cacheSize?: number;
  /**
   * Compile schemas within the common subset by hand, without loading ajv
   * (default true). The verdicts and issues are ajv's; turn it off only to
   * compare.
   */
  readonly commonSubset?: boolean;
}

type Dialect = '2020-12' | 'draft-07';

/** An ajv class, loaded. */
type AjvClass = new (options: Options) => Ajv | Ajv2020;

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
const DRAFT_06 = 'http://json-schema.org/draft-06/schema';
/** `$schema` values (without a trailing `#`) and the ajv class that serves them. */
const DIALECTS: ReadonlyMap<string, Dialect> = new Map([
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  [DRAFT_07, 'draft-07'],
  [DRAFT_06, 'draft-07'],
]);
/** After this many compiles an ajv instance is replaced, so its internal schema cache stays bounded. */
const RECYCLE_AFTER = 1_000;
const RESOLVED = Promise.resolve();

let formatsLoading: Promise<typeof fullFormats> | undefined;
const classesLoading = new Map<Dialect, Promise<AjvClass>>();

/** Loads the ajv class of `dialect` and the formats table (once per process). */
function loadAjv(dialect: Dialect): Promise<{ readonly Ajv: AjvClass; readonly formats: typeof fullFormats }> {
  formatsLoading ??= import('ajv-formats/dist/formats.js').then((m) => m.fullFormats);
  let loading = classesLoading.get(dialect);
  if (loading === undefined) {
    loading =
      dialect === '2020-12'
        ? import('ajv/dist/2020.js').then((m): AjvClass => m.Ajv2020)
        : import('ajv').then((m): AjvClass => m.Ajv);
    classesLoading.set(dialect, loading);
  }
  return Promise.all([loading, formatsLoading]).then(
    ([Ajv, formats]) => ({ Ajv, formats }),
    (error: unknown) => {
      formatsLoading = undefined;
      classesLoading.delete(dialect);
      throw new LocalError(
        'NOT_SUPPORTED',
        'Cannot load ajv, the default JSON Schema validator: install it or pass another JsonSchemaValidator',
        { cause: error },
      );
    },
  );
}

/** Compiles JSON Schemas by hand (the common subset) or with ajv, loaded on demand; see the module comment. */
export class AjvValidator implements JsonSchemaValidator {
  readonly #options: Required<AjvValidatorOptions>;
  readonly #loaded = new Map<Dialect, { readonly Ajv: AjvClass; readonly formats: typeof fullFormats }>();
  readonly #instances = new Map<Dialect, { readonly ajv: Ajv | Ajv2020; compiles: number }>();
  readonly #byObject = new WeakMap<object, ValidateFn>();
  readonly #byText = new Map<string, ValidateFn>();

  constructor(options: AjvValidatorOptions = {}) {
    this.#options = {
      allErrors: options.allErrors ?? true,
      cacheSize: options.cacheSize ?? 1_000,
      commonSubset: options.commonSubset ?? true,
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
      maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
    };
  }

  /**
   * Resolves once `compile(schema)` may be called: at once when the schema
   * needs no ajv (the common subset, or a schema that will fail anyway),
   * after loading the class of its dialect otherwise. Without a schema, loads
   * every dialect.
   */
  ready(schema?: JsonSchemaObject): Promise<void> {
    if (schema === undefined) return Promise.all([this.#load('2020-12'), this.#load('draft-07')]).then(() => undefined);
    let dialect: Dialect;
    try {
      if (this.#compile(schema, false) !== undefined) return RESOLVED;
      dialect = dialectOf(schema);
    } catch {
      return RESOLVED; // compile() reports the problem
    }
    return this.#load(dialect);
  }

  /**
   * Compiles `schema`, or returns the validator already compiled for this
   * object or for an identical JSON text. Throws `LocalError('NOT_SUPPORTED')`
   * when the schema needs ajv and `ready(schema)` has not resolved.
   */
  compile<T = unknown>(schema: JsonSchemaObject): ValidateFn<T> {
    return this.#compile(schema, true) as ValidateFn<T>;
  }

  /** Compiles; when ajv is needed but not loaded, throws if `required`, else returns undefined. */
  #compile(schema: JsonSchemaObject, required: boolean): ValidateFn | undefined {
    const known = this.#byObject.get(schema);
    if (known !== undefined) return known;
    checkSchemaBounds(schema, this.#options);
    const dialect = dialectOf(schema);
    const text = textOf(schema);
    let validate = this.#byText.get(text);
    if (validate === undefined) {
      validate = this.#options.commonSubset ? compileCommonSubset(schema, !this.#options.allErrors) : undefined;
      if (validate === undefined) {
        if (!required && !this.#loaded.has(dialect)) return undefined;
        validate = this.#compileNew(schema, dialect);
      }
      if (this.#byText.size >= this.#options.cacheSize) this.#byText.delete(this.#byText.keys().next().value as string);
      this.#byText.set(text, validate);
    }
    this.#byObject.set(schema, validate);
    return validate;
  }

  async #load(dialect: Dialect): Promise<void> {
    if (!this.#loaded.has(dialect)) this.#loaded.set(dialect, await loadAjv(dialect));
  }

  #compileNew(schema: JsonSchemaObject, dialect: Dialect): ValidateFn {
    // ajv makes `$async` schemas return a promise; validation here is synchronous.
    if (schema['$async'] === true) throw new LocalError('INVALID_ARGUMENT', 'JSON Schema with "$async": true is not supported');
    const ajv = this.#instance(dialect);
    let check: ValidateFunction;
    try {
      check = ajv.compile(schema);
    } catch (error) {
      throw compileError(error);
    } finally {
      release(ajv, schema);
    }
    return (value: unknown): ValidationResult =>
      check(value) ? { ok: true, value } : { ok: false, issues: (check.errors ?? []).map(toIssue) };
  }

  #instance(dialect: Dialect): Ajv | Ajv2020 {
    const current = this.#instances.get(dialect);
    if (current !== undefined && current.compiles < RECYCLE_AFTER) {
      current.compiles++;
      return current.ajv;
    }
    const loaded = this.#loaded.get(dialect);
    if (loaded === undefined)
      throw new LocalError('NOT_SUPPORTED', 'AjvValidator is still loading: await ready(schema) before compile()');
    const ajv = new loaded.Ajv({ strict: false, allErrors: this.#options.allErrors, logger: false, formats: loaded.formats });
    if (dialect === 'draft-07') withDraft06(ajv);
    this.#instances.set(dialect, { ajv, compiles: 1 });
    return ajv;
  }
}

function textOf(schema: JsonSchemaObject): string {
  try {
    return JSON.stringify(schema);
  } catch (error) {
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
function release(ajv: Ajv | Ajv2020, schema: JsonSchemaObject): void {
  const id = schema['$id'];
  if (typeof id !== 'string') {
    ajv.removeSchema(schema);
    return;
  }
  const registered = ajv.refs[id.replace(/#\/?$/, '')];
  if (typeof registered === 'object' && registered.schema === schema) ajv.removeSchema(schema);
}

/** The dialect `$schema` declares: 2020-12 when absent; throws for any dialect not served. */
function dialectOf(schema: JsonSchemaObject): Dialect {
  const declared: unknown = schema.$schema;
  if (declared === undefined) return '2020-12';
  const dialect = typeof declared === 'string' ? DIALECTS.get(declared.replace(/#$/, '')) : undefined;
  if (dialect === undefined) {
    throw new LocalError(
      'INVALID_ARGUMENT',
      `Unsupported JSON Schema dialect ${JSON.stringify(declared)}: supported are 2020-12 (the default), draft-07 and draft-06`,
    );
  }
  return dialect;
}

/**
 * Lets the draft-07 instance accept draft-06 schemas: draft-07 only added
 * keywords (`if`/`then`/`else`, `$comment`, `readOnly`…), so its meta-schema,
 * under the draft-06 id, serves both. (ajv 8 cannot serve draft-04 without a plugin.)
 */
function withDraft06(ajv: Ajv | Ajv2020): void {
  const meta = ajv.getSchema(DRAFT_07)?.schema;
  if (typeof meta === 'object') ajv.addMetaSchema({ ...meta, $id: `${DRAFT_06}#` });
}

function compileError(error: unknown): LocalError {
  if (error instanceof LocalError) return error;
  const missing = typeof error === 'object' && error !== null ? (error as { missingRef?: unknown }).missingRef : undefined;
  if (typeof missing === 'string') {
    return new LocalError(
      'INVALID_ARGUMENT',
      `JSON Schema $ref ${JSON.stringify(missing)} cannot be resolved: references outside the schema are never fetched; inline the referenced schema under $defs`,
      { cause: error },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new LocalError('INVALID_ARGUMENT', `Invalid JSON Schema: ${detail}`, { cause: error });
}

/** Maps an ajv error to an issue; a missing or extra property gets its own path. */
function toIssue(error: ErrorObject): Issue {
  const params = error.params as Record<string, unknown>;
  const at = (name: unknown): string => error.instancePath + toPointer([String(name)]);
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
