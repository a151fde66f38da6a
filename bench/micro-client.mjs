#!/usr/bin/env node
/**
 * In-process microbenchmark of mcpkit's client pipeline (check → send →
 * correlate → check the result) without any I/O: a fake server answers every
 * request on the next macrotask, as a read would deliver it, in one batch.
 * It isolates the client library's CPU per `callTool` from pipes and
 * sockets, for A/B-testing client-side changes (the fake's own JSON work is
 * included, about 1.5 µs per call).
 *
 *   node bench/micro-client.mjs [calls=100000] [inflight=64] [rounds=7]
 *   MCPKIT_CLIENT_B=/copy/of/another/dist/client/index.js node bench/micro-client.mjs
 *
 * As in micro.mjs, both builds run in this one process, rounds alternating.
 */
import { runRounds } from './lib/abRounds.mjs';

const [calls = 100_000, inflight = 64, rounds = 7] = process.argv.slice(2).map(Number);
const MESSAGE = 'hello, benchmark';
const encoder = new TextEncoder();

/** Answers initialize, tools/list and tools/call; replies go out together on the next macrotask. */
class FakeServer {
  sink;
  queue = [];
  scheduled = false;
  start(sink) {
    this.sink = sink;
    return Promise.resolve();
  }
  send(payload) {
    const message = JSON.parse(JSON.stringify(payload)); // what the wire costs
    if (message.id === undefined || message.method === undefined) return Promise.resolve();
    let result;
    if (message.method === 'initialize') {
      result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1' } };
    } else if (message.method === 'tools/list') {
      result = { tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } }] };
    } else {
      result = { content: [{ type: 'text', text: message.params.arguments.message }] };
    }
    this.queue.push(`{"jsonrpc":"2.0","id":${message.id},"result":${JSON.stringify(result)}}`);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return Promise.resolve();
  }
  flush() {
    this.scheduled = false;
    const lines = this.queue;
    this.queue = [];
    for (const line of lines) this.sink.receive(encoder.encode(line));
  }
  close() {
    this.sink.closed();
    return Promise.resolve();
  }
}

/** Connects a client of the build `module`; returns `run(n)`. */
async function setUp(module) {
  const { McpClient } = await import(module);
  // A pinned revision rather than an era name: builds from before and after the era rename both read it (A/B).
  const client = new McpClient({ name: 'micro', version: '1.0.0', era: '2025-11-25' });
  await client.connect(new FakeServer());
  const params = { name: 'echo', arguments: { message: MESSAGE } };
  return async (n) => {
    let started = 0;
    const worker = async () => {
      while (started < n) {
        started++;
        const result = await client.callTool(params);
        if (result.content[0].text !== MESSAGE) throw new Error(`unexpected result ${JSON.stringify(result)}`);
      }
    };
    await Promise.all(Array.from({ length: inflight }, worker));
  };
}

const builds = [['A', process.env.MCPKIT_CLIENT ?? 'mcpkit/client']];
if (process.env.MCPKIT_CLIENT_B !== undefined) builds.push(['B', process.env.MCPKIT_CLIENT_B]);
await runRounds(builds, setUp, calls, rounds);
process.exit(0);
