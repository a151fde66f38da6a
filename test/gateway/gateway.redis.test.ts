// Two `mcpkit gateway --http --redis` processes behind one address (a
// round-robin proxy): one caller's session is served by both, since they
// share sessions and the server secret through Redis.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_REDIS, RedisServer, roundRobin, type Backend, type Proxy } from '../../packages/mcpkit/test/scaleout/cluster.js';
import { spawnCli, waitForOutput, type CliProcess } from '../support/authProcess.js';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt } from '../support/process.js';

const T = 180_000;
let dir: string | undefined;
let redis: RedisServer | undefined;
let gateways: CliProcess[] = [];
let proxy: Proxy | undefined;

async function healthy(url: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    const health = (await (await fetch(new URL('/healthz', url))).json()) as { status: string };
    if (health.status === 'ok') return;
    if (Date.now() > until) throw new Error('the upstream never came up');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!HAVE_REDIS)('mcpkit gateway --redis', () => {
  beforeAll(async () => {
    assertCliBuilt();
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-redis-'));
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'] } } }),
    );
    redis = await RedisServer.start();
    const url = redis.url;
    gateways = [0, 1].map(() => spawnCli(['gateway', '--config', file, '--http', '0', '--redis', url]));
    const backends: Backend[] = [];
    for (const g of gateways) {
      const mcp = await waitForOutput(g.output, /serving on (\S+)/);
      await healthy(mcp);
      backends.push({ url: mcp, pid: g.child.pid ?? 0, child: g.child });
    }
    proxy = await roundRobin(backends);
  }, T);

  afterAll(async () => {
    await proxy?.close();
    for (const g of gateways) await g.stop();
    await redis?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }, T);

  it(
    "serves one caller's session from both processes",
    async () => {
      const client = new Client({ name: 'v2', version: '2.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy?.url ?? '')));
      for (let i = 0; i < 6; i++) {
        const result = await client.callTool({ name: 'everything_echo', arguments: { message: `call ${String(i)}` } });
        expect(JSON.stringify(result)).toContain(`call ${String(i)}`);
      }
      const tools = await client.listTools();
      expect(tools.tools.some((t) => t.name === 'everything_echo')).toBe(true);
      await client.close();
      expect(proxy?.hits.every((n) => n > 0)).toBe(true);
    },
    T,
  );
});
