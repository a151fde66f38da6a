/**
 * One timer for the deadlines of all of a connection's outgoing requests,
 * instead of one per request: arming and clearing a timer per call cost a
 * client about a tenth of its CPU with many calls in flight.
 *
 * The timer is armed for the earliest deadline it was told of. Deadlines only
 * move later (a progress reset) or go away (the request settled) without
 * telling it, so it may fire early: it then expires what is due, finds the
 * earliest deadline left and sleeps again. A request therefore expires at its
 * deadline to the millisecond, as with a timer of its own; and when no request
 * is left, the timer is cleared, so it never keeps a process alive.
 *
 * @module
 */

/** A request with a deadline. */
export interface Expiring {
  /** When it times out (ms since the epoch, `Date.now()`); `Infinity` for never. */
  readonly fireAt: number;
  /** Called once `fireAt` has passed. */
  expire(): void;
}

/** Timers cannot wait longer than 2^31-1 ms; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** The deadline timer of one connection. */
export class Deadlines {
  readonly #entries: () => Iterable<Expiring>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires (Infinity: not armed). */
  #at = Infinity;

  /** @param entries the requests in flight, scanned when the timer fires. */
  constructor(entries: () => Iterable<Expiring>) {
    this.#entries = entries;
  }

  /** A request in flight now has the deadline `fireAt` (finite). */
  add(fireAt: number): void {
    if (fireAt < this.#at) this.#arm(fireAt, Date.now());
  }

  /** No request is in flight. */
  clear(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#at = Infinity;
  }

  #arm(at: number, now: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#at = at;
    this.#timer = setTimeout(this.#fire, Math.min(Math.max(0, at - now), MAX_TIMER_MS));
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#at = Infinity;
    const now = Date.now();
    let next = Infinity;
    const due: Expiring[] = [];
    for (const entry of this.#entries()) {
      if (entry.fireAt <= now) due.push(entry);
      else if (entry.fireAt < next) next = entry.fireAt;
    }
    if (next !== Infinity) this.#arm(next, now);
    for (const entry of due) entry.expire();
  };
}
