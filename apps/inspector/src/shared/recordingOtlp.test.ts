import { describe, expect, it } from 'vitest';
import { RECORDING_FORMAT, type Recording } from './recording.js';
import { recordingToOtlp } from './recordingOtlp.js';
import type { WireEntry } from './wire.js';

let seq = 0;
const msg = (dir: 'in' | 'out', message: unknown, t: number): WireEntry => ({ kind: 'message', seq: ++seq, t, dir, message });

function recording(wire: WireEntry[]): Recording {
  return {
    format: RECORDING_FORMAT,
    version: 1,
    recordedAt: '2026-01-01T00:00:00.000Z',
    target: undefined,
    server: { name: 'everything' },
    steps: [],
    wire,
  };
}

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: { stringValue: string } }[];
  status: { code?: number; message?: string };
}

function spans(r: Recording): Span[] {
  const doc = recordingToOtlp(r) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
  return doc.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
}

const attrs = (s: Span | undefined): Record<string, string> =>
  Object.fromEntries((s?.attributes ?? []).map((a) => [a.key, a.value.stringValue]));

describe('recordingToOtlp', () => {
  it('makes a span per request with its response, under a root span; no arguments', () => {
    const out = spans(
      recording([
        msg(
          'out',
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'secret' } } },
          1000,
        ),
        msg('in', { jsonrpc: '2.0', id: 1, result: { content: [], isError: true } }, 1250),
        msg('out', { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'x://y' } }, 1300),
        msg('in', { jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'not found' } }, 1400),
        msg('out', { jsonrpc: '2.0', method: 'notifications/initialized' }, 1500),
      ]),
    );
    const [root, call, read, note] = out;
    expect(root?.name).toBe('mcpkit recording');
    expect(call?.name).toBe('tools/call echo');
    expect(call?.parentSpanId).toBe(root?.spanId);
    expect(call?.traceId).toBe(root?.traceId);
    expect(call?.kind).toBe(3);
    expect(call?.endTimeUnixNano).toBe('1250000000');
    expect(attrs(call)).toMatchObject({ 'gen_ai.tool.name': 'echo', 'error.type': 'tool_error', 'jsonrpc.request.id': '1' });
    expect(attrs(read)).toMatchObject({
      'mcp.resource.uri': 'x://y',
      'error.type': '-32002',
      'rpc.response.status_code': '-32002',
    });
    expect(read?.status).toEqual({ code: 2, message: 'not found' });
    expect(note?.name).toBe('notifications/initialized');
    expect(JSON.stringify(out)).not.toContain('secret');
  });

  it('keeps a well-formed recorded traceparent, ignores a hostile one', () => {
    const good = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const out = spans(
      recording([
        msg('out', { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { traceparent: good } } }, 1),
        msg('out', { jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { traceparent: '00-"><script>-x-01' } } }, 2),
        msg(
          'out',
          {
            jsonrpc: '2.0',
            id: 3,
            method: 'ping',
            params: { _meta: { traceparent: `00-${'0'.repeat(32)}-${'0'.repeat(16)}-01` } },
          },
          3,
        ),
      ]),
    );
    expect(out[1]).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' });
    for (const s of [out[2], out[3]]) {
      expect(s?.traceId).toBe(out[0]?.traceId);
      expect(s?.parentSpanId).toBe(out[0]?.spanId);
    }
  });
});
