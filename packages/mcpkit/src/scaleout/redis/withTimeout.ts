/**
 * A bound on waiting for Redis (a connection, a subscription): what has no
 * answer in time fails with a clear local error instead of hanging a request.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/index.js';

/** `work`, or a `TRANSPORT_FAILED` error naming `what` after `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new LocalError('TRANSPORT_FAILED', `${what}: no answer within ${String(ms)} ms`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new LocalError('TRANSPORT_FAILED', String(error)));
      },
    );
  });
}
