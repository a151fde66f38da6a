/**
 * `mcpkit chat`'s start-up, bounded: a server that hangs at start no longer
 * holds the answer for the host's whole start timeout (30 s). `--start-timeout`
 * bounds the wait, the answer comes from the servers that are up, and the
 * server that is not is named with its log; `--timeout` bounds start-up too.
 * Piped into an interactive chat, `/servers` shows each server's state, why
 * one is not up, and where its log is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import type { FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { runCli } from './run.js';

const FIXTURE = fileURLToPath(new URL('../host/fixtures/hostFixture.mjs', import.meta.url));
/** Far below the host's 30 s start timeout, far above what starting the fixture takes on a loaded machine. */
const WITHIN_MS = 25_000;

let anthropic: FakeApi;
let dir: string;
let config: string;

beforeAll(async () => {
  anthropic = await startFakeAnthropic(directed);
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-chat-startup-'));
  config = join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        stuck: { command: process.execPath, args: [FIXTURE, '--hang-on-start'] },
        fixture: { command: process.execPath, args: [FIXTURE] },
      },
    }),
  );
});
afterAll(async () => {
  await anthropic.close();
  rmSync(dir, { recursive: true, force: true });
});

function chat(args: readonly string[], input?: string): ReturnType<typeof runCli> {
  // The config lies in the working folder, so it is a project's: trusted for the run, as start-up is the subject here.
  const base = ['chat', '--model', 'anthropic/claude-test', '-c', config, '--trust-project', '--log-dir', join(dir, 'logs')];
  return runCli([...base, ...args], {
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: anthropic.url },
    cwd: dir,
    ...(input !== undefined && { input }),
  });
}

describe('mcpkit chat start-up', () => {
  it('--start-timeout: answers with the servers that are up, naming the one that is not and its log', async () => {
    const run = await chat(['--start-timeout', '2s', '--approve', 'all', '--once', 'call fixture__note {}']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('a note');
    expect(run.stderr).toContain(
      `mcpkit: server stuck is not up (still starting); answering without it; its log: ${join(dir, 'logs', 'stuck.log')}`,
    );
    expect(run.ms).toBeLessThan(WITHIN_MS);
  }, 60_000);

  it('--timeout bounds start-up too: a hanging server ends the run at the timeout (exit 124)', async () => {
    const only = join(dir, 'stuck.json');
    writeFileSync(
      only,
      JSON.stringify({ mcpServers: { stuck: { command: process.execPath, args: [FIXTURE, '--hang-on-start'] } } }),
    );
    const run = await runCli(
      ['chat', '--model', 'anthropic/claude-test', '-c', only, '--trust-project', '--timeout', '3s', '--once', 'hello'],
      {
        env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: anthropic.url, XDG_STATE_HOME: join(dir, 'state') },
        cwd: dir,
      },
    );
    expect(run.code).toBe(124);
    expect(run.stderr).toMatch(/timed out after 3000 ms/);
    expect(run.ms).toBeLessThan(WITHIN_MS);
  }, 60_000);

  it('/servers shows each server: state, what it offers, why one is not up, and its log', async () => {
    const run = await chat(['--start-timeout', '2s'], '/servers\n/exit\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^fixture {2}ready {2}stdio {2}\d+ tools, 0 resources, 0 prompts {2}log: .*fixture\.log$/m);
    expect(run.stdout).toMatch(/^stuck {2}starting {2}stdio {2}log: .*stuck\.log$/m);
  }, 60_000);
});
