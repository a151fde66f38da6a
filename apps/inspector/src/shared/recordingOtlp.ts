/**
 * A recording as OTLP traces (the OTLP/JSON `ExportTraceServiceRequest`):
 * one span per request (paired with its response by id) and per
 * notification, named and attributed as the MCP semantic conventions say,
 * under one root span for the recording. A request that carried
 * `_meta.traceparent` keeps its recorded trace and span ids, so the export
 * lines up with what the live run sent. Arguments and results are not
 * exported. Everything here reads a file someone may have shared: ids are
 * taken only when well formed.
 *
 * @module
 */
import type { Recording } from './recording.js';
import type { MessageEntry, WireEntry } from './wire.js';

type Json = Record<string, unknown>;

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const SPAN_KIND_INTERNAL = 1;
const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hex(bytes: number): string {
  const out = new Uint8Array(bytes);
  crypto.getRandomValues(out);
  return [...out].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function nanos(ms: number): string {
  return BigInt(Math.round(ms * 1e6)).toString();
}

function attr(key: string, value: string): Json {
  return { key, value: { stringValue: value } };
}

/** The span name and attributes of a message (no arguments, no results). */
function describe(message: Json): { name: string; attributes: Json[] } {
  const method = String(message['method']);
  const params = isRecord(message['params']) ? message['params'] : {};
  const attributes = [attr('mcp.method.name', method)];
  if ('id' in message && (typeof message['id'] === 'string' || typeof message['id'] === 'number'))
    attributes.push(attr('jsonrpc.request.id', String(message['id'])));
  const name = typeof params['name'] === 'string' ? params['name'] : undefined;
  if (method === 'tools/call' && name !== undefined) {
    attributes.push(attr('gen_ai.tool.name', name), attr('gen_ai.operation.name', 'execute_tool'));
    return { name: `${method} ${name}`, attributes };
  }
  if (method === 'prompts/get' && name !== undefined) {
    attributes.push(attr('gen_ai.prompt.name', name));
    return { name: `${method} ${name}`, attributes };
  }
  if (
    typeof params['uri'] === 'string' &&
    /^(resources\/(read|subscribe|unsubscribe)|notifications\/resources\/updated)$/.test(method)
  )
    attributes.push(attr('mcp.resource.uri', params['uri']));
  return { name: method, attributes };
}

/** The recorded trace context of a request, if well formed. */
function recordedContext(message: Json): { traceId: string; spanId: string } | undefined {
  const params = isRecord(message['params']) ? message['params'] : undefined;
  const meta = params !== undefined && isRecord(params['_meta']) ? params['_meta'] : undefined;
  const match = typeof meta?.['traceparent'] === 'string' ? TRACEPARENT.exec(meta['traceparent']) : null;
  if (match === null || /^0+$/.test(match[1] ?? '0') || /^0+$/.test(match[2] ?? '0')) return undefined;
  return { traceId: match[1] ?? '', spanId: match[2] ?? '' };
}

/** The outcome attributes and status of a response. */
function outcome(response: Json | undefined): { attributes: Json[]; status: Json } {
  if (response === undefined) return { attributes: [attr('error.type', 'no_response')], status: { code: 2 } };
  const error = response['error'];
  if (isRecord(error)) {
    const code = String(error['code']);
    return {
      attributes: [attr('error.type', code), attr('rpc.response.status_code', code)],
      status: { code: 2, ...(typeof error['message'] === 'string' && { message: error['message'] }) },
    };
  }
  if (isRecord(response['result']) && response['result']['isError'] === true)
    return { attributes: [attr('error.type', 'tool_error')], status: { code: 2 } };
  return { attributes: [], status: {} };
}

/** The OTLP/JSON traces of `recording`. */
export function recordingToOtlp(recording: Recording): Json {
  const messages = recording.wire.filter((e: WireEntry): e is MessageEntry => e.kind === 'message' && isRecord(e.message));
  const rootTrace = hex(16);
  const rootSpan = hex(8);
  const spans: Json[] = [];
  const first = messages[0]?.t ?? Date.parse(recording.recordedAt);
  const last = messages.at(-1)?.t ?? first;
  const responses = new Map<string, MessageEntry>();
  for (const entry of messages) {
    const m = entry.message as Json;
    if (!('method' in m) && 'id' in m) responses.set(`${entry.dir}:${JSON.stringify(m['id'])}`, entry);
  }
  for (const entry of messages) {
    const m = entry.message as Json;
    if (typeof m['method'] !== 'string') continue;
    const { name, attributes } = describe(m);
    const isRequest = 'id' in m;
    const reply = isRequest ? responses.get(`${entry.dir === 'out' ? 'in' : 'out'}:${JSON.stringify(m['id'])}`) : undefined;
    const ended = isRequest ? outcome(reply?.message as Json | undefined) : { attributes: [], status: {} };
    const recorded = entry.dir === 'out' ? recordedContext(m) : undefined;
    spans.push({
      traceId: recorded?.traceId ?? rootTrace,
      spanId: recorded?.spanId ?? hex(8),
      ...(recorded === undefined && { parentSpanId: rootSpan }),
      name,
      kind: entry.dir === 'out' ? SPAN_KIND_CLIENT : SPAN_KIND_SERVER,
      startTimeUnixNano: nanos(entry.t),
      endTimeUnixNano: nanos(reply?.t ?? entry.t),
      attributes: [...attributes, ...ended.attributes],
      status: ended.status,
    });
  }
  spans.unshift({
    traceId: rootTrace,
    spanId: rootSpan,
    name: 'mcpkit recording',
    kind: SPAN_KIND_INTERNAL,
    startTimeUnixNano: nanos(first),
    endTimeUnixNano: nanos(last),
    attributes: [attr('mcpkit.recording.recorded_at', recording.recordedAt)],
    status: {},
  });
  const resource = [attr('service.name', 'mcpkit-inspector')];
  if (typeof recording.server.name === 'string') resource.push(attr('mcpkit.recording.server', recording.server.name));
  return {
    resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'mcpkit-inspector' }, spans }] }],
  };
}
