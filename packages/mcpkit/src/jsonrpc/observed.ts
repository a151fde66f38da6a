/**
 * How a failure looks to an observer: the peer's JSON-RPC error as it came
 * over the wire, or a local failure (timeout, close, cancellation) as is.
 *
 * @module
 */
import type { ObservedOutcome } from './observer.js';
import { RpcError } from './rpcError.js';

/** The outcome of a rejected request or send. */
export function outcomeOf(error: unknown): ObservedOutcome {
  return error instanceof RpcError ? { ok: false, error: error.toJSON() } : { ok: false, local: error };
}
