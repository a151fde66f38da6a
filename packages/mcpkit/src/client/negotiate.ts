/**
 * Era and revision negotiation, run once per connection.
 *
 * - `auto` follows the stdio backward-compatibility probe: `server/discover`
 *   at the newest revision. A `DiscoverResult` means the stateless era; a
 *   recognized stateless-era error (-32022 with a `supported` list) means so
 *   too, and the client retries with a listed version, never falling back; any
 *   other error, a result that is not a `DiscoverResult`, or silence past the
 *   probe timeout means the handshake era, and the client sends `initialize`.
 * - `handshake` sends `initialize` with the newest handshake revision and
 *   accepts any older one the server picks; `stateless` only discovers. (The
 *   deprecated `legacy` and `modern` are the same two.)
 * - A pinned revision speaks exactly that revision, in its era.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio#backward-compatibility
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { discoverResult, initializeResult, unsupportedProtocolVersionData } from '../protocol/messageChecks.js';
import { META_SERVER_INFO } from '../protocol/meta.js';
import type { DiscoverResult, Implementation, InitializeResult } from '../protocol/types/index.js';
import {
  eraOf,
  isRevision,
  LATEST_HANDSHAKE_REVISION,
  LATEST_REVISION,
  pickCommonRevision,
  REVISIONS,
  STATELESS_REVISIONS,
  type Revision,
} from '../protocol/versions.js';
import type { EraPreference } from './options.js';
import type { ClientSession, Negotiated } from './session.js';

/** How to negotiate. */
export interface NegotiateOptions {
  readonly preference: EraPreference;
  /** How long the `auto` probe waits for `server/discover`, ms. */
  readonly probeTimeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/** Negotiates the era and revision on a started session, and records the outcome in it. */
export async function negotiate(session: ClientSession, options: NegotiateOptions): Promise<Negotiated> {
  const preference = eraName(options.preference);
  let negotiated: Negotiated;
  if (preference === 'handshake') negotiated = await initialize(session, LATEST_HANDSHAKE_REVISION, false, options);
  else if (preference === 'stateless') negotiated = await discover(session, LATEST_REVISION, STATELESS_REVISIONS, false, options);
  else if (preference === 'auto') negotiated = await discover(session, LATEST_REVISION, REVISIONS, true, options);
  else if (eraOf(preference) === 'handshake') negotiated = await initialize(session, preference, true, options);
  else negotiated = await discover(session, preference, [preference], false, options);
  return negotiated;
}

/** The preference with the era's deprecated names (`legacy`, `modern`) read as today's. */
function eraName(preference: EraPreference): Exclude<EraPreference, 'legacy' | 'modern'> {
  return preference === 'legacy' ? 'handshake' : preference === 'modern' ? 'stateless' : preference;
}

/**
 * Sends `server/discover` at `revision`; retries once per revision the
 * server names in -32022; answers with `initialize` where `probe` allows a
 * fallback to the handshake or the server itself listed a handshake revision.
 */
async function discover(
  session: ClientSession,
  first: Revision,
  allowed: readonly Revision[],
  probe: boolean,
  options: NegotiateOptions,
): Promise<Negotiated> {
  let revision = first;
  // A server may reject a first request once even at a version it lists (a bounded number of retries).
  for (let attempt = 1; ; attempt++) {
    let result: unknown;
    try {
      result = await session.connection.request(
        'server/discover',
        { _meta: session.meta(revision) },
        {
          ...(probe && { timeoutMs: options.probeTimeoutMs }),
          ...(options.signal !== undefined && { signal: options.signal }),
        },
      );
    } catch (error) {
      const supported = supportedVersions(error);
      if (supported === undefined) {
        if (probe && meansHandshakeServer(error)) return initialize(session, LATEST_HANDSHAKE_REVISION, false, options);
        if (error instanceof RpcError)
          throw new LocalError(
            'NOT_SUPPORTED',
            `The server does not speak the stateless era: server/discover failed (${error.message})`,
            { cause: error },
          );
        throw error;
      }
      // The server named what it speaks: use one of those, never the handshake fallback.
      const next = pickCommonRevision(supported, allowed);
      if (next === undefined || attempt >= MAX_ATTEMPTS) {
        throw new LocalError(
          'NOT_SUPPORTED',
          `No common protocol revision: the server supports ${supported.join(', ') || 'none'}`,
          { cause: error },
        );
      }
      if (eraOf(next) === 'handshake') return initialize(session, next, true, options);
      revision = next;
      continue;
    }
    const issue = discoverResult(result, 'result');
    if (issue !== undefined) {
      // Not a DiscoverResult: a handshake-era server that answers unknown methods with something else.
      if (probe) return initialize(session, LATEST_HANDSHAKE_REVISION, false, options);
      throw new LocalError('PROTOCOL_VIOLATION', `Malformed server/discover result: ${issue}`);
    }
    return settleDiscover(session, result as DiscoverResult, revision, allowed, options);
  }
}

const MAX_ATTEMPTS = 3;

function settleDiscover(
  session: ClientSession,
  result: DiscoverResult,
  asked: Revision,
  allowed: readonly Revision[],
  options: NegotiateOptions,
): Promise<Negotiated> | Negotiated {
  const revision = result.supportedVersions.includes(asked) ? asked : pickCommonRevision(result.supportedVersions, allowed);
  if (revision === undefined) {
    throw new LocalError(
      'NOT_SUPPORTED',
      `No common protocol revision: the server supports ${result.supportedVersions.join(', ') || 'none'}`,
    );
  }
  if (eraOf(revision) === 'handshake') return initialize(session, revision, true, options);
  const negotiated: Negotiated = {
    revision,
    serverInfo: implementation(result._meta?.[META_SERVER_INFO]),
    serverCapabilities: result.capabilities,
    instructions: result.instructions,
    discovered: result,
  };
  session.settle(negotiated);
  return negotiated;
}

/** The handshake: `initialize`, then `notifications/initialized`. */
async function initialize(
  session: ClientSession,
  revision: Revision,
  exact: boolean,
  options: NegotiateOptions,
): Promise<Negotiated> {
  const identity = session.identity;
  const raw = await session.connection.request(
    'initialize',
    { protocolVersion: revision, capabilities: identity.capabilities, clientInfo: identity.info },
    options.signal === undefined ? undefined : { signal: options.signal },
  );
  const issue = initializeResult(raw, 'result');
  if (issue !== undefined) throw new LocalError('PROTOCOL_VIOLATION', `Malformed initialize result: ${issue}`);
  const result = raw as InitializeResult;
  const chosen = result.protocolVersion;
  // The client disconnects when it cannot speak the revision the server chose (lifecycle.mdx#version-negotiation).
  if (!isRevision(chosen) || eraOf(chosen) !== 'handshake' || (exact && chosen !== revision)) {
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
  session.settle(negotiated);
  await session.notify('notifications/initialized');
  return negotiated;
}

/** The `supported` list of a -32022 error, if `error` is one. */
function supportedVersions(error: unknown): readonly string[] | undefined {
  if (!(error instanceof RpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion) return undefined;
  if (unsupportedProtocolVersionData(error.data, 'data') !== undefined) return undefined;
  return (error.data as { supported: readonly string[] }).supported;
}

/**
 * A probe outcome that identifies a server of the handshake era only: any
 * error but the stateless era's own, silence, or (Streamable HTTP) a 4xx
 * status whose body carried no stateless-era error, which the HTTP transport
 * reports as a transport failure with a `status`.
 */
function meansHandshakeServer(error: unknown): boolean {
  if (error instanceof LocalError) {
    if (error.code === 'REQUEST_TIMEOUT') return true;
    const status = httpStatus(error) ?? httpStatus(error.cause);
    return error.code === 'TRANSPORT_FAILED' && status !== undefined && status >= 400 && status < 500;
  }
  if (!(error instanceof RpcError)) return false;
  // -32020..-32099 are MCP's own codes from 2026-07-28 on: only a stateless-era server sends them.
  return !(error.code <= -32020 && error.code >= -32099);
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
