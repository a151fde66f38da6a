/**
 * OTLP/protobuf: the same export requests as `otlpJson.ts`, in the field
 * numbers of opentelemetry-proto (trace/v1, metrics/v1, common/v1).
 *
 * @module
 */
import type { AttributeValue } from 'mcpkit/telemetry';
import { ProtoWriter } from './protobufWriter.js';
import type { FinishedSpan, HistogramData } from './recorder.js';

function anyValue(w: ProtoWriter, value: AttributeValue): void {
  if (typeof value === 'string') w.bytes(1, new TextEncoder().encode(value));
  else if (typeof value === 'boolean') w.bool(2, value);
  else if (typeof value === 'number') {
    if (Number.isInteger(value)) w.int(3, BigInt(value));
    else w.double(4, value);
  } else
    w.message(5, (a) => {
      for (const item of value as readonly (string | number | boolean)[])
        a.message(1, (v) => {
          anyValue(v, item);
        });
    });
}

function attributes(w: ProtoWriter, field: number, attrs: Readonly<Record<string, AttributeValue>>): void {
  for (const [key, value] of Object.entries(attrs))
    w.message(field, (kv) =>
      kv.string(1, key).message(2, (v) => {
        anyValue(v, value);
      }),
    );
}

function scoped<T extends { readonly scope: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.scope, [...(groups.get(item.scope) ?? []), item]);
  return groups;
}

/** `ExportTraceServiceRequest`. */
export function traceRequestProto(resource: Readonly<Record<string, string>>, spans: readonly FinishedSpan[]): Uint8Array {
  const w = new ProtoWriter();
  w.message(1, (rs) => {
    rs.message(1, (r) => {
      attributes(r, 1, resource);
    });
    for (const [scope, group] of scoped(spans)) {
      rs.message(2, (ss) => {
        ss.message(1, (s) => s.string(1, scope));
        for (const span of group) {
          ss.message(2, (s) => {
            s.hex(1, span.traceId).hex(2, span.spanId);
            if (span.traceState !== undefined) s.string(3, span.traceState);
            s.hex(4, span.parentSpanId)
              .string(5, span.name)
              .uint(6, span.kind + 1);
            s.fixed64(7, span.startNs).fixed64(8, span.endNs);
            attributes(s, 9, span.attributes);
            for (const link of span.links) s.message(13, (l) => l.hex(1, link.traceId).hex(2, link.spanId));
            s.message(15, (st) => {
              if (span.status.message !== undefined) st.string(2, span.status.message);
              st.uint(3, span.status.code);
            });
          });
        }
      });
    }
  });
  return w.finish();
}

/** `ExportMetricsServiceRequest` (cumulative histograms). */
export function metricsRequestProto(
  resource: Readonly<Record<string, string>>,
  histograms: readonly HistogramData[],
  startNs: bigint,
  nowNs: bigint,
): Uint8Array {
  const w = new ProtoWriter();
  w.message(1, (rm) => {
    rm.message(1, (r) => {
      attributes(r, 1, resource);
    });
    for (const [scope, group] of scoped(histograms.filter((h) => h.points.size > 0))) {
      rm.message(2, (sm) => {
        sm.message(1, (s) => s.string(1, scope));
        for (const h of group) {
          sm.message(2, (m) => {
            m.string(1, h.name).string(2, h.description).string(3, h.unit);
            m.message(9, (hist) => {
              for (const p of h.points.values()) {
                hist.message(1, (dp) => {
                  dp.fixed64(2, startNs).fixed64(3, nowNs).fixed64(4, BigInt(p.count)).double(5, p.sum);
                  dp.packedFixed64(
                    6,
                    p.buckets.map((b) => BigInt(b)),
                  ).packedDouble(7, h.boundaries);
                  attributes(dp, 9, p.attributes);
                  dp.double(11, p.min).double(12, p.max);
                });
              }
              hist.uint(2, 2);
            });
          });
        }
      });
    }
  });
  return w.finish();
}
