/**
 * The most bytes one read of the graph answers with. The graph is whatever
 * callers wrote into it, so `read_graph` (and the `memory://knowledge-graph`
 * resource) could otherwise answer with any size at all; past the limit the
 * read fails with an error that names the limit and the tools that read a
 * part of the graph instead.
 *
 * @module
 */
import { JsonRpcErrorCode, LocalError, RpcError } from 'mcpkit/jsonrpc';
import { ToolError } from 'mcpkit/server';

/** The limit when none is given (16 MiB). */
export const DEFAULT_MAX_RESULT_BYTES: number = 16 * 1024 * 1024;

function tooLarge(bytes: number, max: number): string {
  return (
    `The answer is ${bytes} bytes of JSON, more than this server's limit of ${max} (--max-result-size): ` +
    'read a part of the graph with search_nodes or open_nodes'
  );
}

/** `text` if it is within `max` bytes; else a tool error (tool results) saying so. */
export function boundedToolText(text: string, max: number): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > max) throw new ToolError(tooLarge(bytes, max));
  return text;
}

/** `text` if it is within `max` bytes; else a JSON-RPC error (resource reads) saying so. */
export function boundedResourceText(text: string, max: number): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > max) throw new RpcError(JsonRpcErrorCode.InternalError, tooLarge(bytes, max));
  return text;
}

const SUFFIX: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** `--max-result-size`: bytes, or with a K, M or G suffix (powers of 1024). */
export function parseResultSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(text.trim());
  const value = match === null ? NaN : Number(match[1]) * (SUFFIX[(match[2] ?? '').toLowerCase()] ?? NaN);
  if (!(value >= 1))
    throw new LocalError(
      'INVALID_ARGUMENT',
      `--max-result-size needs a size such as 1048576, 512K or 16M, not ${JSON.stringify(text)}`,
    );
  return Math.floor(value);
}
