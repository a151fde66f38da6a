/**
 * A small tracer and meter for the command line: spans with W3C ids, a
 * context manager on AsyncLocalStorage, and the MCP histograms aggregated
 * per attribute set. Just what mcpkit's instrumentation calls (the shapes of
 * `mcpkit/telemetry`), so the command line ships no OpenTelemetry SDK.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import {
  ROOT_CONTEXT,
  spanOf,
  type AttributeValue,
  type Attributes,
  type ContextLike,
  type ContextManagerLike,
  type HistogramLike,
  type MeterProviderLike,
  type SpanContextLike,
  type SpanLike,
  type SpanOptionsLike,
  type TracerProviderLike,
} from 'mcpkit/telemetry';

/** A finished span, as exported. */
export interface FinishedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly traceState: string | undefined;
  readonly name: string;
  readonly kind: number;
  readonly startNs: bigint;
  readonly endNs: bigint;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
  readonly status: { readonly code: number; readonly message?: string | undefined };
  readonly links: readonly { readonly traceId: string; readonly spanId: string }[];
  readonly scope: string;
}

/** Now, in nanoseconds since the epoch. */
export function nowNs(): bigint {
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
}

/** A context manager on AsyncLocalStorage. */
export function asyncContextManager(): ContextManagerLike {
  const storage = new AsyncLocalStorage<ContextLike>();
  return {
    active: () => storage.getStore() ?? ROOT_CONTEXT,
    with: (context, fn, thisArg, ...args) => storage.run(context, () => fn.call(thisArg, ...args)),
  };
}

class RecordingSpan implements SpanLike {
  readonly #context: SpanContextLike;
  readonly #parent: SpanContextLike | undefined;
  readonly #name: string;
  readonly #kind: number;
  readonly #start = nowNs();
  readonly #attributes: Record<string, AttributeValue> = {};
  readonly #links: { traceId: string; spanId: string }[];
  readonly #scope: string;
  readonly #onEnd: (span: FinishedSpan) => void;
  #status: { code: number; message?: string } = { code: 0 };
  #ended = false;

  constructor(
    name: string,
    options: SpanOptionsLike | undefined,
    parent: SpanContextLike | undefined,
    scope: string,
    onEnd: (span: FinishedSpan) => void,
  ) {
    this.#name = name;
    this.#kind = options?.kind ?? 0;
    this.#parent = parent;
    this.#scope = scope;
    this.#onEnd = onEnd;
    this.#context = {
      traceId: parent?.traceId ?? randomBytes(16).toString('hex'),
      spanId: randomBytes(8).toString('hex'),
      traceFlags: 1,
      ...(parent?.traceState !== undefined && { traceState: parent.traceState }),
    };
    for (const [key, value] of Object.entries(options?.attributes ?? {})) if (value !== undefined) this.#attributes[key] = value;
    this.#links = (options?.links ?? []).map((l) => ({ traceId: l.context.traceId, spanId: l.context.spanId }));
  }

  spanContext(): SpanContextLike {
    return this.#context;
  }
  setAttribute(key: string, value: AttributeValue): this {
    if (!this.#ended) this.#attributes[key] = value;
    return this;
  }
  setStatus(status: { readonly code: number; readonly message?: string }): this {
    if (!this.#ended) this.#status = { ...status };
    return this;
  }
  isRecording(): boolean {
    return !this.#ended;
  }
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onEnd({
      traceId: this.#context.traceId,
      spanId: this.#context.spanId,
      parentSpanId: this.#parent?.spanId,
      traceState: this.#context.traceState?.serialize(),
      name: this.#name,
      kind: this.#kind,
      startNs: this.#start,
      endNs: nowNs(),
      attributes: this.#attributes,
      status: this.#status,
      links: this.#links,
      scope: this.#scope,
    });
  }
}

/** A tracer provider that hands finished spans to `onEnd`. */
export function tracerProvider(onEnd: (span: FinishedSpan) => void): TracerProviderLike {
  return {
    getTracer: (scope) => ({
      startSpan: (name, options, context) => {
        const parent = spanOf(context ?? ROOT_CONTEXT)?.spanContext();
        const valid = parent !== undefined && /^[0-9a-f]{32}$/.test(parent.traceId) && !/^0+$/.test(parent.traceId);
        return new RecordingSpan(name, options, valid ? parent : undefined, scope, onEnd);
      },
    }),
  };
}

/** One histogram's state per attribute set. */
export interface HistogramPoint {
  readonly attributes: Readonly<Record<string, AttributeValue>>;
  count: number;
  sum: number;
  min: number;
  max: number;
  readonly buckets: number[];
}

/** A recorded histogram. */
export interface HistogramData {
  readonly name: string;
  readonly description: string;
  readonly unit: string;
  readonly scope: string;
  readonly boundaries: readonly number[];
  readonly points: Map<string, HistogramPoint>;
}

/** A meter provider whose histograms aggregate in memory (cumulative), read by `histograms()`. */
export function meterProvider(): {
  readonly provider: MeterProviderLike;
  readonly histograms: HistogramData[];
  readonly startNs: bigint;
} {
  const histograms: HistogramData[] = [];
  const startNs = nowNs();
  const provider: MeterProviderLike = {
    getMeter: (scope) => ({
      createHistogram: (name, options): HistogramLike => {
        const data: HistogramData = {
          name,
          description: options?.description ?? '',
          unit: options?.unit ?? '',
          scope,
          boundaries: options?.advice?.explicitBucketBoundaries ?? [0, 5, 10, 25, 50, 75, 100, 250, 500, 1000],
          points: new Map(),
        };
        histograms.push(data);
        return {
          record: (value, attributes) => {
            record(data, value, attributes);
          },
        };
      },
    }),
  };
  return { provider, histograms, startNs };
}

function record(data: HistogramData, value: number, attributes: Attributes | undefined): void {
  const clean: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) if (v !== undefined) clean[k] = v;
  const key = JSON.stringify(clean);
  let point = data.points.get(key);
  if (point === undefined) {
    point = {
      attributes: clean,
      count: 0,
      sum: 0,
      min: Infinity,
      max: -Infinity,
      buckets: new Array<number>(data.boundaries.length + 1).fill(0),
    };
    data.points.set(key, point);
  }
  point.count++;
  point.sum += value;
  point.min = Math.min(point.min, value);
  point.max = Math.max(point.max, value);
  let bucket = data.boundaries.findIndex((b) => value <= b);
  if (bucket === -1) bucket = data.boundaries.length;
  point.buckets[bucket] = (point.buckets[bucket] ?? 0) + 1;
}
