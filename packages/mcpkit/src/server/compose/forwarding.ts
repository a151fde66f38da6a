/**
 * What every forwarded request shares: the caller's `_meta` passed on (trace
 * context and vendors' keys flow through) without the keys MCP reserves, which
 * describe the caller's own connection, and upstream failures turned into JSON-RPC errors
 * the caller can read, so a caller never hangs on an upstream that is gone.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type { Meta } from '../../protocol/types/index.js';

/** W3C trace context: reserved by MCP for propagation, so passed on. */
const TRACE_CONTEXT: ReadonlySet<string> = new Set(['traceparent', 'tracestate', 'baggage']);
/** Reserved names without a prefix, which describe the request they are on. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(['progressToken']);
const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * True if `key` may go upstream: trace context, a name without a prefix that
 * MCP does not reserve, or a well-formed prefix whose second label is not
 * `modelcontextprotocol` or `mcp` (MCP's, whatever follows: a new revision's
 * or extension's key must not cross by default). A key whose prefix is not
 * well-formed cannot be told apart from a reserved one, and stays.
 */
function forwardable(key: string): boolean {
  if (TRACE_CONTEXT.has(key)) return true;
  const slash = key.indexOf('/');
  if (slash < 0) return !RESERVED_NAMES.has(key);
  const labels = key.slice(0, slash).split('.');
  if (key.includes('/', slash + 1) || !labels.every((l) => LABEL.test(l))) return false;
  const second = labels[1]?.toLowerCase();
  return second !== 'modelcontextprotocol' && second !== 'mcp';
}

/** The caller's `_meta` to send upstream (`undefined` when nothing is left). */
export function forwardedMeta(meta: Readonly<Record<string, unknown>> | undefined): Meta | undefined {
  if (meta === undefined) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(meta)) {
    if (!forwardable(key)) continue;
    (out ??= {})[key] = value;
  }
  return out;
}

/**
 * An upstream's result as this server's: without what describes the upstream's
 * connection (`resultType`, the keys of `_meta` MCP reserves, such as the
 * upstream's `io.modelcontextprotocol/serverInfo`), which the session adds back for its own caller
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
