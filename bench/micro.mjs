#!/usr/bin/env node
/**
 * In-process microbenchmark of mcpkit's server pipeline (decode → route →
 * validate → invoke → encode) without any I/O: frames go straight into the
 * connection, replies are encoded and dropped. It isolates the library's own
 * CPU per call from pipes and sockets, for A/B-testing hot-path changes.
 *
 *   node bench/micro.mjs [calls=200000] [inflight=64] [rounds=5]
 */
// MCPKIT_SERVER: another build's server module (e.g. a copy of dist from before a change), for A/B runs.
const { McpServer } = await import(process.env.MCPKIT_SERVER ?? 'mcpkit/server');
import { defineEcho } from './servers/mcpkit-echo.mjs';

const [calls = 200_000, inflight = 64, rounds = 5] = process.argv.slice(2).map(Number);

class NullTransport {
  sink;
  replies = 0;
  check = true;
  waiting;
  target = 0;
  start(sink) {
    this.sink = sink;
    return Promise.resolve();
  }
  send(payload) {
    JSON.stringify(payload); // what any transport pays to put it on the wire
    if (this.check && payload.id > 0) {
      this.check = false;
      if (payload.result?.content?.[0]?.text !== 'hello, benchmark')
        throw new Error(`unexpected reply ${JSON.stringify(payload)}`);
    }
    this.replies++;
    if (this.waiting !== undefined && this.replies >= this.target) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve();
    }
    return Promise.resolve();
  }
  close() {
    this.sink.closed();
    return Promise.resolve();
  }
  until(count) {
    if (this.replies >= count) return Promise.resolve();
    this.target = count;
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

const server = defineEcho(new McpServer({ name: 'micro', version: '1.0.0' }));
const transport = new NullTransport();
await server.connect(transport);
const encoder = new TextEncoder();
const frame = (id, method, params) => encoder.encode(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
transport.sink.receive(
  frame(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'micro', version: '1' } }),
);
transport.sink.receive(encoder.encode('{"jsonrpc":"2.0","method":"notifications/initialized"}'));
await transport.until(1);

let nextId = 1;
async function run(n) {
  for (let done = 0; done < n; done += inflight) {
    const base = transport.replies;
    for (let i = 0; i < inflight; i++) {
      // Fresh bytes per call, as a transport would hand over.
      transport.sink.receive(
        encoder.encode(
          `{"jsonrpc":"2.0","id":${nextId++},"method":"tools/call","params":{"name":"echo","arguments":{"message":"hello, benchmark"}}}`,
        ),
      );
    }
    await transport.until(base + inflight);
  }
}

await run(20_000); // warm-up
const results = [];
for (let r = 0; r < rounds; r++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run(calls);
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  results.push({ cpuUs: (c.user + c.system) / calls, wallUs: (wall * 1000) / calls });
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `mcpkit server pipeline: ${median(results.map((r) => r.cpuUs)).toFixed(2)} µs CPU/call (median of ${rounds}; rounds: ${results.map((r) => r.cpuUs.toFixed(2)).join(' ')})`,
);
process.exit(0);
