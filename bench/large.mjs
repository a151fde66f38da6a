#!/usr/bin/env node
/**
 * Large payloads: the echo tool with a message of `size` characters, full
 * stack (each client against its own server), mcpkit and the official v2 SDK
 * side by side. A development tool, not part of `npm run bench`: it shows
 * whether cost grows with the payload and nothing worse.
 *
 *   node bench/large.mjs [size=1000000] [stdio|http] [calls=20]
 *
 * mcpkit's HTTP server refuses bodies over 4 MiB by default (413), so HTTP
 * sizes stay below that.
 */
import { connectFullStack, fullStackConfig } from './lib/fullStack.mjs';

const [size = 1_000_000, transport = 'stdio', calls = 20] = process.argv.slice(2).map((a, i) => (i === 1 ? a : Number(a)));
const message = 'x'.repeat(size);

for (const impl of ['mcpkit', 'v2']) {
  const client = await connectFullStack(impl, fullStackConfig(impl, transport));
  const call = async () => {
    const result = await client.callTool({ name: 'echo', arguments: { message } });
    if (result.content[0].text.length !== size) throw new Error(`${impl}: the echo came back changed`);
  };
  for (let i = 0; i < 3; i++) await call();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  const cpu = process.cpuUsage(c0);
  const ms = (performance.now() - t0) / calls;
  console.log(
    `${impl.padEnd(6)} ${transport} ${size} chars: ${ms.toFixed(2)} ms/call, client CPU ${((cpu.user + cpu.system) / 1000 / calls).toFixed(2)} ms/call`,
  );
  await client.close();
}
process.exit(0);
