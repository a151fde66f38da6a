/**
 * A small JSON-RPC server built on `Connection`, used by the transcript tests,
 * the transport tests and anywhere a peer that answers is needed. Its methods:
 *
 * - `echo`: returns its params (or null).
 * - `fail`: throws an `Error` whose message is a secret (masking tests).
 * - `fail-rpc`: throws `RpcError(-32001, 'Custom failure', { retry: false })`.
 * - `fail-value`: throws a non-Error value.
 * - `slow`: waits `params.ms`, or until cancelled (then rejects with the reason).
 * - `notify-then-answer`: sends `echo/event` with its params, then answers `"done"`.
 * - `bigint`: returns a value JSON cannot carry (`{ n: 1n }`).
 * - anything else: -32601.
 *
 * @module
 */
import { Connection } from '../src/jsonrpc/connection.js';
import type { ConnectionOptions } from '../src/jsonrpc/connectionOptions.js';
import type { JsonRpcNotification } from '../src/jsonrpc/message.js';
import { RpcError } from '../src/jsonrpc/rpcError.js';
import type { Transport } from '../src/jsonrpc/transport.js';
import { testCancellation } from './helpers.js';

/** The secret the `fail` method throws, which must never reach the wire unless exposed. */
export const SECRET_MESSAGE = 'connect ECONNREFUSED db.internal:5432 (password=hunter2)';

/** A running echo server. */
export interface EchoServer {
  readonly connection: Connection;
  /** Resolves once the connection has started. */
  readonly ready: Promise<void>;
  /** Notifications the server received, in order. */
  readonly notifications: JsonRpcNotification[];
  /** Requests whose handler saw its signal fire, by method. */
  readonly cancelled: string[];
}

/** Serves the echo methods on `transport`. */
export function serveEcho(
  transport: Transport,
  options: Omit<ConnectionOptions, 'onRequest' | 'onNotification'> = {},
): EchoServer {
  const notifications: JsonRpcNotification[] = [];
  const cancelled: string[] = [];
  const connection = new Connection(transport, {
    cancellation: testCancellation,
    ...options,
    onNotification: (notification) => {
      notifications.push(notification);
    },
    onRequest: async (request, context) => {
      const params = request.params as Record<string, unknown> | undefined;
      switch (request.method) {
        case 'echo':
          return params ?? null;
        case 'fail':
          throw new TypeError(SECRET_MESSAGE); // an ordinary Error, not an RpcError
        case 'fail-rpc':
          throw new RpcError(-32001, 'Custom failure', { retry: false });
        case 'fail-value':
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- the point: a non-Error throwable
          throw 42;
        case 'slow':
          return new Promise((resolve, reject) => {
            const ms = typeof params?.['ms'] === 'number' ? params['ms'] : 1000;
            const timer = setTimeout(() => {
              resolve({ slept: ms });
            }, ms);
            context.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              cancelled.push(request.method);
              reject(context.signal.reason as Error);
            });
          });
        case 'bigint':
          return { n: 1n };
        case 'notify-then-answer':
          await context.notify('echo/event', params);
          return 'done';
        default:
          throw RpcError.methodNotFound(request.method);
      }
    },
  });
  return { connection, ready: connection.start(), notifications, cancelled };
}
