/**
 * The reference servers' benchmarks still run: `bench/filesystem.mjs` and
 * `bench/memory.mjs` in quick mode produce a figure for every operation on
 * both sides and a ratio for each; `bench/scaleout.mjs` one for every
 * configuration. Nothing here checks speed.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe.each(['filesystem', 'memory'])('bench/%s.mjs --quick', (name) => {
  it('measures every operation on both servers', async () => {
    const script = fileURLToPath(new URL(`../bench/${name}.mjs`, import.meta.url));
    const { stdout } = await run(process.execPath, [script, '--quick', '--json'], { maxBuffer: 4 * 1024 * 1024 });
    const report = JSON.parse(stdout) as {
      summary: Record<'mcpkit' | 'official', Record<string, number | undefined>>;
      ratios: Record<string, number | undefined>;
      markdown: string;
    };
    const keys = Object.keys(report.summary.mcpkit).filter((k) => k.endsWith('WallMs'));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(report.summary.mcpkit[key]).toBeGreaterThan(0);
      expect(report.summary.official[key]).toBeGreaterThan(0);
      expect(report.ratios[key.replace(/Ms$/, '')]).toBeGreaterThan(0);
    }
    expect(report.markdown).toMatch(/mcpkit ÷ official/);
  }, 120_000);
});

describe('bench/scaleout.mjs --quick', () => {
  it('measures every configuration, or says why it was skipped', async () => {
    const script = fileURLToPath(new URL('../bench/scaleout.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, [script, '--quick', '--json'], { maxBuffer: 4 * 1024 * 1024 });
    const report = JSON.parse(stdout) as {
      skipped?: boolean;
      rows?: { name: string; callsPerSecond: number; serverCpuUs: number }[];
      ratio?: number;
      markdown: string;
    };
    if (report.skipped === true) {
      expect(report.markdown).toMatch(/redis-server is not installed/);
      return;
    }
    // Echo calls through 1, 2 and 3 processes (with and without Redis), then task round trips.
    const names = report.rows?.map((r) => r.name) ?? [];
    expect(names).toHaveLength(7);
    expect(names.filter((n) => n.startsWith('task round trips'))).toHaveLength(2);
    for (const row of report.rows ?? []) {
      expect(row.callsPerSecond).toBeGreaterThan(0);
      expect(row.serverCpuUs).toBeGreaterThan(0);
    }
    expect(report.ratio).toBeGreaterThan(0);
    expect(report.markdown).toMatch(/Redis-backed server CPU per call/);
  }, 300_000);
});
