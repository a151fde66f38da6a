/**
 * OTLP/JSON: the export requests for traces and metrics as the OTLP
 * specification's JSON mapping writes them (ids in hex, 64-bit integers as
 * decimal strings, enums as numbers, camelCase names).
 *
 * @module
 */
import type { AttributeValue } from 'mcpkit/telemetry';
import type { FinishedSpan, HistogramData } from './recorder.js';

type Json = Record<string, unknown>;

/** An attribute value as OTLP's `AnyValue`. */
export function anyValue(value: AttributeValue): Json {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  return { arrayValue: { values: (value as readonly (string | number | boolean)[]).map((v) => anyValue(v)) } };
}

export function keyValues(attributes: Readonly<Record<string, AttributeValue>>): Json[] {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));
}

function byScope<T extends { readonly scope: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.scope);
    if (group === undefined) groups.set(item.scope, [item]);
    else group.push(item);
  }
  return groups;
}

/** `ExportTraceServiceRequest`. */
export function traceRequestJson(resource: Readonly<Record<string, string>>, spans: readonly FinishedSpan[]): Json {
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues(resource) },
        scopeSpans: [...byScope(spans)].map(([scope, group]) => ({
          scope: { name: scope },
          spans: group.map((s) => ({
            traceId: s.traceId,
            spanId: s.spanId,
            ...(s.parentSpanId !== undefined && { parentSpanId: s.parentSpanId }),
            ...(s.traceState !== undefined && { traceState: s.traceState }),
            name: s.name,
            // OTLP's SpanKind is the API's plus one (0 is unspecified).
            kind: s.kind + 1,
            startTimeUnixNano: String(s.startNs),
            endTimeUnixNano: String(s.endNs),
            attributes: keyValues(s.attributes),
            links: s.links.map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            status: { code: s.status.code, ...(s.status.message !== undefined && { message: s.status.message }) },
          })),
        })),
      },
    ],
  };
}

/** `ExportMetricsServiceRequest` (cumulative histograms). */
export function metricsRequestJson(
  resource: Readonly<Record<string, string>>,
  histograms: readonly HistogramData[],
  startNs: bigint,
  nowNs: bigint,
): Json {
  const live = histograms.filter((h) => h.points.size > 0);
  return {
    resourceMetrics: [
      {
        resource: { attributes: keyValues(resource) },
        scopeMetrics: [...byScope(live)].map(([scope, group]) => ({
          scope: { name: scope },
          metrics: group.map((h) => ({
            name: h.name,
            description: h.description,
            unit: h.unit,
            histogram: {
              aggregationTemporality: 2,
              dataPoints: [...h.points.values()].map((p) => ({
                attributes: keyValues(p.attributes),
                startTimeUnixNano: String(startNs),
                timeUnixNano: String(nowNs),
                count: String(p.count),
                sum: p.sum,
                min: p.min,
                max: p.max,
                bucketCounts: p.buckets.map(String),
                explicitBounds: [...h.boundaries],
              })),
            },
          })),
        })),
      },
    ],
  };
}
