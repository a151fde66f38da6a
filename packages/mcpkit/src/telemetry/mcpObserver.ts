/**
 * The MCP instrumentation: a connection observer that opens a span per
 * message (CLIENT for what this side sends, SERVER for what it handles),
 * carries trace context in `params._meta`, runs handlers with their span
 * active, and records the conventions' durations. Client and server sessions
 * attach it at the one seam the JSON-RPC engine offers (`observer`).
 *
 * @module
 */
import type { ConnectionObserver, ObservedOutcome } from '../jsonrpc/observer.js';
import type { Params, RequestId } from '../jsonrpc/message.js';
import { META_PROTOCOL_VERSION } from '../protocol/meta.js';
import { ROOT_CONTEXT, spanOf, withSpan } from './context.js';
import { instrumentsOf, type Instruments } from './instruments.js';
import { localErrorType, messageAttributes, outcomeAttributes, type SessionFacts } from './mcpAttributes.js';
import type { Attributes, ContextLike, SpanLike, TelemetryOptions } from './otelTypes.js';
import { isValid } from './w3cPropagator.js';

/** Which end of the MCP session this side is. */
export type McpSide = 'client' | 'server';

const SPAN_KIND_SERVER = 1;
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

const metaSetter = {
  set(carrier: Record<string, unknown>, key: string, value: string): void {
    carrier[key] = value;
  },
};
const metaGetter = {
  get(carrier: Record<string, unknown>, key: string): string | undefined {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
  keys(carrier: Record<string, unknown>): string[] {
    return Object.keys(carrier);
  },
};

/** The observer for one session; undefined (nothing observed, nothing loaded) without a provider. */
export function mcpObserver(
  options: TelemetryOptions | undefined,
  side: McpSide,
  facts: () => SessionFacts,
): ConnectionObserver | undefined {
  const instruments = instrumentsOf(options);
  return instruments === undefined ? undefined : new McpObserver(instruments, side, facts);
}

class McpObserver implements ConnectionObserver {
  readonly #i: Instruments;
  readonly #side: McpSide;
  readonly #facts: () => SessionFacts;
  #openedAt: number | undefined;

  constructor(instruments: Instruments, side: McpSide, facts: () => SessionFacts) {
    this.#i = instruments;
    this.#side = side;
    this.#facts = facts;
  }

  send(method: string, params: Params | undefined, id: RequestId | undefined): ReturnType<ConnectionObserver['send']> {
    const i = this.#i;
    const started = performance.now();
    const { name, attributes } = messageAttributes(method, params, id, this.#facts(), i.recordContent);
    const active = i.contextManager?.active() ?? ROOT_CONTEXT;
    const span = i.tracer?.startSpan(name, { kind: SPAN_KIND_CLIENT, attributes }, active);
    const sent = span === undefined ? params : inject(i, withSpan(active, span), params);
    return {
      params: sent,
      end: (outcome) => {
        this.#finish(span, method, attributes, outcome, started, i.operation.client);
      },
    };
  }

  receive(message: {
    readonly method: string;
    readonly params?: Params;
    readonly id?: RequestId;
  }): ReturnType<ConnectionObserver['receive']> {
    const i = this.#i;
    const started = performance.now();
    const { method, params } = message;
    const facts = this.#facts();
    const version = facts.protocolVersion ?? statelessVersion(params);
    const { name, attributes } = messageAttributes(
      method,
      params,
      message.id,
      { ...facts, protocolVersion: version },
      i.recordContent,
    );
    const ambient = i.contextManager?.active() ?? ROOT_CONTEXT;
    const parent = extract(i, ambient, params);
    let scope: ContextLike | undefined;
    let span: SpanLike | undefined;
    if (i.tracer !== undefined) {
      // The conventions: the client's context is the parent, the ambient one (an HTTP server span, say) a link.
      const ambientSpan = parent === ambient ? undefined : spanOf(ambient)?.spanContext();
      const links = ambientSpan !== undefined && isValid(ambientSpan) ? [{ context: ambientSpan }] : undefined;
      span = i.tracer.startSpan(name, { kind: SPAN_KIND_SERVER, attributes, ...(links !== undefined && { links }) }, parent);
      scope = withSpan(parent, span);
    }
    const manager = i.contextManager;
    return {
      run: (handler) => (manager === undefined || scope === undefined ? handler() : manager.with(scope, handler)),
      end: (outcome) => {
        this.#finish(span, method, attributes, outcome, started, i.operation.server);
      },
    };
  }

  opened(): void {
    this.#openedAt = performance.now();
  }

  closed(error?: Error): void {
    const histogram = this.#side === 'client' ? this.#i.session.client : this.#i.session.server;
    if (this.#openedAt === undefined || histogram === undefined) return;
    const facts = this.#facts();
    const attributes: Attributes = {};
    if (facts.protocolVersion !== undefined) attributes['mcp.protocol.version'] = facts.protocolVersion;
    if (facts.network !== undefined) {
      attributes['network.transport'] = facts.network.transport;
      if (facts.network.protocol !== undefined) attributes['network.protocol.name'] = facts.network.protocol;
    }
    if (error !== undefined) attributes['error.type'] = localErrorType(error);
    histogram.record((performance.now() - this.#openedAt) / 1000, attributes);
    this.#openedAt = undefined;
  }

  #finish(
    span: SpanLike | undefined,
    method: string,
    attributes: Attributes,
    outcome: ObservedOutcome,
    started: number,
    histogram: { record(value: number, attributes?: Attributes): void } | undefined,
  ): void {
    const ended = outcomeAttributes(method, outcome, this.#i.recordContent);
    if (span !== undefined) {
      for (const [key, value] of Object.entries(ended.attributes)) if (value !== undefined) span.setAttribute(key, value);
      if (ended.error !== undefined) span.setStatus({ code: STATUS_ERROR, message: ended.error });
      span.end();
    }
    if (histogram !== undefined) {
      const metric: Attributes = {};
      for (const key of METRIC_KEYS) {
        const value = ended.attributes[key] ?? attributes[key];
        if (value !== undefined) metric[key] = value;
      }
      histogram.record((performance.now() - started) / 1000, metric);
    }
  }
}

/** The attributes the conventions give the operation durations (low cardinality: no ids, no URIs). */
const METRIC_KEYS = [
  'mcp.method.name',
  'error.type',
  'gen_ai.tool.name',
  'gen_ai.prompt.name',
  'rpc.response.status_code',
  'gen_ai.operation.name',
  'mcp.protocol.version',
  'network.transport',
  'network.protocol.name',
] as const;

/** `params` with the trace context added to a copy of its `_meta` (the caller's objects are never changed). */
function inject(i: Instruments, context: ContextLike, params: Params | undefined): Params | undefined {
  if (params !== undefined && !isRecord(params)) return params;
  const own = metaOf(params);
  const meta: Record<string, unknown> = isRecord(own) ? { ...own } : {};
  // A relay (gateway, bridge) forwards its caller's _meta: its own span's context must replace the caller's,
  // or the next hop's span hangs under the caller and skips the relay. Counting keys would miss an overwrite.
  const written = { any: false };
  i.propagator.inject(context, meta, {
    set(carrier, key, value) {
      written.any = true;
      metaSetter.set(carrier, key, value);
    },
  });
  if (!written.any) return params;
  // A tracestate belongs to the traceparent it came with: the caller's goes unless ours was written.
  if (
    own !== undefined &&
    isRecord(own) &&
    meta['tracestate'] === own['tracestate'] &&
    meta['traceparent'] !== own['traceparent']
  )
    delete meta['tracestate'];
  return { ...params, _meta: meta };
}

/** The context the peer's `_meta` carries, over `ambient`; `ambient` itself when it carries none. */
function extract(i: Instruments, ambient: ContextLike, params: Params | undefined): ContextLike {
  const meta = metaOf(params);
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return ambient;
  const carrier = meta as Record<string, unknown>;
  if (typeof carrier['traceparent'] !== 'string' && typeof carrier['baggage'] !== 'string') return ambient;
  try {
    return i.propagator.extract(ambient, carrier, metaGetter);
  } catch {
    return ambient;
  }
}

/** The stateless era names its revision in every request's `_meta`. */
function statelessVersion(params: Params | undefined): string | undefined {
  const meta = metaOf(params);
  if (typeof meta !== 'object' || meta === null) return undefined;
  const version = (meta as Record<string, unknown>)[META_PROTOCOL_VERSION];
  return typeof version === 'string' ? version : undefined;
}

/** `{ observer }` when there is one: connection options take no explicit `undefined`. */
export function observed(observer: ConnectionObserver | undefined): { observer?: ConnectionObserver } {
  return observer === undefined ? {} : { observer };
}

/** The transport's session id (Streamable HTTP), read structurally. */
export function sessionIdOf(transport: object): string | undefined {
  const id = (transport as { readonly sessionId?: unknown }).sessionId;
  return typeof id === 'string' ? id : undefined;
}

function metaOf(params: Params | undefined): unknown {
  return isRecord(params) ? params['_meta'] : undefined;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
