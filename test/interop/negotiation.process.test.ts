// Negotiation with single-era servers that start fast and slowly (a cold
// `npx -y …` takes seconds): `auto` must end in the era each speaks, over stdio
// and HTTP, however long the server takes to answer. The probe's patience
// (`probeTimeoutMs`, 3 s by default) runs out before a 5 s start; the client
// then sends `initialize` beside the probe and the first decisive answer wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { runCli } from '../cli/run.js';
import { connected, http, stdio, textOf } from './client.js';
import { startHttp, type HttpProcess } from './servers.js';

type Era = 'stateless' | 'handshake';
const FIXTURE = new URL('fixtures/slow-era-server.mjs', import.meta.url).pathname;
const SLOW_MS = 5_000;

const command = (era: Era, delay: number): string[] => [process.execPath, FIXTURE, era, '--delay', String(delay)];

const CASES = (['stateless', 'handshake'] as const).flatMap((era) =>
  [0, SLOW_MS].flatMap((delay) => (['stdio', 'http'] as const).map((wire) => ({ era, delay, wire }))),
);

const servers = new Map<string, HttpProcess>();
beforeAll(async () => {
  const started = await Promise.all(
    CASES.filter((c) => c.wire === 'http').map(
      async (c) =>
        [`${c.era}/${String(c.delay)}`, await startHttp([...command(c.era, c.delay), '--http'], { ready: /listening/ })] as const,
    ),
  );
  for (const [key, server] of started) servers.set(key, server);
}, 20_000);
afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.stop()));
});

describe.concurrent('auto negotiation against single-era servers', () => {
  for (const { era, delay, wire } of CASES) {
    it(`${era}-only, ${delay === 0 ? 'fast' : 'slow'} start, ${wire}: ends in the ${era} era`, async () => {
      const transport = wire === 'stdio' ? stdio(command(era, delay)) : http(servers.get(`${era}/${String(delay)}`)!.url);
      let client: McpClient | undefined;
      try {
        client = await connected(transport, 'auto');
        expect(client.era).toBe(era);
        const result = await client.callTool({ name: 'whoami', arguments: {} });
        expect(textOf(result)).toBe(`${era}-only`);
      } finally {
        await client?.close();
      }
    }, 30_000);
  }
});

describe.concurrent('the CLI with --era auto', () => {
  it('calls a tool on a stateless-only server that starts slowly', async () => {
    const run = await runCli(['call', 'whoami', '--era', 'auto', '--', ...command('stateless', SLOW_MS)]);
    expect(run.stderr).not.toMatch(/-32022/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('stateless-only');
  }, 30_000);

  it('calls a tool on a handshake-only server that starts slowly', async () => {
    const run = await runCli(['call', 'whoami', '--era', 'auto', '--', ...command('handshake', SLOW_MS)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('handshake-only');
  }, 30_000);
});
