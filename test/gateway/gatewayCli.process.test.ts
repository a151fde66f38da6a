// `mcpkit gateway` as a command: its help, its usage errors, a gateway
// section it does not understand, and --discovery search driven by mcpkit's
// own client commands through the bin.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run.js';
import { CLI_ENTRY } from '../support/harness.js';

const T = 120_000;
let dir: string | undefined;

function config(name: string, value: unknown): string {
  const file = join(dir ?? '', name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const EVERYTHING = { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'] };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-cli-'));
});
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe('mcpkit gateway', () => {
  it('has a help that names its options', async () => {
    const run = await runCli(['gateway', '--help']);
    expect(run.code).toBe(0);
    for (const option of ['--config', '--http', '--auth-server', '--redis', '--discovery', '/healthz'])
      expect(run.stdout).toContain(option);
    expect((await runCli(['--help'])).stdout).toContain('gateway --config <file>');
  });

  it('refuses a missing config, unknown options and a gateway section it does not understand', async () => {
    const none = await runCli(['gateway']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('gateway needs --config <file>');
    const stray = await runCli(['gateway', '--config', 'x.json', '--auth-server', 'http://127.0.0.1:1']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('--auth-server only applies with --http');
    const typo = config('typo.json', {
      mcpServers: { everything: EVERYTHING },
      gateway: { policy: [{ callers: {}, servers: ['*'] }] },
    });
    const bad = await runCli(['gateway', '--config', typo]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('policy[0].callers names neither a scope nor claims');
    const twins = config('twins.json', { mcpServers: { a_b: EVERYTHING, 'a-b': EVERYTHING } });
    const clash = await runCli(['gateway', '--config', twins]);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('would share the prefix "a-b"');
  });

  it(
    'with --discovery search, lists two tools that find and call the others',
    async () => {
      const file = config('discovery.json', { mcpServers: { everything: EVERYTHING } });
      const gateway = ['--', process.execPath, CLI_ENTRY, 'gateway', '--config', file, '--discovery', 'search'];
      const listed = await runCli(['list', 'tools', '--json', ...gateway]);
      expect(listed.code, listed.stderr).toBe(0);
      expect((JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual([
        'search_tools',
        'call_tool',
      ]);
      // The upstream joins after the gateway answers: search until it has.
      let found = '';
      for (let i = 0; i < 100 && !found.includes('everything_echo'); i++) {
        found = (await runCli(['call', 'search_tools', '--arg', 'query=echo message', ...gateway])).stdout;
      }
      expect(found).toContain('everything_echo');
      const called = await runCli([
        'call',
        'call_tool',
        '--arg',
        'name=everything_echo',
        '--arg',
        'arguments={"message":"found it"}',
        ...gateway,
      ]);
      expect(called.code, called.stderr).toBe(0);
      expect(called.stdout).toContain('found it');
    },
    T,
  );
});
