/**
 * W3C Trace Context (`traceparent`, `tracestate`) and Baggage (`baggage`) in
 * `params._meta`, for when the application registered no propagator. What a
 * peer sends is read strictly: a malformed or oversized value is ignored, so
 * a hostile peer can at most choose the trace its spans join.
 *
 * @see https://www.w3.org/TR/trace-context/
 * @module
 */
import { spanOf, withRemoteParent } from './context.js';
import type { ContextLike, PropagatorLike, SpanContextLike, TraceStateLike } from './otelTypes.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
/** The W3C limits: tracestate 512 characters kept, baggage 8192 bytes. */
const MAX_TRACESTATE = 512;
const MAX_BAGGAGE = 8192;
/** Where the raw `baggage` value rides in the context (passed on unchanged). */
const BAGGAGE_KEY = Symbol.for('mcpkit baggage');

/** The built-in propagator. */
export const w3cPropagator: PropagatorLike = {
  inject(context, carrier, setter) {
    const span = spanOf(context);
    if (span !== undefined) {
      const sc = span.spanContext();
      if (isValid(sc)) {
        setter.set(carrier, 'traceparent', `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 1).toString(16).padStart(2, '0')}`);
        const state = traceStateText(sc.traceState);
        if (state !== undefined && state !== '') setter.set(carrier, 'tracestate', state);
      }
    }
    const baggage = context.getValue(BAGGAGE_KEY);
    if (typeof baggage === 'string') setter.set(carrier, 'baggage', baggage);
  },
  extract(context, carrier, getter) {
    let result: ContextLike = context;
    const parent = one(getter.get(carrier, 'traceparent'));
    const match = parent === undefined ? null : TRACEPARENT.exec(parent);
    if (match !== null) {
      const [, traceId = '', spanId = '', flags = '00'] = match;
      const state = one(getter.get(carrier, 'tracestate'));
      const sc: SpanContextLike = {
        traceId,
        spanId,
        traceFlags: parseInt(flags, 16) & 1,
        isRemote: true,
        ...(state !== undefined && state.length <= MAX_TRACESTATE && { traceState: new RawTraceState(state) }),
      };
      if (isValid(sc)) result = withRemoteParent(result, sc);
    }
    const baggage = one(getter.get(carrier, 'baggage'));
    if (baggage !== undefined && baggage.length <= MAX_BAGGAGE) result = result.setValue(BAGGAGE_KEY, baggage);
    return result;
  },
};

/** A span context is valid when neither id is all zeros. */
export function isValid(sc: SpanContextLike): boolean {
  return (
    /^[0-9a-f]{32}$/.test(sc.traceId) && /^[0-9a-f]{16}$/.test(sc.spanId) && !/^0+$/.test(sc.traceId) && !/^0+$/.test(sc.spanId)
  );
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A trace state kept as received: mcpkit neither reads nor changes its entries. */
class RawTraceState implements TraceStateLike {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  serialize(): string {
    return this.#text;
  }
  get(key: string): string | undefined {
    for (const entry of this.#text.split(',')) {
      const [k, v] = entry.trim().split('=');
      if (k === key) return v;
    }
    return undefined;
  }
  set(): this {
    return this;
  }
  unset(): this {
    return this;
  }
}

function traceStateText(state: TraceStateLike | undefined): string | undefined {
  return state === undefined ? undefined : state.serialize();
}
