/**
 * The validation contract the server and client share: a validator compiles a
 * JSON Schema into a function that returns a result, never throws, for data.
 * Only schema problems (invalid schema, unsupported dialect, unresolvable
 * `$ref`) throw, as `LocalError('INVALID_ARGUMENT')`, at compile time.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic#json-schema-usage
 * @module
 */
import type { JsonSchemaObject } from '../protocol/types/tools.js';

/** One reason a value failed validation. */
export interface Issue {
  /** Where, as a JSON Pointer into the value (`''` is the value itself, `/a/0/b` a nested member). */
  readonly path: string;
  /** What is wrong, in a few words (`must be string`, `is required`). */
  readonly message: string;
}

/** The outcome of a validation: the (possibly transformed) value, or every issue found. */
export type ValidationResult<T = unknown> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly Issue[] };

/** A compiled schema: checks a value synchronously and reports, never throws. */
export type ValidateFn<T = unknown> = (value: unknown) => ValidationResult<T>;

/**
 * Compiles JSON Schemas. The default is `AjvValidator`; pass another where
 * ajv cannot run (its generated code needs `new Function`, which some edge
 * runtimes forbid).
 */
export interface JsonSchemaValidator {
  /**
   * Compiles `schema` (treated as immutable from then on). Throws
   * `LocalError('INVALID_ARGUMENT')` when the schema is invalid, too large, of an
   * unsupported dialect, or refers to a schema it cannot resolve locally.
   */
  compile<T = unknown>(schema: JsonSchemaObject): ValidateFn<T>;
  /**
   * For validators that load their engine lazily: resolves once
   * `compile(schema)` may be called (without a schema, once any may be).
   */
  ready?(schema?: JsonSchemaObject): Promise<void>;
}

const SHOWN = 3;

/** One concise line for messages: the first few issues, `path: message`, then how many more. */
export function formatIssues(issues: readonly Issue[]): string {
  if (issues.length === 0) return 'invalid value';
  const shown = issues.slice(0, SHOWN).map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
  const more = issues.length > SHOWN ? ` (and ${issues.length - SHOWN} more)` : '';
  return shown.join('; ') + more;
}

/** Builds a JSON Pointer from path segments, escaping `~` and `/` (RFC 6901). */
export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of segments) pointer += '/' + String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
  return pointer;
}
