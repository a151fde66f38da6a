/**
 * Leases: short-lived keys a process holds while it owns something every
 * process must agree on (a session's GET stream, an HTTP+SSE session's
 * stream). A lease expires by itself unless its holder renews it, so a
 * process that dies releases what it held within one lifetime; the holder
 * names the process, so others can also ask whether it still runs.
 *
 * @module
 */

/** Keys with an expiry, each held by one holder at a time. */
export interface SharedLeases {
  /** Takes `key` for `holder` for `ttlMs` if no one holds it; resolves with the holder afterwards (`holder` if taken). */
  acquire(key: string, holder: string, ttlMs: number): Promise<string>;
  /** Takes `key` for `holder` if its holder is still `previous` (undefined: whoever holds it); false if it changed. */
  replace(key: string, holder: string, ttlMs: number, previous?: string): Promise<boolean>;
  /** Extends `holder`'s lease; false if it is no longer theirs. */
  renew(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Ends `holder`'s lease (nothing if someone else holds the key now). */
  release(key: string, holder: string): Promise<void>;
  /** The holder of `key`, or undefined. */
  holder(key: string): Promise<string | undefined>;
}

/** A lease holder: the process that holds it, and what for (`<node>/<token>`). */
export function leaseHolder(node: string, token: string): string {
  return `${node}/${token}`;
}

/** The process of a lease holder. */
export function leaseNode(holder: string): string {
  const slash = holder.indexOf('/');
  return slash < 0 ? holder : holder.slice(0, slash);
}

/** The token of a lease holder (after the process). */
export function leaseToken(holder: string): string {
  const slash = holder.indexOf('/');
  return slash < 0 ? '' : holder.slice(slash + 1);
}
