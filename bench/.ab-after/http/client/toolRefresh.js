/**
 * Recovering from `HeaderMismatch` (-32020) on a `tools/call`: the server
 * expects `Mcp-Param-*` headers the transport did not know to send (the tool
 * was never listed, or its `inputSchema` changed). As the spec suggests, the
 * transport lists the tools itself, learns the tool's annotations, and the
 * call is retried once if that changed its headers.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#client-behavior`
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { ErrorCode } from '../../protocol/errorCodes.js';
import { readAnswer } from './answer.js';
import { send } from './fetcher.js';
import { standardHeaders, statelessRevision, toolCall } from './messageHeaders.js';
import { POST_HEADERS } from './postHeaders.js';
/** Pages read at most while looking for one tool. */
const MAX_PAGES = 20;
let counter = 0;
/** Lists tools until `name` is seen (or the list ends), teaching the registry every page. */
export async function refreshTool(refresh, name) {
    let cursor;
    for (let page = 0; page < MAX_PAGES; page++) {
        const request = {
            jsonrpc: '2.0',
            id: `mcpkit-http-tools-list-${String(++counter)}`,
            method: 'tools/list',
            params: cursor === undefined ? { _meta: refresh.meta } : { cursor, _meta: refresh.meta },
        };
        const what = 'POST tools/list (refreshing x-mcp-header annotations)';
        const response = await send(refresh.context, {
            method: 'POST',
            url: refresh.url,
            headers: { ...POST_HEADERS, ...standardHeaders(request), 'MCP-Protocol-Version': refresh.revision },
            body: encode(request),
            signal: refresh.signal,
            what,
        });
        const answer = await readAnswer(response, request.id, what, refresh.policy, refresh.signal);
        refresh.tools.watch(request.id);
        refresh.tools.inspect(answer);
        const result = 'result' in answer ? answer.result : null;
        const tools = Array.isArray(result?.tools) ? result.tools : [];
        const found = tools.some((tool) => typeof tool === 'object' && tool !== null && tool.name === name);
        if (found || typeof result?.nextCursor !== 'string')
            return;
        cursor = result.nextCursor;
    }
}
/**
 * For a 2026-07-28 `tools/call` refused with HeaderMismatch: refreshes the
 * tool's annotations and tells whether the call's `Mcp-Param-*` headers
 * changed (then one retry is worth it). False for anything else.
 */
export async function relearnHeaders(base, message, answers, warn) {
    const revision = statelessRevision(message);
    const call = toolCall(message);
    if (revision === undefined || call === undefined || answers[0]?.error.code !== ErrorCode.HeaderMismatch)
        return false;
    const before = JSON.stringify(base.tools.headersFor(call.name, call.args));
    const params = message.params;
    try {
        await refreshTool({ ...base, revision, meta: params['_meta'] }, call.name);
    }
    catch (error) {
        warn(`Could not list tools after a header mismatch: ${error instanceof Error ? error.message : String(error)}`);
        return false;
    }
    return JSON.stringify(base.tools.headersFor(call.name, call.args)) !== before;
}
//# sourceMappingURL=toolRefresh.js.map