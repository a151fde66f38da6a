/**
 * The two negotiation requests and how their answers are read: `server/discover`
 * (stateless era) and `initialize` (handshake era). Each follows a refusal that
 * names the server's revisions (-32022 with `supported`) to the best revision
 * both sides speak, in either direction: a handshake-only server that lists
 * 2025-11-25 gets `initialize`, a stateless-only server that refuses
 * `initialize` gets `server/discover`. Attempts are bounded, so two refusals
 * can never send the client back and forth forever.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { discoverResult, initializeResult, unsupportedProtocolVersionData } from '../protocol/messageChecks.js';
import { META_SERVER_INFO } from '../protocol/meta.js';
import type { DiscoverResult, Implementation, InitializeResult } from '../protocol/types/index.js';
import { eraOf, isRevision, pickCommonRevision, type Revision } from '../protocol/versions.js';
import type { ClientSession, Negotiated } from './clientSession.js';

/** One negotiation: where, what may be spoken, and how many requests are left. */
export interface Negotiation {
  readonly session: ClientSession;
  /** The revisions the caller allows (the era preference). */
  readonly allowed: readonly Revision[];
  readonly signal?: AbortSignal | undefined;
  /** Requests left before a refusal ends the negotiation (shared by both kinds). */
  attemptsLeft: number;
}

/** How many negotiation requests one connection may send after refusals. */
export const MAX_ATTEMPTS = 4;

/** Sends `server/discover` at `revision` and settles on its answer. */
export async function discover(n: Negotiation, revision: Revision): Promise<Negotiated> {
  n.attemptsLeft--;
  let result: unknown;
  try {
    result = await n.session.connection.request(
      'server/discover',
      { _meta: n.session.meta(revision) },
      n.signal === undefined ? undefined : { signal: n.signal },
    );
  } catch (error) {
    return refusedDiscover(n, error);
  }
  return acceptDiscover(n, result, revision);
}

/** A `server/discover` answer: the stateless era at a revision both speak (or the handshake one it lists). */
export function acceptDiscover(n: Negotiation, result: unknown, asked: Revision): Promise<Negotiated> | Negotiated {
  const issue = discoverResult(result, 'result');
  if (issue !== undefined) throw new LocalError('PROTOCOL_VIOLATION', `Malformed server/discover result: ${issue}`);
  const discovered = result as DiscoverResult;
  const listed = discovered.supportedVersions;
  const revision = listed.includes(asked) && n.allowed.includes(asked) ? asked : pickCommonRevision(listed, n.allowed);
  if (revision === undefined) throw noCommonRevision(listed);
  if (eraOf(revision) === 'handshake') return initialize(n, revision, true);
  const negotiated: Negotiated = {
    revision,
    serverInfo: implementation(discovered._meta?.[META_SERVER_INFO]),
    serverCapabilities: discovered.capabilities,
    instructions: discovered.instructions,
    discovered,
  };
  n.session.settle(negotiated);
  return negotiated;
}

/** A refused `server/discover`: follow a -32022 list, else report that the server is not of the stateless era. */
export function refusedDiscover(n: Negotiation, error: unknown): Promise<Negotiated> {
  const next = nextAfterRefusal(n, error);
  if (next !== undefined) return eraOf(next) === 'handshake' ? initialize(n, next, true) : discover(n, next);
  if (error instanceof RpcError)
    throw new LocalError(
      'NOT_SUPPORTED',
      `The server does not speak the stateless era: server/discover failed (${error.message})`,
      { cause: error },
    );
  throw error;
}

/** The handshake: `initialize` at `revision`, then `notifications/initialized`. */
export async function initialize(n: Negotiation, revision: Revision, exact: boolean): Promise<Negotiated> {
  n.attemptsLeft--;
  let raw: unknown;
  try {
    raw = await sendInitialize(n, revision);
  } catch (error) {
    return refusedInitialize(n, error);
  }
  return acceptInitialize(n, raw, revision, exact);
}

/** Sends `initialize` (never cancelled: the lifecycle forbids cancelling it, so no signal reaches the server). */
export function sendInitialize(n: Negotiation, revision: Revision): Promise<unknown> {
  const { identity } = n.session;
  return n.session.connection.request(
    'initialize',
    { protocolVersion: revision, capabilities: identity.capabilities, clientInfo: identity.info },
    n.signal === undefined ? undefined : { signal: n.signal },
  );
}

/** An `initialize` answer: the handshake era at the revision the server chose, if the client speaks it. */
export async function acceptInitialize(n: Negotiation, raw: unknown, asked: Revision, exact: boolean): Promise<Negotiated> {
  const issue = initializeResult(raw, 'result');
  if (issue !== undefined) throw new LocalError('PROTOCOL_VIOLATION', `Malformed initialize result: ${issue}`);
  const result = raw as InitializeResult;
  const chosen = result.protocolVersion;
  // The client disconnects when it cannot speak the revision the server chose (lifecycle.mdx#version-negotiation).
  if (!isRevision(chosen) || eraOf(chosen) !== 'handshake' || !n.allowed.includes(chosen) || (exact && chosen !== asked)) {
    throw new LocalError(
      'NOT_SUPPORTED',
      `The server chose protocol revision ${chosen}, which this client ${exact ? 'was not asked to speak' : 'does not speak'}`,
    );
  }
  const negotiated: Negotiated = {
    revision: chosen,
    serverInfo: result.serverInfo,
    serverCapabilities: result.capabilities,
    instructions: result.instructions,
  };
  n.session.settle(negotiated);
  await n.session.notify('notifications/initialized');
  return negotiated;
}

/** A refused `initialize`: follow a -32022 list (a stateless-only server lists 2026-07-28), else fail with the server's error. */
export function refusedInitialize(n: Negotiation, error: unknown): Promise<Negotiated> {
  const next = nextAfterRefusal(n, error);
  if (next === undefined) throw error;
  return eraOf(next) === 'handshake' ? initialize(n, next, true) : discover(n, next);
}

/**
 * The revision to try after `error`, if it is a -32022 that lists one both
 * sides speak; throws when the list has none in common or no attempt is left.
 */
export function nextAfterRefusal(n: Negotiation, error: unknown): Revision | undefined {
  const supported = supportedVersions(error);
  if (supported === undefined) return undefined;
  const next = pickCommonRevision(supported, n.allowed);
  if (next === undefined || n.attemptsLeft <= 0) throw noCommonRevision(supported, error);
  return next;
}

/** The `supported` list of a -32022 error, if `error` is one. */
export function supportedVersions(error: unknown): readonly string[] | undefined {
  if (!(error instanceof RpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion) return undefined;
  if (unsupportedProtocolVersionData(error.data, 'data') !== undefined) return undefined;
  return (error.data as { supported: readonly string[] }).supported;
}

/**
 * A probe outcome that identifies a server of the handshake era only: any
 * error but the stateless era's own, or (Streamable HTTP) a 4xx status whose
 * body carried no stateless-era error, which the HTTP transport reports as a
 * transport failure with a `status`.
 */
export function meansHandshakeServer(error: unknown): boolean {
  if (error instanceof LocalError) {
    const status = httpStatus(error) ?? httpStatus(error.cause);
    return error.code === 'TRANSPORT_FAILED' && status !== undefined && status >= 400 && status < 500;
  }
  if (!(error instanceof RpcError)) return false;
  // -32020..-32099 are MCP's own codes from 2026-07-28 on: only a stateless-era server sends them.
  return !(error.code <= -32020 && error.code >= -32099);
}

function noCommonRevision(supported: readonly string[], cause?: unknown): LocalError {
  return new LocalError(
    'NOT_SUPPORTED',
    `No common protocol revision: the server supports ${supported.join(', ') || 'none'}`,
    cause === undefined ? undefined : { cause },
  );
}

/** The HTTP status a transport error carries, if any (read structurally: the client knows no transport). */
function httpStatus(error: unknown): number | undefined {
  const status = isObject(error) || error instanceof Error ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

function implementation(value: unknown): Implementation | undefined {
  return isObject(value) && typeof value['name'] === 'string' && typeof value['version'] === 'string'
    ? (value as unknown as Implementation)
    : undefined;
}
