/**
 * The requests one connection has sent and not yet settled: by id, by
 * progress token, and one deadline timer for all of them.
 *
 * @module
 */
import type { RequestId } from './message.js';
import { Deadlines, type PendingRequest } from './pending.js';

/**
 * A connection's requests in flight. The connection creates this on its first
 * request: a server's connection (one per HTTP session) seldom asks the
 * client anything, and should not carry the tables.
 */
export class Outgoing {
  readonly #byId = new Map<RequestId, PendingRequest>();
  /** Created on first use: most requests ask for no progress. */
  #byToken: Map<RequestId, PendingRequest> | undefined;
  /** One timer for the deadlines of every request in flight. */
  readonly #deadlines = new Deadlines(() => this.#byId.values());

  /** How many requests are in flight. */
  get size(): number {
    return this.#byId.size;
  }

  add(request: PendingRequest): void {
    this.#byId.set(request.id, request);
    if (request.progressToken !== undefined) (this.#byToken ??= new Map()).set(request.progressToken, request);
  }

  get(id: RequestId): PendingRequest | undefined {
    return this.#byId.get(id);
  }

  /** The request whose progress notifications carry `token`. */
  byToken(token: RequestId): PendingRequest | undefined {
    return this.#byToken?.get(token);
  }

  /** Forgets a settled request; the timer stops when none is left. */
  settle(id: RequestId, progressToken: RequestId | undefined): void {
    this.#byId.delete(id);
    if (this.#byId.size === 0) this.#deadlines.clear();
    if (progressToken !== undefined) this.#byToken?.delete(progressToken);
  }

  /** A request in flight times out at `fireAt`. */
  expireAt(fireAt: number): void {
    this.#deadlines.add(fireAt);
  }

  /** Fails every request in flight with `reason`. */
  failAll(reason: Error): void {
    for (const request of [...this.#byId.values()]) request.fail(reason);
  }
}
