/**
 * Anything a command throws, turned into a message and a stable exit code.
 *
 * @module
 */
import { LocalError, RpcError } from 'mcpkit/jsonrpc';
import { CliError, ExitCode, UsageError } from './exitCodes.js';
import { SamplingDeclined } from './samplingDeclined.js';

/** Node's codes for a connection that could not be made. */
const CONNECTION_CODES = new Set([
  'ENOENT',
  'EACCES',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** The exit code for `error`. */
export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof UsageError) return ExitCode.Usage;
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof RpcError) return ExitCode.Server;
  if (error instanceof LocalError) {
    switch (error.code) {
      case 'REQUEST_TIMEOUT':
        return ExitCode.Timeout;
      case 'CONNECTION_CLOSED':
      case 'TRANSPORT_FAILED':
        return ExitCode.Connection;
      case 'PROTOCOL_VIOLATION':
      case 'NOT_SUPPORTED':
        return ExitCode.Server;
      case 'CANCELLED':
        return ExitCode.Interrupted;
      case 'INVALID_ARGUMENT':
        return ExitCode.Error;
    }
  }
  return isConnectionFailure(error) ? ExitCode.Connection : ExitCode.Error;
}

/**
 * Whether `error` says a connection could not be made: a Node error code of
 * {@link CONNECTION_CODES} on it or on a cause (`fetch` throws a TypeError
 * "fetch failed" whose cause carries `ECONNREFUSED`), or `fetch`'s own
 * network failure with no code at all (a port it refuses to use).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 10; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  }
  return false;
}

/** The message printed after `mcpkit: `: the error's, with a JSON-RPC error's code and data. */
export function messageFor(error: unknown): string {
  if (error instanceof SamplingDeclined) return error.message;
  if (error instanceof RpcError) {
    const data = error.data === undefined ? '' : ` ${JSON.stringify(error.data)}`;
    return `the server answered with error ${String(error.code)}: ${error.message}${data.length > 300 ? `${data.slice(0, 300)}…` : data}`;
  }
  if (error instanceof CliError) return error.message;
  if (error instanceof Error) {
    const cause = rootCause(error);
    return cause === undefined || error.message.includes(cause.message) ? error.message : `${error.message} (${cause.message})`;
  }
  return String(error);
}

/** The innermost cause with a message (`connect ECONNREFUSED …` under `fetch failed`). */
function rootCause(error: Error): Error | undefined {
  let found: Error | undefined;
  for (let e: unknown = error.cause, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++)
    if (e.message !== '') found = e;
  return found;
}
