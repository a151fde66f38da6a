/**
 * The benchmark's smoke, cheap enough for `npm test`: one suite of
 * `bench/run.mjs --quick` (stateless stdio: every implementation's client
 * against the raw server and every server against the raw client) runs
 * through the orchestrator, the driver and the report, and every scenario
 * produces its figures. The whole quick run, every suite and target, is
 * `npm run test:bench` (test/benchQuick.bench.test.ts). Nothing here checks speed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../bench/run.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-bench-smoke-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface Run {
  readonly error?: string;
  readonly na?: boolean;
}

describe('npm run bench -- --quick --only stdio-stateless', () => {
  it('runs every scenario of the suite and writes its figures', async () => {
    const out = join(scratch, 'smoke.md');
    const { stderr } = await run(process.execPath, [script, '--quick', '--only', 'stdio-stateless', '--out', out], {
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stderr).not.toContain('ERROR');
    const saved = JSON.parse(readFileSync(out.replace(/\.md$/, '.json'), 'utf8')) as { results: Record<string, readonly Run[]> };
    const keys = Object.keys(saved.results);
    // Each implementation's client and server against the raw peer, and each full stack.
    for (const impl of ['mcpkit', 'v2', 'raw']) {
      expect(keys).toContain(`stdio-stateless|raw|${impl}`);
      expect(keys).toContain(`stdio-stateless|${impl}|raw`);
    }
    for (const [key, runs] of Object.entries(saved.results)) {
      expect(runs.length, key).toBeGreaterThan(0);
      expect(
        runs.filter((r) => r.error !== undefined || r.na === true),
        key,
      ).toEqual([]);
    }
    expect(readFileSync(out, 'utf8')).toContain('stdio');
  }, 300_000); // generous: a loaded shared machine is slow
});
