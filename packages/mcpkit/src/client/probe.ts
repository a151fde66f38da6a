/**
 * `auto` negotiation: the stdio backward-compatibility probe, made patient.
 *
 * The client sends `server/discover` at the newest revision. An answer decides
 * at once: a `DiscoverResult` means the stateless era; -32022 with a list means
 * a listed revision (either era); another error means a handshake-era server,
 * and the client sends `initialize`.
 *
 * Silence is not an answer. A server that is still starting (a cold `npx`
 * takes seconds) cannot reply yet, and treating its silence as "handshake era"
 * turns a slow start into a wrong era. So when `probeTimeoutMs` passes without
 * an answer, the probe is NOT abandoned: `initialize` is sent beside it and the
 * first decisive answer of the two wins.
 * - `server/discover` answers with a `DiscoverResult` → stateless era (the
 *   pending `initialize` is left to be answered and dropped: the lifecycle
 *   forbids cancelling it).
 * - `initialize` succeeds → handshake era, and the pending probe is cancelled.
 * - `initialize` is refused with -32022 listing a stateless revision (a
 *   stateless-only server) → the probe's own answer is awaited if it asked for
 *   a listed revision, else `server/discover` is sent at the listed one.
 * - An answer that decides nothing (the probe refused the way a handshake-era
 *   server refuses, or a request failed) → the other one decides.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#backward-compatibility
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { discoverResult } from '../protocol/messageChecks.js';
import { LATEST_HANDSHAKE_REVISION, LATEST_REVISION, eraOf, type Revision } from '../protocol/versions.js';
import {
  acceptDiscover,
  acceptInitialize,
  discover,
  initialize,
  meansHandshakeServer,
  nextAfterRefusal,
  refusedDiscover,
  refusedInitialize,
  sendInitialize,
  supportedVersions,
  type Negotiation,
} from './negotiationSteps.js';
import type { Negotiated } from './clientSession.js';

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

const settled = (p: Promise<unknown>): Promise<Outcome> =>
  p.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/** Negotiates `auto`: the probe, then `initialize` beside it once `probeTimeoutMs` passed in silence. */
export async function probe(n: Negotiation, probeTimeoutMs: number): Promise<Negotiated> {
  const asked = LATEST_REVISION;
  const probing = new AbortController();
  const unlink = linkSignal(n.signal, probing);
  n.attemptsLeft--;
  const discovery = settled(
    n.session.connection.request('server/discover', { _meta: n.session.meta(asked) }, { signal: probing.signal }),
  );
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const patience = new Promise<'silent'>(
      (resolve) =>
        (timer = setTimeout(() => {
          resolve('silent');
        }, probeTimeoutMs)),
    );
    const first = await Promise.race([discovery, patience]);
    clearTimeout(timer);
    // A request timeout shorter than the patience is silence too.
    if (first !== 'silent' && !timedOut(first)) return await afterProbe(n, first, asked);
    return await race(n, discovery, asked, probing);
  } finally {
    unlink();
  }
}

/** The probe answered in time: decide as the spec's probe rules say. */
function afterProbe(n: Negotiation, outcome: Outcome, asked: Revision): Promise<Negotiated> | Negotiated {
  if (outcome.ok) {
    // Not a DiscoverResult: a handshake-era server that answers unknown methods with something else.
    if (discoverResult(outcome.value, 'result') !== undefined) return initialize(n, LATEST_HANDSHAKE_REVISION, false);
    return acceptDiscover(n, outcome.value, asked);
  }
  if (supportedVersions(outcome.error) === undefined && meansHandshakeServer(outcome.error))
    return initialize(n, LATEST_HANDSHAKE_REVISION, false);
  return refusedDiscover(n, outcome.error);
}

/** The probe was silent: `initialize` goes beside it, and the first decisive answer wins. */
async function race(n: Negotiation, discovery: Promise<Outcome>, asked: Revision, probing: AbortController): Promise<Negotiated> {
  n.attemptsLeft--;
  const handshake = settled(sendInitialize(n, LATEST_HANDSHAKE_REVISION));
  const tagged = <T extends string>(tag: T, p: Promise<Outcome>) => p.then((outcome) => ({ tag, outcome }));
  const first = await Promise.race([tagged('discover', discovery), tagged('initialize', handshake)]);
  if (first.tag === 'discover') {
    const { outcome } = first;
    if (outcome.ok && discoverResult(outcome.value, 'result') === undefined) return acceptDiscover(n, outcome.value, asked);
    if (!outcome.ok && supportedVersions(outcome.error) !== undefined) return refusedDiscover(n, outcome.error);
    // The probe decided nothing (a handshake-era refusal, or it failed): initialize decides.
    return afterInitialize(n, await handshake, undefined);
  }
  return afterInitialize(n, first.outcome, { discovery, asked, probing });
}

interface PendingProbe {
  readonly discovery: Promise<Outcome>;
  readonly asked: Revision;
  readonly probing: AbortController;
}

/** `initialize` answered (first, or after a probe that decided nothing). */
async function afterInitialize(n: Negotiation, outcome: Outcome, pending: PendingProbe | undefined): Promise<Negotiated> {
  if (outcome.ok) {
    // The handshake won: the probe is abandoned and cancelled, so nothing stays in flight.
    pending?.probing.abort();
    return acceptInitialize(n, outcome.value, LATEST_HANDSHAKE_REVISION, false);
  }
  if (pending === undefined) return refusedInitialize(n, outcome.error);
  const next = nextAfterRefusal(n, outcome.error);
  if (next !== undefined && eraOf(next) === 'stateless') {
    // A stateless-only server refused initialize; the probe it has not answered yet asked for a revision it lists.
    if (next === pending.asked) return settleProbe(n, await pending.discovery, pending.asked);
    pending.probing.abort();
    return discover(n, next);
  }
  if (next !== undefined) {
    pending.probing.abort();
    return initialize(n, next, true);
  }
  // initialize failed without a list: the probe may still decide.
  const late = await pending.discovery;
  if (late.ok && discoverResult(late.value, 'result') === undefined) return acceptDiscover(n, late.value, pending.asked);
  throw outcome.error;
}

/**
 * The probe's own answer, awaited after `initialize` pointed at the stateless
 * era; if the probe failed without an answer (it timed out), one more
 * `server/discover` is sent, since the server has shown it is up.
 */
function settleProbe(n: Negotiation, outcome: Outcome, asked: Revision): Promise<Negotiated> | Negotiated {
  if (outcome.ok) return acceptDiscover(n, outcome.value, asked);
  if (supportedVersions(outcome.error) === undefined && !(outcome.error instanceof RpcError)) return discover(n, asked);
  return refusedDiscover(n, outcome.error);
}

function timedOut(outcome: Outcome): boolean {
  return !outcome.ok && outcome.error instanceof LocalError && outcome.error.code === 'REQUEST_TIMEOUT';
}

/** Aborts `controller` with `signal`; returns the unlinker. */
function linkSignal(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (signal === undefined) return () => undefined;
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => undefined;
  }
  const abort = (): void => {
    controller.abort(signal.reason);
  };
  signal.addEventListener('abort', abort, { once: true });
  return () => {
    signal.removeEventListener('abort', abort);
  };
}
