/**
 * When a failed or crashed server is started again: after a delay that
 * doubles from `initialDelayMs` up to `maxDelayMs`, at most `maxAttempts`
 * times in a row. A server that stayed up for `stableMs` before it crashed
 * starts counting afresh, so one crash a day never exhausts the attempts.
 * Once the attempts are used up the server is `failed`, and tried again
 * every `pollMs` (a fresh series each time): a server that is down for a
 * while joins when it comes back, without restarting the host.
 *
 * @module
 */

/** How a host restarts its servers. */
export interface RestartPolicy {
  /** Restarts in a row before the server is left `failed` (default 5; 0: never restart). */
  readonly maxAttempts?: number;
  /** The first delay, ms (default 500). */
  readonly initialDelayMs?: number;
  /** The longest delay, ms (default 30 000). */
  readonly maxDelayMs?: number;
  /** Uptime after which a crash counts as the first of a new series, ms (default 10 000). */
  readonly stableMs?: number;
  /** How often a `failed` server is tried again, ms (default 30 000; 0: never, until `restartServer`). */
  readonly pollMs?: number;
}

/** The delay before restart `attempt` (1-based), or undefined when the attempts are used up. */
export function restartDelay(policy: RestartPolicy, attempt: number): number | undefined {
  if (attempt > (policy.maxAttempts ?? 5)) return undefined;
  return Math.min((policy.initialDelayMs ?? 500) * 2 ** (attempt - 1), policy.maxDelayMs ?? 30_000);
}
