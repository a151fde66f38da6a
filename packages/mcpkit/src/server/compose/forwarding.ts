/**
 * What every forwarded request shares: the caller's `_meta` passed on (trace
 * context and extensions flow through) without the keys that belong to the
 * caller's own connection, and upstream failures turned into JSON-RPC errors
 * the caller can read, so a caller never hangs on an upstream that is gone.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type { Meta } from '../../protocol/types/index.js';

/** `_meta` keys that describe the caller's request to this server, not to the upstream. */
function ownKey(key: string): boolean {
  return key === 'progressToken' || key.startsWith('io.modelcontextprotocol/');
}

/** The caller's `_meta` to send upstream (`undefined` when nothing is left). */
export function forwardedMeta(meta: Readonly<Record<string, unknown>> | undefined): Meta | undefined {
  if (meta === undefined) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(meta)) {
    if (ownKey(key)) continue;
    (out ??= {})[key] = value;
  }
  return out;
}

/**
 * An upstream's result as this server's: without what describes the upstream's
 * connection (`resultType`, the `io.modelcontextprotocol/` keys of `_meta`, such
 * as the upstream's `serverInfo`), which the session adds back for its own caller
 * where its revision has them.
 */
export function forwardedResult<R extends object>(result: R): R {
  const { resultType: _type, _meta, ...rest } = result as R & { resultType?: unknown; _meta?: Record<string, unknown> };
  const meta = forwardedMeta(_meta);
  return (meta === undefined ? rest : { ...rest, _meta: meta }) as R;
}

/** An upstream failure as the error the caller gets. */
export function forwardedError(label: string, error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  if (error instanceof LocalError) {
    const why = error.code === 'CONNECTION_CLOSED' ? 'is unavailable' : 'failed';
    return new RpcError(JsonRpcErrorCode.InternalError, `Upstream ${label} ${why}: ${error.message}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RpcError(JsonRpcErrorCode.InternalError, `Upstream ${label} failed: ${message}`);
}
