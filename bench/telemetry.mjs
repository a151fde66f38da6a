#!/usr/bin/env node
/**
 * The cost of telemetry per tool call, in process: an mcpkit client and server
 * over the in-memory pair, calling `echo`, in three modes that alternate
 * rounds in one process: `none` (no telemetry option: the engine makes no
 * observer call), `off` (a telemetry option without providers: must cost the
 * same), and `on` (the OpenTelemetry SDK's tracer and meter providers on both
 * sides, spans kept in memory and dropped each round).
 *
 *   node bench/telemetry.mjs [calls=20000] [inflight=16] [rounds=7]
 */
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { McpClient } from 'mcpkit/client';
import { createInMemoryPair } from 'mcpkit/jsonrpc';
import { McpServer } from 'mcpkit/server';
import { runRounds } from './lib/abRounds.mjs';

const [calls = 20_000, inflight = 16, rounds = 7] = process.argv.slice(2).map(Number);
const exporters = [];

function telemetryFor(mode) {
  if (mode === 'none') return {};
  if (mode === 'off') return { telemetry: {} };
  const exporter = new InMemorySpanExporter();
  exporters.push(exporter);
  return {
    telemetry: {
      tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
      meterProvider: new MeterProvider(),
    },
  };
}

async function setUp(mode) {
  const server = new McpServer({ name: 'bench', version: '1.0.0', ...telemetryFor(mode) });
  server.tool({ name: 'echo', input: { type: 'object' } }, (args) => String(args.message));
  const [a, b] = createInMemoryPair();
  await server.connect(b);
  const client = new McpClient({ name: 'bench', version: '1.0.0', era: '2025-11-25', ...telemetryFor(mode) });
  await client.connect(a);
  const params = { name: 'echo', arguments: { message: 'hi' } };
  return async (n) => {
    let started = 0;
    const worker = async () => {
      while (started < n) {
        started++;
        await client.callTool(params);
      }
    };
    await Promise.all(Array.from({ length: inflight }, worker));
    for (const exporter of exporters) exporter.reset();
  };
}

await runRounds(
  ['none', 'off', 'on'].map((m) => [m, m]),
  setUp,
  calls,
  rounds,
);
process.exit(0);
