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
import type { JsonRpcErrorResponse, JsonRpcMessage, JsonRpcRequest } from '../../jsonrpc/message.js';
import { ErrorCode } from '../../protocol/errorCodes.js';
import { readAnswer } from './answer.js';
import { Header } from '../wire/headers.js';
import { statelessRevision } from '../wire/meta.js';
import { standardHeaders, toolCall } from './messageHeaders.js';
import { POST_HEADERS } from './postHeaders.js';
import type { ReconnectPolicy } from './reconnect.js';
import { send, type HttpContext } from './send.js';
import type { KnownToolHeaders } from './knownToolHeaders.js';

/** Pages read at most while looking for one tool. */
const MAX_PAGES = 20;
let counter = 0;

/** What a refresh needs. */
export interface ToolRefresh {
  /** How requests are made. */
  readonly context: HttpContext;
  /** The MCP endpoint. */
  readonly url: URL;
  /** For reading SSE answers. */
  readonly policy: ReconnectPolicy;
  /** The transport's close signal. */
  readonly signal: AbortSignal;
  /** Learns from each page. */
  readonly tools: KnownToolHeaders;
  /** The revision and `_meta` of the failed call, reused for the listing. */
  readonly revision: string;
  readonly meta: unknown;
}

/** Lists tools until `name` is seen (or the list ends), teaching the registry every page. */
export async function refreshTool(refresh: ToolRefresh, name: string): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const request: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: `mcpkit-http-tools-list-${String(++counter)}`,
      method: 'tools/list',
      params: cursor === undefined ? { _meta: refresh.meta } : { cursor, _meta: refresh.meta },
    };
    const what = 'POST tools/list (refreshing x-mcp-header annotations)';
    const reply = await send(refresh.context, {
      method: 'POST',
      url: refresh.url,
      headers: { ...POST_HEADERS, ...standardHeaders(request), [Header.ProtocolVersion]: refresh.revision },
      body: encode(request),
      signal: refresh.signal,
      what,
    });
    const answer = await readAnswer(reply, request.id, what, refresh.policy, refresh.signal);
    refresh.tools.watch(request.id);
    refresh.tools.inspect(answer);
    const result = 'result' in answer ? (answer.result as { tools?: unknown; nextCursor?: unknown } | null) : null;
    const tools = Array.isArray(result?.tools) ? (result.tools as unknown[]) : [];
    const found = tools.some((tool) => typeof tool === 'object' && tool !== null && (tool as { name?: unknown }).name === name);
    if (found || typeof result?.nextCursor !== 'string') return;
    cursor = result.nextCursor;
  }
}

/**
 * For a 2026-07-28 `tools/call` refused with HeaderMismatch: refreshes the
 * tool's annotations and tells whether the call's `Mcp-Param-*` headers
 * changed (then one retry is worth it). False for anything else.
 */
export async function relearnHeaders(
  base: Omit<ToolRefresh, 'revision' | 'meta'>,
  message: JsonRpcMessage,
  answers: readonly JsonRpcErrorResponse[],
  warn: (message: string) => void,
): Promise<boolean> {
  const revision = statelessRevision(message);
  const call = toolCall(message);
  if (revision === undefined || call === undefined || answers[0]?.error.code !== ErrorCode.HeaderMismatch) return false;
  const before = JSON.stringify(base.tools.headersFor(call.name, call.args));
  const params = (message as JsonRpcRequest).params as Record<string, unknown>;
  try {
    await refreshTool({ ...base, revision, meta: params['_meta'] }, call.name);
  } catch (error) {
    warn(`Could not list tools after a header mismatch: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  return JSON.stringify(base.tools.headersFor(call.name, call.args)) !== before;
}
