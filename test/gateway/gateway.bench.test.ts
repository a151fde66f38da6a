/**
 * The gateway's benchmark still runs: `bench/gateway.mjs --quick` measures
 * every setup (direct, gateway over stdio and HTTP, supergateway) and reports
 * its ratios. Nothing here checks speed.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('bench/gateway.mjs --quick', () => {
  it('measures every setup and reports the ratios', async () => {
    const script = fileURLToPath(new URL('../../bench/gateway.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, [script, '--quick', '--json'], { maxBuffer: 4 * 1024 * 1024 });
    const report = JSON.parse(stdout) as {
      rows: { name: string; callsPerSecond: number; upstreamCpuUs: number; proxyCpuUs?: number }[];
      ratios: Record<string, number>;
      markdown: string;
    };
    expect(report.rows.map((r) => r.name)).toEqual([
      'direct',
      'mcpkit gateway (stdio)',
      'mcpkit gateway (HTTP)',
      'supergateway (HTTP)',
    ]);
    for (const row of report.rows) {
      expect(row.callsPerSecond).toBeGreaterThan(0);
      expect(row.upstreamCpuUs).toBeGreaterThan(0);
      if (row.name !== 'direct') expect(row.proxyCpuUs).toBeGreaterThan(0);
    }
    for (const key of ['gatewayCpuOverUpstream', 'httpThroughput', 'httpProxyCpu']) expect(report.ratios[key]).toBeGreaterThan(0);
    expect(report.markdown).toMatch(/mcpkit gateway ÷ supergateway/);
  }, 300_000);
});
