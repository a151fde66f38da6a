/**
 * Canonical JSON: object keys sorted, so equal values always serialize
 * equally (cache keys on the client, request digests in `requestState` on
 * the server).
 *
 * @module
 */
import { isObject } from './check.js';

/** `value` as JSON with sorted object keys; absent (undefined) members are left out. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  // JSON.stringify returns undefined for undefined and functions, whatever its declared type says.
  const text = JSON.stringify(value) as string | undefined;
  return text ?? 'null';
}
