/**
 * Era and revision negotiation, run once per connection.
 *
 * - `auto` probes with `server/discover` and, if the server is silent, sends
 *   `initialize` beside the probe; the first decisive answer wins (`probe.ts`).
 * - `handshake` sends `initialize` with the newest handshake revision and
 *   accepts any older one the server picks; `stateless` only discovers. (The
 *   deprecated `legacy` and `modern` are the same two.)
 * - A pinned revision speaks exactly that revision, in its era.
 *
 * Whatever was asked, a refusal that lists the server's revisions (-32022 with
 * `supported`) moves negotiation to the best listed revision the preference
 * allows, in either direction (`negotiationSteps.ts`).
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#backward-compatibility
 * @module
 */
import {
  eraOf,
  HANDSHAKE_REVISIONS,
  LATEST_HANDSHAKE_REVISION,
  LATEST_REVISION,
  REVISIONS,
  STATELESS_REVISIONS,
} from '../protocol/versions.js';
import { discover, initialize, MAX_ATTEMPTS, type Negotiation } from './negotiationSteps.js';
import type { EraPreference } from './options.js';
import { probe } from './probe.js';
import type { ClientSession, Negotiated } from './clientSession.js';

/** How to negotiate. */
export interface NegotiateOptions {
  readonly preference: EraPreference;
  /** How long the `auto` probe waits in silence before `initialize` is sent beside it, ms. */
  readonly probeTimeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/** Negotiates the era and revision on a started session, and records the outcome in it. */
export function negotiate(session: ClientSession, options: NegotiateOptions): Promise<Negotiated> {
  const preference = eraName(options.preference);
  const n = (allowed: Negotiation['allowed']): Negotiation => ({
    session,
    allowed,
    signal: options.signal,
    attemptsLeft: MAX_ATTEMPTS,
  });
  if (preference === 'auto') return probe(n(REVISIONS), options.probeTimeoutMs);
  if (preference === 'handshake') return initialize(n(HANDSHAKE_REVISIONS), LATEST_HANDSHAKE_REVISION, false);
  if (preference === 'stateless') return discover(n(STATELESS_REVISIONS), LATEST_REVISION);
  if (eraOf(preference) === 'handshake') return initialize(n([preference]), preference, true);
  return discover(n([preference]), preference);
}

/** The preference with the era's deprecated names (`legacy`, `modern`) read as today's. */
function eraName(preference: EraPreference): Exclude<EraPreference, 'legacy' | 'modern'> {
  return preference === 'legacy' ? 'handshake' : preference === 'modern' ? 'stateless' : preference;
}
