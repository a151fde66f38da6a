/**
 * Requests per minute per caller: a token bucket for each (refilled
 * continuously, so a caller may burst up to the minute's allowance and then
 * goes at the steady rate). Callers are told, in the error, when to retry.
 *
 * @module
 */

interface Bucket {
  tokens: number;
  at: number;
}

/** The most callers remembered; the least recently seen are forgotten beyond it. */
const MAX_CALLERS = 10_000;

/** A rate limiter keyed by caller. */
export class RateLimiter {
  readonly #perMinute: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(perMinute: number, now: () => number = Date.now) {
    this.#perMinute = perMinute;
    this.#now = now;
  }

  /** Takes one request of `caller`'s allowance: 0 if allowed, else the ms to wait. */
  take(caller: string): number {
    const now = this.#now();
    const rate = this.#perMinute / 60_000;
    const bucket = this.#buckets.get(caller) ?? { tokens: this.#perMinute, at: now };
    this.#buckets.delete(caller); // re-inserted last: the map stays in order of use
    bucket.tokens = Math.min(this.#perMinute, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    this.#buckets.set(caller, bucket);
    if (this.#buckets.size > MAX_CALLERS) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / rate);
  }
}
