/**
 * The standard OpenTelemetry environment variables, read into what the
 * command line exports: nothing unless the user named an OTLP endpoint (the
 * endpoint comes from the user's environment only, never a default that
 * would send data somewhere unasked), and each signal can be turned off.
 *
 * @module
 */

/** Where and how one signal is exported. */
export interface SignalExport {
  /** The full URL to POST to (`…/v1/traces` or `…/v1/metrics`). */
  readonly url: string;
  readonly protocol: 'http/json' | 'http/protobuf';
  readonly headers: Readonly<Record<string, string>>;
}

/** What the environment asks for. */
export interface OtelConfig {
  readonly serviceName: string;
  readonly resource: Readonly<Record<string, string>>;
  readonly traces: SignalExport | undefined;
  readonly metrics: SignalExport | undefined;
  /** `OTEL_METRIC_EXPORT_INTERVAL`, ms (default 60 000). */
  readonly metricIntervalMs: number;
}

/** The variables that can turn telemetry on; none set: nothing is loaded. */
export const OTEL_ENDPOINT_VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
] as const;

/** Whether the environment may turn telemetry on (cheap: decides whether anything is loaded). */
export function wantsTelemetry(env: Readonly<Record<string, string | undefined>>): boolean {
  return OTEL_ENDPOINT_VARIABLES.some((name) => nonEmpty(env[name]) !== undefined);
}

/** The configuration, or undefined when telemetry is off; throws a message for a malformed variable. */
export function otelConfig(env: Readonly<Record<string, string | undefined>>, defaultService: string): OtelConfig | undefined {
  if (nonEmpty(env['OTEL_SDK_DISABLED'])?.toLowerCase() === 'true') return undefined;
  const resource = pairs(env['OTEL_RESOURCE_ATTRIBUTES'], 'OTEL_RESOURCE_ATTRIBUTES');
  const serviceName = nonEmpty(env['OTEL_SERVICE_NAME']) ?? resource['service.name'] ?? defaultService;
  const traces = signal(env, 'TRACES', 'traces');
  const metrics = signal(env, 'METRICS', 'metrics');
  if (traces === undefined && metrics === undefined) return undefined;
  const interval = nonEmpty(env['OTEL_METRIC_EXPORT_INTERVAL']);
  const metricIntervalMs = interval === undefined ? 60_000 : Number(interval);
  if (!Number.isInteger(metricIntervalMs) || metricIntervalMs < 100)
    throw new Error(`OTEL_METRIC_EXPORT_INTERVAL=${String(interval)} is not a number of milliseconds (100 or more)`);
  return { serviceName, resource: { ...resource, 'service.name': serviceName }, traces, metrics, metricIntervalMs };
}

function signal(
  env: Readonly<Record<string, string | undefined>>,
  upper: 'TRACES' | 'METRICS',
  path: string,
): SignalExport | undefined {
  const exporter = nonEmpty(env[`OTEL_${upper}_EXPORTER`])?.toLowerCase() ?? 'otlp';
  if (exporter === 'none') return undefined;
  if (exporter !== 'otlp') throw new Error(`OTEL_${upper}_EXPORTER=${exporter} is not supported (otlp or none)`);
  const own = nonEmpty(env[`OTEL_EXPORTER_OTLP_${upper}_ENDPOINT`]);
  const base = nonEmpty(env['OTEL_EXPORTER_OTLP_ENDPOINT']);
  const url = own ?? (base === undefined ? undefined : `${base.replace(/\/+$/, '')}/v1/${path}`);
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`the OTLP endpoint ${JSON.stringify(url)} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`the OTLP endpoint ${JSON.stringify(url)} is not http(s) (only OTLP over HTTP is supported)`);
  const protocol =
    nonEmpty(env[`OTEL_EXPORTER_OTLP_${upper}_PROTOCOL`]) ?? nonEmpty(env['OTEL_EXPORTER_OTLP_PROTOCOL']) ?? 'http/protobuf';
  if (protocol !== 'http/json' && protocol !== 'http/protobuf')
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported (http/json or http/protobuf)`);
  const headers = {
    ...pairs(env['OTEL_EXPORTER_OTLP_HEADERS'], 'OTEL_EXPORTER_OTLP_HEADERS'),
    ...pairs(env[`OTEL_EXPORTER_OTLP_${upper}_HEADERS`], `OTEL_EXPORTER_OTLP_${upper}_HEADERS`),
  };
  return { url: parsed.href, protocol, headers };
}

/** `key=value,key2=value2`, values percent-decoded (the W3C Baggage format the variables use). */
function pairs(text: string | undefined, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (nonEmpty(text) === undefined) return out;
  for (const item of (text ?? '').split(',')) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    if (at <= 0) throw new Error(`${name}: ${JSON.stringify(item.trim())} is not key=value`);
    let value: string;
    try {
      value = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      throw new Error(`${name}: a value is not percent-encoded correctly`);
    }
    out[item.slice(0, at).trim()] = value;
  }
  return out;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
