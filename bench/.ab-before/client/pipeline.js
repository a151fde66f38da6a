/**
 * The path every client request takes: check → cache → send (through input
 * rounds where the method allows them) → check the result → cache it.
 *
 * - A method the negotiated revision lacks, or whose server capability is
 *   absent, is refused locally (`LocalError('NOT_SUPPORTED')`), so the
 *   application learns it before anything is sent.
 * - Results are read by `resultType`: absent (a legacy server) is complete;
 *   `input_required` only where the method allows it; anything else is invalid.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { hasCapability, hasMethod, requestEntry } from '../protocol/methods.js';
import { ResultCache } from './cache.js';
import { runRounds } from './mrtr.js';
/** Methods the client manages itself, never sent through `request`. */
const MANAGED = {
    initialize: 'connect()',
    'subscriptions/listen': 'subscribe()',
};
/** Sends `method` with `params` and resolves with its complete result. */
export async function callMethod(host, method, params, options = {}) {
    const session = host.session();
    const entry = requestEntry(method);
    if (entry !== undefined)
        assertCallable(session, method, entry);
    const given = params ?? {};
    const cache = host.cache;
    const cacheable = cache !== undefined && entry?.cacheable === true && options.cache !== false && !isRetry(given);
    const key = cacheable ? ResultCache.key(method, given) : undefined;
    if (key !== undefined) {
        const hit = cache?.get(key);
        if (hit !== undefined) {
            host.observe(method, given, hit);
            return hit;
        }
    }
    let outcome;
    try {
        outcome = await send(host, session, method, entry, given, options);
    }
    catch (error) {
        // An invalid cursor: every cached page of that list is suspect (caching.mdx#interaction-with-pagination).
        if (error instanceof RpcError &&
            error.code === ErrorCode.InvalidParams &&
            entry?.paginated === true &&
            given['cursor'] !== undefined) {
            cache?.dropMethod(method);
        }
        throw error;
    }
    const result = checkResult(method, entry, outcome.result);
    if (key !== undefined && !outcome.retried)
        cache?.set(key, method, given, result);
    host.observe(method, given, result);
    return result;
}
function send(host, session, method, entry, params, options) {
    const wire = toRequestOptions(options);
    const once = (p) => sendOnce(session, method, p, wire);
    if (session.era !== 'modern' || entry?.inputRequired !== true)
        return once(params).then((result) => ({ result, retried: false }));
    const signal = options.signal ?? NEVER;
    return runRounds(method, params, {
        maxRounds: host.maxInputRounds,
        send: once,
        answer: (inputMethod, inputParams) => host.inputs.answer(inputMethod, inputParams, session.inputContext(signal)),
    });
}
/** One request; in the modern era retried once when the server rejects our revision yet lists it (a transient refusal). */
async function sendOnce(session, method, params, options) {
    try {
        return await session.send(method, params, options);
    }
    catch (error) {
        if (!(error instanceof RpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion || session.era !== 'modern')
            throw error;
        const supported = isObject(error.data) ? error.data['supported'] : undefined;
        if (!Array.isArray(supported) || !supported.includes(session.negotiated.revision))
            throw error;
        return session.send(method, params, options);
    }
}
function assertCallable(session, method, entry) {
    const managed = MANAGED[method];
    if (managed !== undefined)
        throw new LocalError('INVALID_ARGUMENT', `${method} is managed by the client: use ${managed}`);
    if (entry.from === 'server')
        throw new LocalError('INVALID_ARGUMENT', `${method} is sent by servers, not clients`);
    const { revision, serverCapabilities } = session.negotiated;
    // Only a method an extension offers needs to know which extensions both sides declared.
    const extensions = entry.extension === undefined ? undefined : sharedExtensions(session);
    if (!hasMethod(method, revision, extensions)) {
        throw new LocalError('NOT_SUPPORTED', `${method} does not exist in protocol revision ${revision}${entry.extension === undefined ? '' : ` without the ${entry.extension} extension`}`);
    }
    // 2024-11-05 has no `completions` capability: servers answered completion unannounced.
    const capability = method === 'completion/complete' && revision === '2024-11-05' ? undefined : entry.capability;
    if (capability !== undefined && !hasCapability(serverCapabilities, capability)) {
        throw new LocalError('NOT_SUPPORTED', `The server does not offer ${method} (capability "${capability}" not declared)`);
    }
}
function sharedExtensions(session) {
    const ours = session.identity.capabilities.extensions ?? {};
    const theirs = session.negotiated.serverCapabilities.extensions ?? {};
    return Object.keys(ours).filter((id) => Object.hasOwn(theirs, id));
}
/** Checks a complete result: known `resultType` (absent means complete) and the table's structural check. */
function checkResult(method, entry, result) {
    if (!isObject(result))
        throw new LocalError('PROTOCOL_VIOLATION', `The result of ${method} is not an object`);
    const type = result['resultType'];
    if (type !== undefined && type !== 'complete') {
        throw new LocalError('PROTOCOL_VIOLATION', `The result of ${method} has resultType ${JSON.stringify(type)}, which is not valid here`);
    }
    const issue = entry?.result(result, 'result');
    if (issue !== undefined)
        throw new LocalError('PROTOCOL_VIOLATION', `Malformed ${method} result: ${issue}`);
    return result;
}
function isRetry(params) {
    return params['inputResponses'] !== undefined || params['requestState'] !== undefined;
}
/** A signal that never fires, for input handlers of calls made without one. */
const NEVER = new AbortController().signal;
function toRequestOptions(options) {
    const { signal, timeoutMs, resetTimeoutOnProgress, maxTotalTimeoutMs, onProgress } = options;
    if (signal === undefined &&
        timeoutMs === undefined &&
        resetTimeoutOnProgress === undefined &&
        maxTotalTimeoutMs === undefined &&
        onProgress === undefined) {
        return undefined;
    }
    return {
        ...(signal !== undefined && { signal }),
        ...(timeoutMs !== undefined && { timeoutMs }),
        ...(resetTimeoutOnProgress !== undefined && { resetTimeoutOnProgress }),
        ...(maxTotalTimeoutMs !== undefined && { maxTotalTimeoutMs }),
        ...(onProgress !== undefined && {
            onProgress: (params) => {
                onProgress(params);
            },
        }),
    };
}
//# sourceMappingURL=pipeline.js.map