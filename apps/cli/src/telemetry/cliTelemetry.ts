/**
 * Telemetry for one `mcpkit` process, from the standard `OTEL_*` variables:
 * a recorder (recorder.ts) whose spans are sent in batches and whose metrics
 * are sent at the end, OTLP over HTTP (JSON or protobuf). Loaded only when a
 * variable names an endpoint. Everything recorded is flushed when the command
 * ends, and on SIGTERM when the command does not stop itself on it.
 *
 * @module
 */
import type { TelemetryOptions } from 'mcpkit/telemetry';
import { metricsRequestJson, traceRequestJson } from './otlpJson.js';
import { metricsRequestProto, traceRequestProto } from './otlpProto.js';
import { otelConfig, type OtelConfig, type SignalExport } from './otelEnv.js';
import { asyncContextManager, meterProvider, nowNs, tracerProvider, type FinishedSpan } from './recorder.js';

/** Spans are sent when this many wait, or after this long. */
const BATCH_SIZE = 256;
const BATCH_DELAY_MS = 1000;
/** How long one export may take, ms. */
const EXPORT_TIMEOUT_MS = 5000;
/** The most spans kept waiting when the collector is slow or down (the rest are dropped, not buffered forever). */
const MAX_QUEUE = 8192;

/** One process's telemetry. */
export interface CliTelemetry {
  /** What the library's clients, servers and host take. */
  readonly telemetry: TelemetryOptions;
  /** Sends everything recorded so far. */
  flush(): Promise<void>;
  /** Flushes and stops (idempotent). */
  shutdown(): Promise<void>;
}

/** Starts telemetry from `env`; undefined when it asks for none. Throws a message for a malformed variable. */
export function startCliTelemetry(
  env: Readonly<Record<string, string | undefined>>,
  defaultService: string,
  report: (message: string) => void,
): CliTelemetry | undefined {
  const config = otelConfig(env, defaultService);
  return config === undefined ? undefined : new Session(config, report);
}

class Session implements CliTelemetry {
  readonly telemetry: TelemetryOptions;
  readonly #config: OtelConfig;
  readonly #report: (message: string) => void;
  readonly #meters: ReturnType<typeof meterProvider>;
  #queue: FinishedSpan[] = [];
  #timer: NodeJS.Timeout | undefined;
  #inflight = new Set<Promise<void>>();
  #failed = false;
  #stopped: Promise<void> | undefined;

  constructor(config: OtelConfig, report: (message: string) => void) {
    this.#config = config;
    this.#report = report;
    this.#meters = meterProvider();
    this.telemetry = {
      ...(config.traces !== undefined && {
        tracerProvider: tracerProvider((span) => {
          this.#ended(span);
        }),
      }),
      ...(config.metrics !== undefined && { meterProvider: this.#meters.provider }),
      contextManager: asyncContextManager(),
      recordContent: /^(1|true)$/i.test(process.env['MCPKIT_OTEL_RECORD_CONTENT'] ?? ''),
    };
    // A long-running server sends its metrics on the standard interval too, not only when it stops.
    if (config.metrics !== undefined) {
      setInterval(() => {
        this.#sendMetrics();
      }, config.metricIntervalMs).unref();
    }
  }

  #ended(span: FinishedSpan): void {
    if (this.#stopped !== undefined && this.#queue.length === 0 && this.#inflight.size === 0) return;
    if (this.#queue.length >= MAX_QUEUE) return;
    this.#queue.push(span);
    if (this.#queue.length >= BATCH_SIZE) this.#sendSpans();
    else
      this.#timer ??= setTimeout(() => {
        this.#sendSpans();
      }, BATCH_DELAY_MS).unref();
  }

  #sendSpans(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const target = this.#config.traces;
    if (target === undefined || this.#queue.length === 0) return;
    const spans = this.#queue;
    this.#queue = [];
    const body =
      target.protocol === 'http/json'
        ? JSON.stringify(traceRequestJson(this.#config.resource, spans))
        : traceRequestProto(this.#config.resource, spans);
    this.#track(this.#post(target, body));
  }

  #sendMetrics(): void {
    const target = this.#config.metrics;
    if (target === undefined || !this.#meters.histograms.some((h) => h.points.size > 0)) return;
    const now = nowNs();
    const { histograms, startNs } = this.#meters;
    const body =
      target.protocol === 'http/json'
        ? JSON.stringify(metricsRequestJson(this.#config.resource, histograms, startNs, now))
        : metricsRequestProto(this.#config.resource, histograms, startNs, now);
    this.#track(this.#post(target, body));
  }

  #track(work: Promise<void>): void {
    this.#inflight.add(work);
    void work.finally(() => this.#inflight.delete(work));
  }

  async #post(target: SignalExport, body: string | Uint8Array): Promise<void> {
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          ...target.headers,
          'content-type': target.protocol === 'http/json' ? 'application/json' : 'application/x-protobuf',
        },
        body: typeof body === 'string' ? body : new Blob([body.buffer as ArrayBuffer]),
        redirect: 'error',
        signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) this.#fail(`the collector answered HTTP ${response.status}`);
    } catch (error) {
      this.#fail(error instanceof Error ? error.message : String(error));
    }
  }

  /** Says once that exporting fails (never the headers: they may hold credentials). */
  #fail(why: string): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#report(`mcpkit: telemetry export failed (${why}); further failures are not reported\n`);
  }

  async flush(): Promise<void> {
    this.#sendSpans();
    await Promise.all([...this.#inflight]);
  }

  shutdown(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#sendSpans();
      this.#sendMetrics();
      await Promise.all([...this.#inflight]);
    })();
    return this.#stopped;
  }
}
