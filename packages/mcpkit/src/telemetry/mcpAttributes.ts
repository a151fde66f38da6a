/**
 * What the MCP semantic conventions (OpenTelemetry, status development) record
 * of one message: the span name `{mcp.method.name} {target}` and the
 * attributes read from the method and its params. Arguments and results are
 * left out unless the user opted in: they may hold anything, secrets too.
 *
 * @see https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/
 * @module
 */
import type { ObservedOutcome } from '../jsonrpc/observer.js';
import type { Params, RequestId } from '../jsonrpc/message.js';
import { LocalError } from '../jsonrpc/localError.js';
import type { Attributes } from './otelTypes.js';

/** How the messages travel, per the conventions' "Recording MCP transport". */
export interface NetworkInfo {
  /** `pipe` for stdio, `tcp` for HTTP. */
  readonly transport: 'pipe' | 'tcp' | 'unix';
  /** `http` for Streamable HTTP and HTTP+SSE. */
  readonly protocol?: 'http';
}

/** What the session knows when a message passes. */
export interface SessionFacts {
  readonly sessionId?: string | undefined;
  readonly protocolVersion?: string | undefined;
  readonly network?: NetworkInfo | undefined;
}

/** The methods whose params name a resource (`mcp.resource.uri`). */
const RESOURCE_METHODS = new Set([
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/resources/updated',
]);

/** The span name and attributes of one message. */
export function messageAttributes(
  method: string,
  params: Params | undefined,
  id: RequestId | undefined,
  facts: SessionFacts,
  recordContent: boolean,
): { readonly name: string; readonly attributes: Attributes } {
  const p = params !== undefined && !Array.isArray(params) ? (params as Record<string, unknown>) : undefined;
  const attributes: Attributes = { 'mcp.method.name': method };
  let target: string | undefined;
  if (id !== undefined) attributes['jsonrpc.request.id'] = String(id);
  if (facts.sessionId !== undefined) attributes['mcp.session.id'] = facts.sessionId;
  if (facts.protocolVersion !== undefined) attributes['mcp.protocol.version'] = facts.protocolVersion;
  if (facts.network !== undefined) {
    attributes['network.transport'] = facts.network.transport;
    if (facts.network.protocol !== undefined) attributes['network.protocol.name'] = facts.network.protocol;
  }
  const name = typeof p?.['name'] === 'string' ? p['name'] : undefined;
  if (method === 'tools/call' && name !== undefined) {
    target = name;
    attributes['gen_ai.tool.name'] = name;
    attributes['gen_ai.operation.name'] = 'execute_tool';
    if (recordContent && p?.['arguments'] !== undefined) attributes['gen_ai.tool.call.arguments'] = json(p['arguments']);
  } else if (method === 'prompts/get' && name !== undefined) {
    target = name;
    attributes['gen_ai.prompt.name'] = name;
  }
  if (RESOURCE_METHODS.has(method) && typeof p?.['uri'] === 'string') attributes['mcp.resource.uri'] = p['uri'];
  return { name: target === undefined ? method : `${method} ${target}`, attributes };
}

/** The attributes an outcome adds (`error.type`, `rpc.response.status_code`, the opt-in result) and the status message. */
export function outcomeAttributes(
  method: string,
  outcome: ObservedOutcome,
  recordContent: boolean,
): { readonly attributes: Attributes; readonly error?: string } {
  if (outcome.ok) {
    const result = outcome.result;
    if (method !== 'tools/call' || typeof result !== 'object' || result === null) return { attributes: {} };
    const attributes: Attributes = {};
    if (recordContent) attributes['gen_ai.tool.call.result'] = json(result);
    if ((result as { isError?: unknown }).isError === true) {
      attributes['error.type'] = 'tool_error';
      return { attributes, error: 'The tool reported an error' };
    }
    return { attributes };
  }
  if (outcome.error !== undefined) {
    const code = String(outcome.error.code);
    return { attributes: { 'error.type': code, 'rpc.response.status_code': code }, error: outcome.error.message };
  }
  const local = outcome.local;
  return {
    attributes: { 'error.type': localErrorType(local) },
    error: local instanceof Error ? local.message : 'Failed',
  };
}

/** A low-cardinality name for a local failure. */
export function localErrorType(error: unknown): string {
  if (!(error instanceof LocalError)) return '_OTHER';
  switch (error.code) {
    case 'REQUEST_TIMEOUT':
      return 'timeout';
    case 'CANCELLED':
      return 'cancelled';
    case 'CONNECTION_CLOSED':
      return 'connection_closed';
    case 'TRANSPORT_FAILED':
      return 'transport_failed';
    default:
      return error.code.toLowerCase();
  }
}

/** Content as a JSON string (attributes carry no structures), never throwing. */
function json(value: unknown): string {
  try {
    // `undefined` and functions serialize to nothing (the types say string).
    const text: unknown = JSON.stringify(value);
    return typeof text === 'string' ? text : 'null';
  } catch {
    return '"[unserializable]"';
  }
}
