/**
 * The tracer and the conventions' four histograms, made once per telemetry
 * options (a stateless HTTP server opens a session per request: it must not
 * create instruments per session).
 *
 * @module
 */
import { globalContextManager, globalPropagator } from './context.js';
import type { ContextManagerLike, HistogramLike, PropagatorLike, TelemetryOptions, TracerLike } from './otelTypes.js';
import { w3cPropagator } from './w3cPropagator.js';

/** The instrumentation scope's name and version. */
export const SCOPE_NAME = 'mcpkit';
export const SCOPE_VERSION = '0.1.0';

/** The bucket boundaries the conventions advise for the MCP duration histograms, seconds. */
export const DURATION_BUCKETS: number[] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** What one set of telemetry options records with. */
export interface Instruments {
  readonly tracer: TracerLike | undefined;
  readonly contextManager: ContextManagerLike | undefined;
  readonly propagator: PropagatorLike;
  readonly recordContent: boolean;
  readonly operation: { readonly client?: HistogramLike; readonly server?: HistogramLike };
  readonly session: { readonly client?: HistogramLike; readonly server?: HistogramLike };
}

const cache = new WeakMap<TelemetryOptions, Instruments>();

/** The instruments of `options`; undefined when it has neither a tracer nor a meter provider. */
export function instrumentsOf(options: TelemetryOptions | undefined): Instruments | undefined {
  if (options === undefined || (options.tracerProvider === undefined && options.meterProvider === undefined)) return undefined;
  let instruments = cache.get(options);
  if (instruments === undefined) {
    instruments = build(options);
    cache.set(options, instruments);
  }
  return instruments;
}

function build(options: TelemetryOptions): Instruments {
  const meter = options.meterProvider?.getMeter(SCOPE_NAME, SCOPE_VERSION);
  const histogram = (name: string, description: string): HistogramLike | undefined =>
    meter?.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: DURATION_BUCKETS } });
  return {
    tracer: options.tracerProvider?.getTracer(SCOPE_NAME, SCOPE_VERSION),
    contextManager: options.contextManager ?? globalContextManager(),
    propagator: options.propagator ?? globalPropagator() ?? w3cPropagator,
    recordContent: options.recordContent === true,
    operation: {
      ...optional(
        'client',
        histogram('mcp.client.operation.duration', 'The duration of the MCP request or notification as observed on the sender.'),
      ),
      ...optional(
        'server',
        histogram('mcp.server.operation.duration', 'MCP request or notification duration as observed on the receiver.'),
      ),
    },
    session: {
      ...optional(
        'client',
        histogram('mcp.client.session.duration', 'The duration of the MCP session as observed on the MCP client.'),
      ),
      ...optional(
        'server',
        histogram('mcp.server.session.duration', 'The duration of the MCP session as observed on the MCP server.'),
      ),
    },
  };
}

function optional<K extends string>(key: K, value: HistogramLike | undefined): { [P in K]?: HistogramLike } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: HistogramLike };
}
