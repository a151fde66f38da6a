/**
 * Contexts without `@opentelemetry/api`: an immutable context that honours the
 * API's contract (a span is stored under the key the API itself uses, so any
 * SDK's tracer finds its parent there), and the API's global registration read
 * through the symbol every copy of the API 1.x shares. Reading it loads
 * nothing: when no application registered a context manager or propagator,
 * there is none.
 *
 * @module
 */
import type { ContextLike, ContextManagerLike, PropagatorLike, SpanContextLike, SpanLike } from './otelTypes.js';

/** The key under which the API keeps the active span (`createContextKey` is `Symbol.for`). */
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');

/** An immutable context, as the API's `BaseContext`. */
class Context implements ContextLike {
  readonly #values: Map<symbol, unknown>;

  constructor(values?: Map<symbol, unknown>) {
    this.#values = values ?? new Map<symbol, unknown>();
  }

  getValue(key: symbol): unknown {
    return this.#values.get(key);
  }

  setValue(key: symbol, value: unknown): ContextLike {
    const values = new Map(this.#values);
    values.set(key, value);
    return new Context(values);
  }

  deleteValue(key: symbol): ContextLike {
    const values = new Map(this.#values);
    values.delete(key);
    return new Context(values);
  }
}

/** The empty context. */
export const ROOT_CONTEXT: ContextLike = new Context();

/** The span `context` holds, if any. */
export function spanOf(context: ContextLike): SpanLike | undefined {
  const span = context.getValue(SPAN_KEY);
  return typeof span === 'object' && span !== null && typeof (span as SpanLike).spanContext === 'function'
    ? (span as SpanLike)
    : undefined;
}

/** `context` with `span` as its span. */
export function withSpan(context: ContextLike, span: SpanLike): ContextLike {
  return context.setValue(SPAN_KEY, span);
}

/** `context` with a remote parent (what a propagator extracted). */
export function withRemoteParent(context: ContextLike, parent: SpanContextLike): ContextLike {
  return withSpan(context, remoteSpan(parent));
}

/** A span that only carries a remote span context, as the API's `NonRecordingSpan`. */
function remoteSpan(spanContext: SpanContextLike): SpanLike {
  return {
    spanContext: () => spanContext,
    setAttribute() {
      return undefined;
    },
    setStatus() {
      return undefined;
    },
    end() {
      return undefined;
    },
    isRecording: () => false,
  };
}

/** What `@opentelemetry/api` 1.x registers globally (the members read here). */
interface GlobalApi {
  readonly context?: ContextManagerLike;
  readonly propagation?: PropagatorLike;
}

function globalApi(): GlobalApi | undefined {
  const registry = (globalThis as Record<symbol, unknown>)[Symbol.for('opentelemetry.js.api.1')];
  return typeof registry === 'object' && registry !== null ? registry : undefined;
}

/** The context manager the application registered with the API, if any. */
export function globalContextManager(): ContextManagerLike | undefined {
  const manager = globalApi()?.context;
  return typeof manager?.active === 'function' ? manager : undefined;
}

/** The propagator the application registered with the API, if any. */
export function globalPropagator(): PropagatorLike | undefined {
  const propagator = globalApi()?.propagation;
  return typeof propagator?.inject === 'function' ? propagator : undefined;
}
