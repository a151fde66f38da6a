#!/usr/bin/env node
/**
 * The mcpkit host's own cost per tool round trip: `host.ask` with one tool
 * call each (the model asks for `echo`, the host runs it through the policy on
 * a stdio server, hands the result back, the model answers). The model (a
 * fake API) and the server run in other processes, so this process's CPU is
 * the host's: its HTTP and stream parsing, registry, policy, MCP client and
 * transcript. Prints one JSON line.
 */
import { NodeHost } from 'mcpkit/host';
import { measure } from './measure.mjs';

const { modelUrl, server, asks, warmup } = JSON.parse(process.argv[2]);
const host = new NodeHost({
  servers: [{ name: 'bench', type: 'stdio', command: process.execPath, args: [server], env: {} }],
  model: 'openai/bench-model',
  env: { OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: modelUrl },
  policy: { default: 'allow' },
  logDir: false,
});
await host.start();
const once = async () => {
  const t = await host.ask('Say hello through the tool.');
  if (t.toolCalls[0]?.outcome !== 'ok' || !t.answer.includes('hello'))
    throw new Error(`unexpected transcript: ${JSON.stringify(t).slice(0, 300)}`);
};
const figures = await measure(once, { asks, warmup });
await host.close();
process.stdout.write(`${JSON.stringify(figures)}\n`);
