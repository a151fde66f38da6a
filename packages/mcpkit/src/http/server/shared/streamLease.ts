/**
 * A lease held while a stream is open: one GET stream per session across
 * every process, one HTTP+SSE stream per session id. It is renewed while the
 * stream is open and released when it closes; a process that dies stops
 * renewing, and a holder whose process no longer runs is replaced at once
 * (liveness), so a crash never blocks the session for longer than the
 * liveness period.
 *
 * @module
 */
import { unref } from '../keepAlive.js';
import { leaseHolder, leaseNode, type SharedLeases } from '../../../scaleout/index.js';

/** How long a stream lease lives without renewal, in ms; it is renewed three times per lifetime. */
export const STREAM_LEASE_MS = 15_000;

/** What a lease needs of the store. */
export interface LeaseHost {
  readonly node: string;
  readonly leases: SharedLeases;
  alive(node: string): Promise<boolean>;
}

/** One held lease. */
export class StreamLease {
  readonly key: string;
  readonly holder: string;
  readonly #host: LeaseHost;
  readonly #ttlMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #released = false;

  private constructor(host: LeaseHost, key: string, holder: string, ttlMs: number) {
    this.#host = host;
    this.key = key;
    this.holder = holder;
    this.#ttlMs = ttlMs;
  }

  /**
   * Takes `key` for this process (`token` tells its holders apart). With
   * `force`, takes it whoever holds it (a client resuming its stream: the old
   * holder notices at its next renewal and closes). Resolves with the lease,
   * or with the live holder that keeps it; rejects if the store cannot be reached.
   */
  static async take(
    host: LeaseHost,
    key: string,
    token: string,
    force: boolean = false,
    ttlMs: number = STREAM_LEASE_MS,
  ): Promise<StreamLease | { readonly heldBy: string }> {
    const holder = leaseHolder(host.node, token);
    const lease = new StreamLease(host, key, holder, ttlMs);
    if (force) {
      await host.leases.replace(key, holder, ttlMs);
      return lease;
    }
    const current = await host.leases.acquire(key, holder, ttlMs);
    if (current === holder) return lease;
    // Held by a process that no longer runs: take it over, unless someone else did first.
    if (current !== '' && (await host.alive(leaseNode(current)))) return { heldBy: current };
    if (await host.leases.replace(key, holder, ttlMs, current === '' ? undefined : current)) return lease;
    return { heldBy: (await host.leases.holder(key)) ?? '' };
  }

  /** Renews the lease while held; calls `lost` once if another holder took it. */
  keep(lost: () => void): void {
    if (this.#released || this.#timer !== undefined) return;
    const next = (): void => {
      this.#timer = setTimeout(() => {
        this.#host.leases
          .renew(this.key, this.holder, this.#ttlMs)
          // Expired while the store was unreachable, say: taken again if no one else took it meanwhile.
          .then(async (held) => held || (await this.#host.leases.acquire(this.key, this.holder, this.#ttlMs)) === this.holder)
          .then(
            (held) => {
              if (this.#released) return;
              if (held) next();
              else {
                this.#released = true;
                lost();
              }
            },
            // The store is unreachable: the lease runs out by itself if this lasts; keep the stream meanwhile.
            () => {
              if (!this.#released) next();
            },
          );
      }, this.#ttlMs / 3);
      unref(this.#timer);
    };
    next();
  }

  /** Ends the lease (the stream closed). */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    clearTimeout(this.#timer);
    this.#host.leases.release(this.key, this.holder).catch(() => undefined);
  }
}
