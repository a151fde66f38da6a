// Test support (not exported): an OpenTelemetry SDK wired to in-memory
// exporters, and a context manager on AsyncLocalStorage, as an application
// registers one.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  InMemoryMetricExporter,
  AggregationTemporality,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { ROOT_CONTEXT } from '../src/telemetry/context.js';
import type { ContextLike, ContextManagerLike, TelemetryOptions } from '../src/telemetry/otelTypes.js';

/** A context manager on AsyncLocalStorage. */
export function asyncContextManager(): ContextManagerLike {
  const storage = new AsyncLocalStorage<ContextLike>();
  return {
    active: () => storage.getStore() ?? ROOT_CONTEXT,
    with: (context, fn, thisArg, ...args) => storage.run(context, () => fn.call(thisArg, ...args)),
  };
}

/** A tracer and meter provider whose output the test reads. */
export interface TestSdk {
  readonly telemetry: TelemetryOptions;
  spans(): ReadableSpan[];
  metrics(): Promise<Map<string, { attributes: Record<string, unknown>; count: number; boundaries: number[] }[]>>;
  shutdown(): Promise<void>;
}

export function testSdk(extra: Partial<TelemetryOptions> = {}): TestSdk {
  const spans = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    telemetry: { tracerProvider, meterProvider, contextManager: asyncContextManager(), ...extra },
    spans: () => spans.getFinishedSpans(),
    async metrics() {
      await reader.forceFlush();
      const out = new Map<string, { attributes: Record<string, unknown>; count: number; boundaries: number[] }[]>();
      for (const rm of metricExporter.getMetrics())
        for (const sm of rm.scopeMetrics)
          for (const metric of sm.metrics) {
            const points = metric.dataPoints.map((p) => {
              const value = p.value as { count: number; buckets: { boundaries: number[] } };
              return { attributes: { ...p.attributes }, count: value.count, boundaries: value.buckets.boundaries };
            });
            out.set(metric.descriptor.name, points);
          }
      return out;
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}
