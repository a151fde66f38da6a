/**
 * The benchmark still runs: every scenario of `bench/run.mjs --quick` (each
 * implementation's server and client, over stdio and both HTTP eras) produces
 * its figures, and the report has a ratio for every target. Nothing here
 * checks speed: speed is what `npm run bench` reports, never a test.
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
const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-bench-test-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

interface Result {
  readonly error?: string;
  readonly na?: boolean;
}

describe('npm run bench -- --quick', () => {
  it('runs every scenario and reports every target', async () => {
    const out = join(scratch, 'quick.md');
    const { stderr } = await run(process.execPath, [script, '--quick', '--out', out], { maxBuffer: 16 * 1024 * 1024 });
    expect(stderr).not.toContain('ERROR');
    const saved = JSON.parse(readFileSync(out.replace(/\.md$/, '.json'), 'utf8')) as {
      results: Record<string, readonly Result[]>;
    };
    const failed = Object.entries(saved.results).filter(([, runs]) => runs.some((r) => r.error !== undefined));
    expect(failed).toEqual([]);
    // v1 does not speak 2026-07-28; everything else must have run.
    const skipped = Object.entries(saved.results)
      .filter(([, runs]) => runs.some((r) => r.na === true))
      .map(([key]) => key);
    expect(skipped.every((key) => /^(stdio|http)-stateless\|/.test(key) && key.includes('v1'))).toBe(true);
    const markdown = readFileSync(out, 'utf8');
    const targets = markdown.slice(markdown.indexOf('## Targets'), markdown.indexOf('## stdio'));
    const rows = targets.split('\n').filter((line) => /^\| .+ \| (yes|\*\*no\*\*) \|$/.test(line));
    expect(rows.length).toBe(15);
    for (const row of rows) expect(row).toMatch(/\| \d+\.\d\d× \|/);
    // The host's figures: CPU per tool round trip beside the official SDKs' loop, and ten servers started at once.
    const host = (saved as { host?: Record<string, unknown> }).host;
    expect(host?.['errors']).toEqual([]);
    for (const key of ['hostCpuUs', 'sdkCpuUs', 'oneServerMs', 'tenConcurrentMs', 'tenSequentialMs'])
      expect(host?.[key]).toBeGreaterThan(0);
    expect(markdown).toMatch(/\| host CPU per tool round trip .* \| \d+ \| \d+ \| \d+\.\d\d× \|/);
    // Start-up and memory: every server started and carried its calls; every ratio and the discover time are there.
    const startup = (saved as { startup?: { errors?: string[]; ratios?: Record<string, number | null> } }).startup;
    expect(startup?.errors).toEqual([]);
    expect(Object.keys(startup?.ratios ?? {})).toHaveLength(9);
    for (const value of Object.values(startup?.ratios ?? {})) expect(value).toBeGreaterThan(0);
    expect(markdown).toMatch(/spawn to `server\/discover` answer \d+ ms/);
  }, 600_000); // generous: a loaded shared machine takes minutes over the quick run
});
