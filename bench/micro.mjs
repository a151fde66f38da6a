#!/usr/bin/env node
/**
 * In-process microbenchmark of mcpkit's server pipeline (decode → route →
 * validate → invoke → encode) without any I/O: frames go straight into the
 * connection, replies are encoded and dropped. It isolates the library's own
 * CPU per call from pipes and sockets, for A/B-testing hot-path changes.
 *
 *   node bench/micro.mjs [calls=100000] [inflight=64] [rounds=7]
 *   MCPKIT_SERVER_B=/copy/of/another/dist/server/index.js node bench/micro.mjs
 *
 * With MCPKIT_SERVER_B, both builds run in this one process, rounds
 * alternating A, B, A, B…, so drift in the machine's speed hits both alike.
 * (MCPKIT_SERVER replaces A, the workspace's `mcpkit/server`. A copy of dist
 * must be able to resolve `ajv`: link `packages/mcpkit/node_modules` beside it.)
 */
import { runRounds } from './lib/abRounds.mjs';
import { defineEcho } from './servers/mcpkit-echo.mjs';

const [calls = 100_000, inflight = 64, rounds = 7] = process.argv.slice(2).map(Number);
const MESSAGE = 'hello, benchmark';

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
      if (payload.result?.content?.[0]?.text !== MESSAGE) throw new Error(`unexpected reply ${JSON.stringify(payload)}`);
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

const encoder = new TextEncoder();

/** Connects a server of the build `module` to a null transport; returns `run(n)`. */
async function setUp(module) {
  const { McpServer } = await import(module);
  const server = defineEcho(new McpServer({ name: 'micro', version: '1.0.0' }));
  const transport = new NullTransport();
  await server.connect(transport);
  const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'micro', version: '1' } };
  transport.sink.receive(encoder.encode(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: init })));
  transport.sink.receive(encoder.encode('{"jsonrpc":"2.0","method":"notifications/initialized"}'));
  await transport.until(1);
  let nextId = 1;
  return async (n) => {
    for (let done = 0; done < n; done += inflight) {
      const base = transport.replies;
      for (let i = 0; i < inflight; i++) {
        // Fresh bytes per call, as a transport would hand over.
        const frame = `{"jsonrpc":"2.0","id":${nextId++},"method":"tools/call","params":{"name":"echo","arguments":{"message":"${MESSAGE}"}}}`;
        transport.sink.receive(encoder.encode(frame));
      }
      await transport.until(base + inflight);
    }
  };
}

const builds = [['A', process.env.MCPKIT_SERVER ?? 'mcpkit/server']];
if (process.env.MCPKIT_SERVER_B !== undefined) builds.push(['B', process.env.MCPKIT_SERVER_B]);
await runRounds(builds, setUp, calls, rounds);
process.exit(0);
