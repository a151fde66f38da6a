/**
 * The reference servers' benchmarks still run: `bench/filesystem.mjs` and
 * `bench/memory.mjs` in quick mode produce a figure for every operation on
 * both sides and a ratio for each. Nothing here checks speed.
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
