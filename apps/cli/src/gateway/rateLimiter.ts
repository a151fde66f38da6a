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

/** The most callers remembered. */
const MAX_CALLERS = 10_000;

/** A rate limiter keyed by caller. */
export class RateLimiter {
  readonly #perMinute: number;
  readonly #rate: number;
  /** In order of use, least recent first. */
  readonly #buckets = new Map<string, Bucket>();
  /** Shared by new callers while every remembered caller still has a bucket drawn down. */
  readonly #overflow: Bucket;
  readonly #now: () => number;
  readonly #max: number;

  constructor(perMinute: number, now: () => number = Date.now, maxCallers = MAX_CALLERS) {
    this.#perMinute = perMinute;
    this.#rate = perMinute / 60_000;
    this.#now = now;
    this.#max = maxCallers;
    this.#overflow = { tokens: perMinute, at: now() };
  }

  /** Takes one request of `caller`'s allowance: 0 if allowed, else the ms to wait. */
  take(caller: string): number {
    const now = this.#now();
    const bucket = this.#bucketOf(caller, now);
    bucket.tokens = this.#level(bucket, now);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / this.#rate);
  }

  #level(bucket: Bucket, now: number): number {
    return Math.min(this.#perMinute, bucket.tokens + (now - bucket.at) * this.#rate);
  }

  #bucketOf(caller: string, now: number): Bucket {
    const known = this.#buckets.get(caller);
    if (known !== undefined) {
      this.#buckets.delete(caller); // re-inserted last: the map stays in order of use
      this.#buckets.set(caller, known);
      return known;
    }
    // Forget only callers whose bucket has refilled, which carry no state: cycling
    // through many keys must not hand a drawn-down caller a fresh bucket.
    for (const [key, oldest] of this.#buckets) {
      if (this.#buckets.size < this.#max || this.#level(oldest, now) < this.#perMinute) break;
      this.#buckets.delete(key);
    }
    if (this.#buckets.size >= this.#max) return this.#overflow;
    const fresh = { tokens: this.#perMinute, at: now };
    this.#buckets.set(caller, fresh);
    return fresh;
  }
}
