// The MCP instrumentation through a real client and server in memory, both
// eras: span names, kinds, attributes, parentage across the pair, errors,
// trace context in _meta, metrics, and nothing at all without a provider.
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../client/index.js';
import { createInMemoryPair } from '../jsonrpc/memoryTransport.js';
import type { JsonRpcMessage, JsonRpcPayload } from '../jsonrpc/message.js';
import type { Tracer } from '@opentelemetry/api';
import { McpServer } from '../server/index.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { testSdk, type TestSdk } from '../../test/telemetrySdk.js';
import type { TelemetryOptions } from './otelTypes.js';

const SERVER = 1;
const CLIENT = 2;

function newServer(telemetry?: TelemetryOptions): McpServer {
  const server = new McpServer({ name: 'otel-test', version: '1.0.0', ...(telemetry !== undefined && { telemetry }) });
  server.tool({ name: 'echo', description: 'echo', input: { type: 'object' } }, (args) => JSON.stringify(args));
  server.tool({ name: 'fails', description: 'fails' }, () => ({ isError: true, content: [{ type: 'text', text: 'no' }] }));
  server.tool({ name: 'throws', description: 'throws' }, () => {
    throw new RpcError(-32602, 'bad input');
  });
  server.prompt({ name: 'greet', description: 'g' }, () => ({ messages: [] }));
  server.resource({ uri: 'mem://a', name: 'a' }, () => 'A');
  return server;
}

interface Pair {
  client: McpClient;
  wire: JsonRpcMessage[];
  close(): Promise<void>;
}

async function pair(era: 'handshake' | 'stateless', server: McpServer, clientTelemetry?: TelemetryOptions): Promise<Pair> {
  const [clientSide, serverSide] = createInMemoryPair();
  const wire: JsonRpcMessage[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (payload: JsonRpcPayload) => {
    if (!Array.isArray(payload)) wire.push(payload as JsonRpcMessage);
    return send(payload);
  };
  await server.connect(serverSide);
  const client = new McpClient({
    name: 'otel-client',
    version: '1.0.0',
    era,
    ...(clientTelemetry !== undefined && { telemetry: clientTelemetry }),
  });
  await client.connect(clientSide);
  return {
    client,
    wire,
    close: async () => {
      await client.close();
    },
  };
}

let sdks: TestSdk[] = [];
afterEach(async () => {
  for (const sdk of sdks) await sdk.shutdown();
  sdks = [];
});
function sdk(): TestSdk {
  const s = testSdk();
  sdks.push(s);
  return s;
}

describe.each(['handshake', 'stateless'] as const)('telemetry, %s era', (era) => {
  it('names and attributes client and server spans of a tool call; the server span is the client span’s child', async () => {
    const clientSdk = sdk();
    const serverSdk = sdk();
    const p = await pair(era, newServer(serverSdk.telemetry), clientSdk.telemetry);
    await p.client.callTool({ name: 'echo', arguments: { secret: 'hunter2' } });
    await p.close();
    const clientSpan = clientSdk.spans().find((s) => s.name === 'tools/call echo');
    const serverSpan = serverSdk.spans().find((s) => s.name === 'tools/call echo');
    expect(clientSpan?.kind).toBe(CLIENT);
    expect(serverSpan?.kind).toBe(SERVER);
    expect(serverSpan?.spanContext().traceId).toBe(clientSpan?.spanContext().traceId);
    expect(serverSpan?.parentSpanContext?.spanId).toBe(clientSpan?.spanContext().spanId);
    const version = era === 'handshake' ? '2025-11-25' : '2026-07-28';
    for (const span of [clientSpan, serverSpan]) {
      expect(span?.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': version,
      });
      expect(typeof span?.attributes['jsonrpc.request.id']).toBe('string');
      expect(span?.attributes['error.type']).toBeUndefined();
      // Arguments and results stay out unless the user opts in.
      expect(JSON.stringify(span?.attributes)).not.toContain('hunter2');
    }
    // The trace context rode in params._meta, W3C-formatted.
    const call = p.wire.find((m) => 'method' in m && m.method === 'tools/call') as unknown as {
      params: { _meta: Record<string, unknown> };
    };
    expect(call.params._meta['traceparent']).toBe(
      `00-${clientSpan?.spanContext().traceId}-${clientSpan?.spanContext().spanId}-01`,
    );
  });

  it('records a tool’s isError as tool_error, and a JSON-RPC error with its code and message', async () => {
    const clientSdk = sdk();
    const serverSdk = sdk();
    const p = await pair(era, newServer(serverSdk.telemetry), clientSdk.telemetry);
    await p.client.callTool({ name: 'fails' });
    await expect(p.client.callTool({ name: 'throws' })).rejects.toThrow();
    await expect(p.client.request('nope/nope' as 'ping', {})).rejects.toThrow();
    await p.close();
    for (const spans of [clientSdk.spans(), serverSdk.spans()]) {
      const failed = spans.find((s) => s.name === 'tools/call fails');
      expect(failed?.attributes['error.type']).toBe('tool_error');
      expect(failed?.status.code).toBe(2);
      const threw = spans.find((s) => s.name === 'tools/call throws');
      expect(threw?.attributes).toMatchObject({ 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
      expect(threw?.status).toMatchObject({ code: 2, message: 'bad input' });
      const unknown = spans.find((s) => s.name === 'nope/nope');
      expect(unknown?.attributes['error.type']).toBe('-32601');
    }
  });

  it('names prompts and records resource URIs', async () => {
    const clientSdk = sdk();
    const p = await pair(era, newServer(), clientSdk.telemetry);
    await p.client.getPrompt({ name: 'greet' });
    await p.client.readResource({ uri: 'mem://a' });
    await p.close();
    const spans = clientSdk.spans();
    expect(spans.find((s) => s.name === 'prompts/get greet')?.attributes['gen_ai.prompt.name']).toBe('greet');
    // A URI is high-cardinality: an attribute, never the span name.
    expect(spans.find((s) => s.name === 'resources/read')?.attributes['mcp.resource.uri']).toBe('mem://a');
  });

  it('records the operation and session durations with the advised buckets', async () => {
    const clientSdk = sdk();
    const serverSdk = sdk();
    const p = await pair(era, newServer(serverSdk.telemetry), clientSdk.telemetry);
    await p.client.callTool({ name: 'echo', arguments: {} });
    await p.client.callTool({ name: 'fails' });
    await p.close();
    const clientMetrics = await clientSdk.metrics();
    const serverMetrics = await serverSdk.metrics();
    const calls = clientMetrics
      .get('mcp.client.operation.duration')
      ?.filter((p) => p.attributes['mcp.method.name'] === 'tools/call');
    expect(calls?.find((c) => c.attributes['gen_ai.tool.name'] === 'echo')?.count).toBe(1);
    expect(calls?.find((c) => c.attributes['gen_ai.tool.name'] === 'fails')?.attributes['error.type']).toBe('tool_error');
    expect(calls?.[0]?.boundaries).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    // No request id on a metric: it would make every point its own series.
    expect(calls?.every((c) => c.attributes['jsonrpc.request.id'] === undefined)).toBe(true);
    expect(serverMetrics.get('mcp.server.operation.duration')?.some((p) => p.attributes['gen_ai.tool.name'] === 'echo')).toBe(
      true,
    );
    expect(clientMetrics.get('mcp.client.session.duration')?.[0]?.count).toBe(1);
    expect(serverMetrics.get('mcp.server.session.duration')?.[0]?.count).toBe(1);
  });
});

describe('telemetry', () => {
  it('spans notifications both ways', async () => {
    const clientSdk = sdk();
    const serverSdk = sdk();
    const p = await pair('handshake', newServer(serverSdk.telemetry), clientSdk.telemetry);
    await p.close();
    const sent = clientSdk.spans().find((s) => s.name === 'notifications/initialized');
    const received = serverSdk.spans().find((s) => s.name === 'notifications/initialized');
    expect(sent?.kind).toBe(CLIENT);
    expect(received?.kind).toBe(SERVER);
    expect(received?.parentSpanContext?.spanId).toBe(sent?.spanContext().spanId);
    expect(sent?.attributes['jsonrpc.request.id']).toBeUndefined();
  });

  it('parents the client span under the application’s active span', async () => {
    const clientSdk = sdk();
    const p = await pair('handshake', newServer(), clientSdk.telemetry);
    const tracer = (clientSdk.telemetry.tracerProvider as { getTracer(n: string): Tracer }).getTracer('app');
    const outer = tracer.startSpan('outer');
    const { withSpan, ROOT_CONTEXT } = await import('./context.js');
    const manager = clientSdk.telemetry.contextManager;
    await manager?.with(withSpan(ROOT_CONTEXT, outer), () => p.client.callTool({ name: 'echo', arguments: {} }));
    outer.end();
    await p.close();
    const call = clientSdk.spans().find((s) => s.name === 'tools/call echo');
    expect(call?.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
  });

  it('runs server handlers with their span active, so their own spans nest under it', async () => {
    const serverSdk = sdk();
    const server = newServer(serverSdk.telemetry);
    const tracer = (serverSdk.telemetry.tracerProvider as { getTracer(n: string): Tracer }).getTracer('app');
    const manager = serverSdk.telemetry.contextManager;
    server.tool({ name: 'nested', description: 'n' }, async () => {
      const inner = tracer.startSpan('inner', {}, manager?.active());
      await Promise.resolve();
      inner.end();
      return 'ok';
    });
    const p = await pair('handshake', server);
    await p.client.callTool({ name: 'nested' });
    await p.close();
    const spans = serverSdk.spans();
    const inner = spans.find((s) => s.name === 'inner');
    expect(inner?.parentSpanContext?.spanId).toBe(spans.find((s) => s.name === 'tools/call nested')?.spanContext().spanId);
  });

  it('records arguments and results only when asked to', async () => {
    const clientSdk = testSdk({ recordContent: true });
    sdks.push(clientSdk);
    const p = await pair('handshake', newServer(), clientSdk.telemetry);
    await p.client.callTool({ name: 'echo', arguments: { q: 1 } });
    await p.close();
    const call = clientSdk.spans().find((s) => s.name === 'tools/call echo');
    expect(call?.attributes['gen_ai.tool.call.arguments']).toBe('{"q":1}');
    expect(String(call?.attributes['gen_ai.tool.call.result'])).toContain('{\\"q\\":1}');
  });

  it('replaces a forwarded traceparent with its own span, as a relay must', async () => {
    for (const era of ['handshake', 'stateless'] as const) {
      const clientSdk = sdk();
      const serverSdk = sdk();
      const p = await pair(era, newServer(serverSdk.telemetry), clientSdk.telemetry);
      // A gateway forwards its caller's _meta: the caller's context must not skip the relay's span.
      const forwarded = { traceparent: `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`, tracestate: 'caller=1', keep: 'me' };
      await p.client.callTool({ name: 'echo', arguments: {}, _meta: forwarded });
      await p.close();
      const clientSpan = clientSdk.spans().find((s) => s.name === 'tools/call echo');
      const serverSpan = serverSdk.spans().find((s) => s.name === 'tools/call echo');
      expect(serverSpan?.parentSpanContext?.spanId).toBe(clientSpan?.spanContext().spanId);
      const call = p.wire.find((m) => 'method' in m && m.method === 'tools/call') as unknown as {
        params: { _meta: Record<string, unknown> };
      };
      expect(call.params._meta['traceparent']).not.toBe(forwarded.traceparent);
      expect(call.params._meta['tracestate']).toBeUndefined();
      expect(call.params._meta['keep']).toBe('me');
      expect(forwarded.traceparent).toBe(`00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`);
    }
  });

  it('ignores a malformed or hostile traceparent: the server span starts its own trace', async () => {
    const serverSdk = sdk();
    const server = newServer(serverSdk.telemetry);
    const [a, b] = createInMemoryPair();
    await server.connect(b);
    const client = new McpClient({ name: 'c', version: '1', era: 'handshake' });
    await client.connect(a);
    for (const traceparent of ['00-00000000000000000000000000000000-0000000000000000-01', 'garbage', '00-' + 'a'.repeat(5000)]) {
      await client.callTool({ name: 'echo', arguments: {}, _meta: { traceparent, tracestate: 'x'.repeat(100_000) } });
    }
    await client.close();
    const calls = serverSdk.spans().filter((s) => s.name === 'tools/call echo');
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call.parentSpanContext).toBeUndefined();
  });

  it('changes nothing on the wire and records nothing without a provider', async () => {
    const p = await pair('handshake', newServer(), undefined);
    await p.client.callTool({ name: 'echo', arguments: {} });
    await p.close();
    const call = p.wire.find((m) => 'method' in m && m.method === 'tools/call') as unknown as { params: Record<string, unknown> };
    expect(call.params['_meta']).toBeUndefined();
  });
});
