/**
 * `bench/context.mjs --quick` still runs and still meets the aim:
 * with 8 servers of 60 tools, every searching mode keeps the definitions in
 * context at most 20% of all of them, and the scripted model reaches the
 * deep tool through every provider and mode. Nothing here checks speed.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('bench/context.mjs --quick', () => {
  it('keeps the definitions in context under a fifth of all, and reaches the deep tool', async () => {
    const script = fileURLToPath(new URL('../bench/context.mjs', import.meta.url));
    const { stdout } = await run(process.execPath, [script, '--quick', '--json'], { maxBuffer: 4 * 1024 * 1024 });
    const report = JSON.parse(stdout) as {
      runs: { name: string; mode: string; reached: boolean; maxTokens: number; allTokens: number }[];
      search: { deepRank: number; p50Us: number };
      markdown: string;
    };
    expect(report.runs).toHaveLength(5);
    for (const r of report.runs) {
      expect(r.reached, r.name).toBe(true);
      if (r.mode !== 'off') expect(r.maxTokens, r.name).toBeLessThanOrEqual(r.allTokens * 0.2);
    }
    expect(report.search.deepRank).toBe(1);
    expect(report.search.p50Us).toBeGreaterThan(0);
    expect(report.markdown).toContain('## Context control');
  }, 180_000);
});
