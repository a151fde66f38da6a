/**
 * The requests an app may make of its host, each checked before anything
 * runs: tool calls only to tools visible to apps, then only when the host's
 * policy says yes (no policy: refused), resource reads of the app's own
 * server under the host's policy (no policy: allowed), links only when `safeLink` says
 * they are links and the embedding application agrees, messages and
 * display modes handed to it to decide.
 *
 * @module
 */
import { RpcError } from '../../jsonrpc/index.js';
import { appVisibility, ErrorCode, safeLink, type ContentBlock } from '../../protocol/index.js';
import type { AppBridgeOptions, AppDisplayMode } from './appPort.js';

type Params = Record<string, unknown>;
type Handler = (params: Params, options: AppBridgeOptions) => Promise<unknown>;

const MODES: readonly AppDisplayMode[] = ['inline', 'fullscreen', 'pip'];

function invalid(message: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, message);
}

function record(value: unknown): Params | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : undefined;
}

function contentBlocks(value: unknown, what: string): ContentBlock[] {
  if (!Array.isArray(value) || value.some((b) => typeof record(b)?.['type'] !== 'string')) {
    throw invalid(`${what} must be an array of content blocks`);
  }
  return value as ContentBlock[];
}

async function callTool(params: Params, options: AppBridgeOptions): Promise<unknown> {
  const name = params['name'];
  if (typeof name !== 'string') throw invalid('tools/call needs a tool name');
  const args = params['arguments'] === undefined ? {} : record(params['arguments']);
  if (args === undefined) throw invalid('tools/call arguments must be an object');
  const tool = options.tools.find((t) => t.name === name);
  // One answer for "absent" and "hidden from apps": the app learns nothing about tools it may not call.
  if (tool === undefined || !appVisibility(tool).includes('app')) throw invalid(`Tool ${name} is not available to apps`);
  // Fail closed: an embedding application that decides nothing lets apps call nothing.
  const decisions = options.decisions;
  if (decisions?.approveToolCall === undefined) throw new RpcError(ErrorCode.InvalidRequest, 'This host lets apps call no tools');
  if (!(await decisions.approveToolCall(name, args)))
    return { content: [{ type: 'text', text: `The host declined the call to ${name}.` }], isError: true };
  return options.server.callTool({ name, arguments: args });
}

async function readResource(params: Params, options: AppBridgeOptions): Promise<unknown> {
  const uri = params['uri'];
  if (typeof uri !== 'string') throw invalid('resources/read needs a uri');
  // Allowed by default: the read goes only to the app's own server, which served the app itself.
  const approved = (await options.decisions?.approveResourceRead?.(uri)) ?? true;
  if (!approved) throw new RpcError(ErrorCode.InvalidRequest, `The host declined to read ${uri}`);
  return options.server.readResource({ uri });
}

async function openLink(params: Params, options: AppBridgeOptions): Promise<unknown> {
  const url = params['url'];
  if (typeof url !== 'string') throw invalid('ui/open-link needs a url');
  const verdict = safeLink(url);
  if (!verdict.ok) throw invalid(`The host does not open this link: ${verdict.reason}`);
  const opened = (await options.decisions?.openLink?.(verdict.url)) ?? false;
  return opened ? {} : { isError: true };
}

async function message(params: Params, options: AppBridgeOptions): Promise<unknown> {
  if (params['role'] !== 'user') throw invalid('ui/message role must be "user"');
  const content = contentBlocks(params['content'], 'ui/message content');
  const sent = (await options.decisions?.message?.({ role: 'user', content })) ?? false;
  return sent ? {} : { isError: true };
}

async function displayMode(params: Params, options: AppBridgeOptions): Promise<unknown> {
  const mode = params['mode'];
  if (!MODES.includes(mode as AppDisplayMode)) throw invalid('ui/request-display-mode mode must be inline, fullscreen or pip');
  const current = options.hostContext?.displayMode ?? 'inline';
  const decided =
    options.decisions?.displayMode === undefined ? current : await options.decisions.displayMode(mode as AppDisplayMode);
  return { mode: decided };
}

async function modelContext(params: Params, options: AppBridgeOptions): Promise<unknown> {
  const decisions = options.decisions;
  if (decisions?.modelContext === undefined)
    throw new RpcError(ErrorCode.MethodNotFound, 'This host takes no model context from apps');
  const structured = params['structuredContent'] === undefined ? undefined : record(params['structuredContent']);
  if (params['structuredContent'] !== undefined && structured === undefined) throw invalid('structuredContent must be an object');
  const content = params['content'] === undefined ? undefined : contentBlocks(params['content'], 'content');
  const accepted = await decisions.modelContext({
    ...(content !== undefined && { content }),
    ...(structured !== undefined && { structuredContent: structured }),
  });
  return accepted ? {} : { isError: true };
}

/** The app's requests after initialization, by method. */
export const APP_REQUESTS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['tools/call', callTool],
  ['resources/read', readResource],
  ['ui/open-link', openLink],
  ['ui/message', message],
  ['ui/request-display-mode', displayMode],
  ['ui/update-model-context', modelContext],
  ['ping', () => Promise.resolve({})],
]);
