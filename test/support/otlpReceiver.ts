/**
 * A loopback OTLP/HTTP receiver for tests: accepts `/v1/traces` and
 * `/v1/metrics` in JSON or protobuf, decodes both into the OTLP/JSON shape,
 * and keeps them. Protobuf is read by a minimal decoder of the few messages
 * the receiver needs (the test's own, independent of the command line's
 * encoder), so a wrong field number fails here.
 *
 * @module
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as received (OTLP/JSON names; ids hex). */
export interface ReceivedSpan {
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: Record<string, unknown>;
  readonly status: { code?: number; message?: string };
}

/** A histogram data point as received. */
export interface ReceivedPoint {
  readonly service: string;
  readonly metric: string;
  readonly attributes: Record<string, unknown>;
  readonly count: number;
  readonly bounds: number[];
}

export interface OtlpReceiver {
  readonly url: string;
  readonly spans: ReceivedSpan[];
  readonly points: ReceivedPoint[];
  /** The content types of the requests, in order. */
  readonly contentTypes: string[];
  /** The headers of the last request. */
  lastHeaders: Record<string, string | string[] | undefined>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: Omit<OtlpReceiver, 'url' | 'close'> = { spans: [], points: [], contentTypes: [], lastHeaders: {} };
  const server = createServer((req, res) => {
    void body(req).then((bytes) => {
      const type = req.headers['content-type'] ?? '';
      receiver.contentTypes.push(type);
      receiver.lastHeaders = req.headers;
      try {
        const doc = type.includes('json') ? (JSON.parse(bytes.toString('utf8')) as Doc) : decodeProto(req.url ?? '', bytes);
        if (req.url === '/v1/traces') receiver.spans.push(...spansOf(doc));
        else if (req.url === '/v1/metrics') receiver.points.push(...pointsOf(doc));
        else throw new Error(`unexpected path ${String(req.url)}`);
        res.writeHead(200, { 'content-type': type }).end(type.includes('json') ? '{}' : '');
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...receiver,
    get spans() {
      return receiver.spans;
    },
    get points() {
      return receiver.points;
    },
    get lastHeaders() {
      return receiver.lastHeaders;
    },
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
  });
}

type Doc = Record<string, unknown>;
type KV = { key: string; value: Record<string, unknown> };

function value(v: Record<string, unknown>): unknown {
  if ('stringValue' in v) return v['stringValue'];
  if ('intValue' in v) return Number(v['intValue']);
  if ('doubleValue' in v) return v['doubleValue'];
  if ('boolValue' in v) return v['boolValue'];
  if ('arrayValue' in v) return ((v['arrayValue'] as { values?: Record<string, unknown>[] }).values ?? []).map(value);
  return undefined;
}

function attrs(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of (list as KV[] | undefined) ?? []) out[kv.key] = value(kv.value);
  return out;
}

function spansOf(doc: Doc): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of (doc['resourceSpans'] as Doc[] | undefined) ?? []) {
    const service = String(attrs((rs['resource'] as Doc | undefined)?.['attributes'])['service.name']);
    for (const ss of (rs['scopeSpans'] as Doc[] | undefined) ?? [])
      for (const s of (ss['spans'] as Doc[] | undefined) ?? [])
        out.push({
          service,
          traceId: String(s['traceId']),
          spanId: String(s['spanId']),
          parentSpanId: typeof s['parentSpanId'] === 'string' ? s['parentSpanId'] : '',
          name: String(s['name']),
          kind: Number(s['kind']),
          attributes: attrs(s['attributes']),
          status: (s['status'] as ReceivedSpan['status'] | undefined) ?? {},
        });
  }
  return out;
}

function pointsOf(doc: Doc): ReceivedPoint[] {
  const out: ReceivedPoint[] = [];
  for (const rm of (doc['resourceMetrics'] as Doc[] | undefined) ?? []) {
    const service = String(attrs((rm['resource'] as Doc | undefined)?.['attributes'])['service.name']);
    for (const sm of (rm['scopeMetrics'] as Doc[] | undefined) ?? [])
      for (const m of (sm['metrics'] as Doc[] | undefined) ?? [])
        for (const p of ((m['histogram'] as Doc | undefined)?.['dataPoints'] as Doc[] | undefined) ?? [])
          out.push({
            service,
            metric: String(m['name']),
            attributes: attrs(p['attributes']),
            count: Number(p['count']),
            bounds: (p['explicitBounds'] as number[] | undefined) ?? [],
          });
  }
  return out;
}

// --- protobuf, decoding side: the fields of opentelemetry-proto the receiver reads ---

/** A field's type: a nested message (by schema), text, bytes as hex, an integer, a double, fixed64, or packed doubles. */
type FieldType = Schema | 'string' | 'hex' | 'varint' | 'double' | 'fixed64' | 'packedDouble';
interface Schema {
  readonly [field: number]: readonly [name: string, type: FieldType, repeated?: boolean];
}

const ANY: Schema = {
  1: ['stringValue', 'string'],
  2: ['boolValue', 'varint'],
  3: ['intValue', 'varint'],
  4: ['doubleValue', 'double'],
};
(ANY as Record<number, unknown>)[5] = ['arrayValue', { 1: ['values', ANY, true] }];
const KEY_VALUE: Schema = { 1: ['key', 'string'], 2: ['value', ANY] };
const RESOURCE: Schema = { 1: ['attributes', KEY_VALUE, true] };
const SCOPE: Schema = { 1: ['name', 'string'], 2: ['version', 'string'] };
const SPAN: Schema = {
  1: ['traceId', 'hex'],
  2: ['spanId', 'hex'],
  3: ['traceState', 'string'],
  4: ['parentSpanId', 'hex'],
  5: ['name', 'string'],
  6: ['kind', 'varint'],
  7: ['startTimeUnixNano', 'fixed64'],
  8: ['endTimeUnixNano', 'fixed64'],
  9: ['attributes', KEY_VALUE, true],
  15: ['status', { 2: ['message', 'string'], 3: ['code', 'varint'] }],
};
const TRACES: Schema = {
  1: [
    'resourceSpans',
    { 1: ['resource', RESOURCE], 2: ['scopeSpans', { 1: ['scope', SCOPE], 2: ['spans', SPAN, true] }, true] },
    true,
  ],
};
const POINT: Schema = {
  4: ['count', 'fixed64'],
  5: ['sum', 'double'],
  7: ['explicitBounds', 'packedDouble'],
  9: ['attributes', KEY_VALUE, true],
};
const METRICS: Schema = {
  1: [
    'resourceMetrics',
    {
      1: ['resource', RESOURCE],
      2: [
        'scopeMetrics',
        {
          1: ['scope', SCOPE],
          2: [
            'metrics',
            { 1: ['name', 'string'], 3: ['unit', 'string'], 9: ['histogram', { 1: ['dataPoints', POINT, true] }] },
            true,
          ],
        },
        true,
      ],
    },
    true,
  ],
};

function decodeProto(path: string, bytes: Buffer): Doc {
  return decode(bytes, path === '/v1/metrics' ? METRICS : TRACES);
}

function decode(bytes: Buffer, schema: Schema): Doc {
  const out: Doc = {};
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new Error('truncated varint');
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < bytes.length) {
    const tag = Number(varint());
    const field = tag >> 3;
    const wire = tag & 7;
    let raw: Buffer | bigint;
    if (wire === 0) raw = varint();
    else if (wire === 1) {
      raw = bytes.subarray(at, at + 8);
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      raw = bytes.subarray(at, at + length);
      at += length;
    } else if (wire === 5) {
      raw = bytes.subarray(at, at + 4);
      at += 4;
    } else throw new Error(`unexpected wire type ${wire}`);
    const spec = schema[field];
    if (spec === undefined) continue;
    const [name, type, repeated] = spec;
    let v: unknown;
    if (typeof type === 'object') v = decode(raw as Buffer, type);
    else if (type === 'string') v = (raw as Buffer).toString('utf8');
    else if (type === 'hex') v = (raw as Buffer).toString('hex');
    else if (type === 'varint') v = typeof raw === 'bigint' ? Number(BigInt.asIntN(64, raw)) : 0;
    else if (type === 'double') v = (raw as Buffer).readDoubleLE(0);
    else if (type === 'fixed64') v = String((raw as Buffer).readBigUInt64LE(0));
    else {
      const doubles: number[] = [];
      for (let i = 0; i + 8 <= (raw as Buffer).length; i += 8) doubles.push((raw as Buffer).readDoubleLE(i));
      v = doubles;
    }
    if (name === 'intValue') v = String(v);
    if (repeated === true) {
      const list = (out[name] as unknown[] | undefined) ?? [];
      list.push(v);
      out[name] = list;
    } else out[name] = v;
  }
  return out;
}
