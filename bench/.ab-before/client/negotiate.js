/**
 * Era and revision negotiation, run once per connection.
 *
 * - `auto` follows the stdio backward-compatibility probe: `server/discover`
 *   at the newest revision. A `DiscoverResult` means modern; a recognized
 *   modern error (-32022 with a `supported` list) means modern too, and the
 *   client retries with a listed version, never falling back; any other error,
 *   a result that is not a `DiscoverResult`, or silence past the probe timeout
 *   means legacy, and the client sends `initialize`.
 * - `legacy` sends `initialize` with the newest handshake revision and accepts
 *   any older one the server picks; `modern` only discovers.
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
import { eraOf, isRevision, LATEST_HANDSHAKE_REVISION, LATEST_REVISION, pickCommonRevision, REVISIONS, STATELESS_REVISIONS, } from '../protocol/versions.js';
/** Negotiates the era and revision on a started session, and records the outcome in it. */
export async function negotiate(session, options) {
    const { preference } = options;
    let negotiated;
    if (preference === 'legacy')
        negotiated = await initialize(session, LATEST_HANDSHAKE_REVISION, false, options);
    else if (preference === 'modern')
        negotiated = await discover(session, LATEST_REVISION, STATELESS_REVISIONS, false, options);
    else if (preference === 'auto')
        negotiated = await discover(session, LATEST_REVISION, REVISIONS, true, options);
    else if (eraOf(preference) === 'handshake')
        negotiated = await initialize(session, preference, true, options);
    else
        negotiated = await discover(session, preference, [preference], false, options);
    return negotiated;
}
/**
 * Sends `server/discover` at `revision`; retries once per revision the
 * server names in -32022; answers with `initialize` where `probe` allows a
 * legacy fallback or the server itself listed a handshake revision.
 */
async function discover(session, first, allowed, probe, options) {
    let revision = first;
    // A server may reject a first request once even at a version it lists (a bounded number of retries).
    for (let attempt = 1;; attempt++) {
        let result;
        try {
            result = await session.connection.request('server/discover', { _meta: session.meta(revision) }, {
                ...(probe && { timeoutMs: options.probeTimeoutMs }),
                ...(options.signal !== undefined && { signal: options.signal }),
            });
        }
        catch (error) {
            const supported = supportedVersions(error);
            if (supported === undefined) {
                if (probe && meansLegacy(error))
                    return initialize(session, LATEST_HANDSHAKE_REVISION, false, options);
                if (error instanceof RpcError)
                    throw new LocalError('NOT_SUPPORTED', `The server does not speak the modern era: server/discover failed (${error.message})`, { cause: error });
                throw error;
            }
            // The server named what it speaks: use one of those, never the legacy fallback.
            const next = pickCommonRevision(supported, allowed);
            if (next === undefined || attempt >= MAX_ATTEMPTS) {
                throw new LocalError('NOT_SUPPORTED', `No common protocol revision: the server supports ${supported.join(', ') || 'none'}`, { cause: error });
            }
            if (eraOf(next) === 'handshake')
                return initialize(session, next, true, options);
            revision = next;
            continue;
        }
        const issue = discoverResult(result, 'result');
        if (issue !== undefined) {
            // Not a DiscoverResult: a legacy server that answers unknown methods with something else.
            if (probe)
                return initialize(session, LATEST_HANDSHAKE_REVISION, false, options);
            throw new LocalError('PROTOCOL_VIOLATION', `Malformed server/discover result: ${issue}`);
        }
        return settleDiscover(session, result, revision, allowed, options);
    }
}
const MAX_ATTEMPTS = 3;
function settleDiscover(session, result, asked, allowed, options) {
    const revision = result.supportedVersions.includes(asked) ? asked : pickCommonRevision(result.supportedVersions, allowed);
    if (revision === undefined) {
        throw new LocalError('NOT_SUPPORTED', `No common protocol revision: the server supports ${result.supportedVersions.join(', ') || 'none'}`);
    }
    if (eraOf(revision) === 'handshake')
        return initialize(session, revision, true, options);
    const negotiated = {
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
async function initialize(session, revision, exact, options) {
    const identity = session.identity;
    const raw = await session.connection.request('initialize', { protocolVersion: revision, capabilities: identity.capabilities, clientInfo: identity.info }, options.signal === undefined ? undefined : { signal: options.signal });
    const issue = initializeResult(raw, 'result');
    if (issue !== undefined)
        throw new LocalError('PROTOCOL_VIOLATION', `Malformed initialize result: ${issue}`);
    const result = raw;
    const chosen = result.protocolVersion;
    // The client disconnects when it cannot speak the revision the server chose (lifecycle.mdx#version-negotiation).
    if (!isRevision(chosen) || eraOf(chosen) !== 'handshake' || (exact && chosen !== revision)) {
        throw new LocalError('NOT_SUPPORTED', `The server chose protocol revision ${chosen}, which this client ${exact ? 'was not asked to speak' : 'does not speak'}`);
    }
    const negotiated = {
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
function supportedVersions(error) {
    if (!(error instanceof RpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion)
        return undefined;
    if (unsupportedProtocolVersionData(error.data, 'data') !== undefined)
        return undefined;
    return error.data.supported;
}
/**
 * A probe outcome that identifies a legacy server: any non-modern error,
 * silence, or (Streamable HTTP) a 4xx status whose body carried no modern
 * error, which the HTTP transport reports as a transport failure with a `status`.
 */
function meansLegacy(error) {
    if (error instanceof LocalError) {
        if (error.code === 'REQUEST_TIMEOUT')
            return true;
        const status = httpStatus(error) ?? httpStatus(error.cause);
        return error.code === 'TRANSPORT_FAILED' && status !== undefined && status >= 400 && status < 500;
    }
    if (!(error instanceof RpcError))
        return false;
    // -32020..-32099 are MCP's own codes from 2026-07-28 on: only a modern server sends them.
    return !(error.code <= -32020 && error.code >= -32099);
}
/** The HTTP status a transport error carries, if any (read structurally: the client knows no transport). */
function httpStatus(error) {
    const status = isObject(error) || error instanceof Error ? error.status : undefined;
    return typeof status === 'number' ? status : undefined;
}
function implementation(value) {
    return isObject(value) && typeof value['name'] === 'string' && typeof value['version'] === 'string'
        ? value
        : undefined;
}
//# sourceMappingURL=negotiate.js.map