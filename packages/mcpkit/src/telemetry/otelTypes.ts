/**
 * The parts of the OpenTelemetry API that mcpkit calls, typed structurally
 * after `@opentelemetry/api` 1.x: a `TracerProvider`, `MeterProvider`,
 * `ContextManager` or `TextMapPropagator` from that package (or any SDK built
 * on it) fits these shapes, and the library never imports the package itself.
 *
 * @module
 */

/** An attribute value, as the API takes it. */
export type AttributeValue = string | number | boolean | string[] | number[] | boolean[];

/** Span attributes. */
export type Attributes = Record<string, AttributeValue | undefined>;

/** `Context` of the API: an immutable map keyed by symbols. */
export interface ContextLike {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): ContextLike;
  deleteValue(key: symbol): ContextLike;
}

/** `SpanContext` of the API. */
export interface SpanContextLike {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
  readonly isRemote?: boolean;
  readonly traceState?: TraceStateLike;
}

/** `TraceState` of the API: vendor entries, carried along unread. */
export interface TraceStateLike {
  set(key: string, value: string): TraceStateLike;
  unset(key: string): TraceStateLike;
  get(key: string): string | undefined;
  serialize(): string;
}

/** `Span` of the API (the members mcpkit calls). */
export interface SpanLike {
  spanContext(): SpanContextLike;
  setAttribute(key: string, value: AttributeValue): unknown;
  setStatus(status: { readonly code: number; readonly message?: string }): unknown;
  end(endTime?: number): void;
  isRecording(): boolean;
}

/** `SpanOptions` of the API (the members mcpkit passes). */
export interface SpanOptionsLike {
  /** `SpanKind`: 0 internal, 1 server, 2 client. */
  readonly kind?: number;
  readonly attributes?: Attributes;
  readonly links?: { readonly context: SpanContextLike }[];
}

/** `Tracer` of the API. */
export interface TracerLike {
  startSpan(name: string, options?: SpanOptionsLike, context?: ContextLike): SpanLike;
}

/** `TracerProvider` of the API. */
export interface TracerProviderLike {
  getTracer(name: string, version?: string): TracerLike;
}

/** `Histogram` of the API. */
export interface HistogramLike {
  record(value: number, attributes?: Attributes): void;
}

/** `Meter` of the API (histograms only: all the conventions' MCP metrics are histograms). */
export interface MeterLike {
  createHistogram(
    name: string,
    options?: {
      readonly unit?: string;
      readonly description?: string;
      readonly advice?: { readonly explicitBucketBoundaries?: number[] };
    },
  ): HistogramLike;
}

/** `MeterProvider` of the API. */
export interface MeterProviderLike {
  getMeter(name: string, version?: string): MeterLike;
}

/** `ContextManager` of the API: which context is active, and running code inside one. */
export interface ContextManagerLike {
  active(): ContextLike;
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: ContextLike,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F>;
}

/** `TextMapPropagator` of the API, on a plain-object carrier (`_meta`). */
export interface PropagatorLike {
  inject(
    context: ContextLike,
    carrier: Record<string, unknown>,
    setter: { set(carrier: Record<string, unknown>, key: string, value: string): void },
  ): void;
  extract(
    context: ContextLike,
    carrier: Record<string, unknown>,
    getter: {
      get(carrier: Record<string, unknown>, key: string): string | string[] | undefined;
      keys(carrier: Record<string, unknown>): string[];
    },
  ): ContextLike;
}

/** Telemetry for an MCP client or server (and a host). Nothing is recorded without a provider. */
export interface TelemetryOptions {
  /** Where spans go. Absent: no spans. */
  readonly tracerProvider?: TracerProviderLike;
  /** Where metrics go. Absent: no metrics. */
  readonly meterProvider?: MeterProviderLike;
  /**
   * Which context is active (parents of client spans; the scope server handlers run in).
   * Default: the one registered with `@opentelemetry/api` (`context.setGlobalContextManager`), if any.
   */
  readonly contextManager?: ContextManagerLike;
  /**
   * How trace context is written to and read from `params._meta`. Default: the propagator
   * registered with `@opentelemetry/api`, if any; else W3C Trace Context and Baggage.
   */
  readonly propagator?: PropagatorLike;
  /**
   * Record tool arguments and results (`gen_ai.tool.call.arguments`/`.result`). Default false:
   * they may hold anything the user or the model typed, and secrets.
   */
  readonly recordContent?: boolean;
}
