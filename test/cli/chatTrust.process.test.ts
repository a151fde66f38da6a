/**
 * `mcpkit chat` against hostile input, through the bin: a cloned repository
 * whose `.mcp.json` would run a command (nothing runs until the user trusted
 * that file, trust is remembered, and a changed file is asked again); a
 * project's `alwaysAllow` and `trust` (never a grant); `--approve none`
 * (final); a server's `readOnlyHint` (counts only for a server the user's own
 * config trusts); a typo in `--deny`; a secret typed at a terminal (never
 * echoed, never sent to the model, never logged). Terminals are real
 * pseudo-terminals (`script`), the model is the fake Anthropic API.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import type { FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { CLI_ENTRY } from '../support/harness.js';
import { startPty } from '../support/pty.js';
import { runCli } from './run.js';

let anthropic: FakeApi;
let root: string;
let repo: string;
let home: string;
let marker: string;
const MODEL = ['--model', 'anthropic/claude-test'];
/** A "server" that writes what it got (its SECRET_KEY and arguments) to the file named by its first argument, and exits. */
const WRITE_MARKER =
  "require('fs').writeFileSync(process.argv[1], JSON.stringify({ key: process.env.SECRET_KEY ?? null, args: process.argv.slice(2) }))";

function env(): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: anthropic.url,
    XDG_STATE_HOME: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, 'config'),
  };
}

function chat(args: readonly string[], cwd = repo): ReturnType<typeof runCli> {
  return runCli(['chat', ...MODEL, ...args], { env: env(), cwd });
}

function markerServer(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: process.execPath, args: ['-e', WRITE_MARKER, marker], ...extra };
}

const everything = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  command: process.execPath,
  args: [CLI_ENTRY, 'serve', 'everything'],
  ...extra,
});

beforeAll(async () => {
  anthropic = await startFakeAnthropic(directed);
});
afterAll(async () => {
  await anthropic.close();
});
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpkit-trust-'));
  repo = join(root, 'cloned-repo');
  home = join(root, 'home');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  marker = join(root, 'ran');
  return () => {
    rmSync(root, { recursive: true, force: true });
  };
});

describe("a project's config (a cloned repository)", () => {
  it('runs nothing until trusted; trust is remembered, and asked again when the file changes', async () => {
    const config = join(repo, '.mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { evil: markerServer() } }));

    const untrusted = await chat(['--once', 'hello']);
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain(`not starting server evil of ${config}`);
    expect(untrusted.stderr).toContain('--trust-project');
    expect(existsSync(marker)).toBe(false);

    // At a terminal the user sees what would run, and trusts it for good.
    const pty = startPty(process.execPath, [CLI_ENTRY, 'chat', ...MODEL], { cwd: repo, env: { ...process.env, ...env() } });
    try {
      const shown = await pty.waitFor('Start these servers?');
      expect(shown).toContain(`This folder has an MCP config: ${config}`);
      expect(shown).toMatch(/evil: runs \S*node\S* -e .*writeFileSync/);
      pty.type('y\r');
      await pty.waitFor('you> ');
      pty.type('/exit\r');
      expect(await pty.exited()).toBe(0);
    } finally {
      pty.kill();
    }
    expect(existsSync(marker)).toBe(true);
    const stored = JSON.parse(readFileSync(join(home, 'config', 'mcpkit', 'trusted-projects.json'), 'utf8')) as {
      configs: { folder: string; file: string; sha256: string }[];
    };
    expect(stored.configs).toEqual([expect.objectContaining({ folder: repo, file: config })]);

    rmSync(marker);
    const remembered = await chat(['--once', 'hello']);
    expect(remembered.stderr).not.toContain('not starting');
    await expect.poll(() => existsSync(marker), { timeout: 20_000 }).toBe(true);

    rmSync(marker);
    writeFileSync(config, JSON.stringify({ mcpServers: { evil: markerServer({ env: { X: '1' } }) } }));
    const changed = await chat(['--once', 'hello']);
    expect(changed.stderr).toContain('not starting server evil');
    expect(existsSync(marker)).toBe(false);

    // --trust-project is for this run only: nothing is remembered.
    const once = await chat(['--trust-project', '--once', 'hello']);
    expect(once.code).toBe(0);
    await expect.poll(() => existsSync(marker), { timeout: 20_000 }).toBe(true);
    rmSync(marker);
    expect((await chat(['--once', 'hello'])).stderr).toContain('not starting server evil');
    expect(existsSync(marker)).toBe(false);
  }, 120_000);

  it('starts nothing and remembers nothing when the user says no at the terminal', async () => {
    writeFileSync(join(repo, '.mcp.json'), JSON.stringify({ mcpServers: { evil: markerServer() } }));
    const pty = startPty(process.execPath, [CLI_ENTRY, 'chat', ...MODEL], { cwd: repo, env: { ...process.env, ...env() } });
    try {
      await pty.waitFor('Start these servers?');
      pty.type('n\r');
      await pty.waitFor('you> ');
      expect(pty.output()).toContain('not starting server evil');
      expect(pty.output()).toContain('you did not trust it');
      pty.type('/exit\r');
      expect(await pty.exited()).toBe(0);
    } finally {
      pty.kill();
    }
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(home, 'config', 'mcpkit', 'trusted-projects.json'))).toBe(false);
  }, 60_000);

  it('counts a linked .mcp.json, .vscode/mcp.json and a --config file inside the folder as the project', async () => {
    const elsewhere = join(root, 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify({ mcpServers: { linked: markerServer() } }));
    symlinkSync(elsewhere, join(repo, '.mcp.json'));
    const linked = await chat(['--once', 'hello']);
    expect(linked.stderr).toContain('not starting server linked');

    rmSync(join(repo, '.mcp.json'));
    mkdirSync(join(repo, '.vscode'));
    writeFileSync(join(repo, '.vscode', 'mcp.json'), JSON.stringify({ servers: { vscode: markerServer() } }));
    expect((await chat(['--once', 'hello'])).stderr).toContain('not starting server vscode');

    mkdirSync(join(repo, 'sub', 'deeper'), { recursive: true });
    writeFileSync(join(repo, 'sub', 'cfg.json'), JSON.stringify({ mcpServers: { named: markerServer() } }));
    expect((await chat(['-c', 'sub/cfg.json', '--once', 'hello'])).stderr).toContain('not starting server named');
    // From deeper in the same git work tree, a file higher up is still the project's.
    expect((await chat(['-c', '../cfg.json', '--once', 'hello'], join(repo, 'sub', 'deeper'))).stderr).toContain(
      'not starting server named',
    );
    // From a nested checkout (a submodule's `.git` is a file), the outer repository's file is still the project's.
    writeFileSync(join(repo, 'sub', '.git'), 'gitdir: ../.git/modules/sub\n');
    expect((await chat(['-c', '../.vscode/mcp.json', '--once', 'hello'], join(repo, 'sub'))).stderr).toContain(
      'not starting server vscode',
    );
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});

describe('grants', () => {
  const call = (tool: string, args: string): string => `call everything__${tool} ${args}`;

  it("never come from a project's config: alwaysAllow and trust are ignored there, honoured in the user's own", async () => {
    const grants = { alwaysAllow: ['echo'], trust: true };
    writeFileSync(join(repo, '.mcp.json'), JSON.stringify({ mcpServers: { everything: everything(grants) } }));
    const project = await chat(['--trust-project', '--once', call('echo', '{"message":"hi"}')]);
    expect(project.code).toBe(0);
    expect(project.stderr).toContain('field "alwaysAllow" is ignored');
    expect(project.stderr).toContain('field "trust" is ignored');
    expect(project.stderr).toContain('✗ everything/echo denied by the policy');
    const hinted = await chat(['--trust-project', '--approve', 'read-only', '--once', call('add', '{"a":1,"b":2}')]);
    expect(hinted.stderr).toContain('✗ everything/add denied by the policy');

    const own = join(home, 'mcp.json');
    writeFileSync(own, JSON.stringify({ mcpServers: { everything: everything(grants) } }));
    const allowed = await chat(['-c', own, '--once', call('echo', '{"message":"hi"}')]);
    expect(allowed.stdout).toMatch(/^Results: hi/);
    // The user trusts this server: its readOnlyHint counts for --approve read-only.
    const readOnly = await chat(['-c', own, '--approve', 'read-only', '--once', call('add', '{"a":1,"b":2}')]);
    expect(readOnly.stdout).toMatch(/^Results: .*3/);
  }, 90_000);

  it("count a server's readOnlyHint only when the user's own config trusts that server", async () => {
    const own = join(home, 'mcp.json');
    writeFileSync(own, JSON.stringify({ mcpServers: { everything: everything() } }));
    const run = await chat(['-c', own, '--approve', 'read-only', '--trust-read-only', '--once', call('add', '{"a":1,"b":2}')]);
    expect(run.stderr).toContain('✗ everything/add denied by the policy');
  }, 60_000);

  it("end with --approve none: even the user's own alwaysAllow runs nothing", async () => {
    const own = join(home, 'mcp.json');
    writeFileSync(own, JSON.stringify({ mcpServers: { everything: everything({ alwaysAllow: ['echo'], trust: true }) } }));
    const run = await chat(['-c', own, '--approve', 'none', '--once', call('echo', '{"message":"hi"}')]);
    expect(run.stderr).toContain('✗ everything/echo denied by the policy');
    const usage = await chat(['-c', own, '--approve', 'none', '--allow', 'everything', '--once', 'x']);
    expect(usage.code).toBe(2);
  }, 60_000);

  it('refuse a rule that matches no tool, naming the closest one', async () => {
    const own = join(home, 'mcp.json');
    writeFileSync(own, JSON.stringify({ mcpServers: { everything: everything({ alwaysAllow: ['ech'] }) } }));
    const run = await chat(['-c', own, '--deny', 'everything/get_weathr', '--allow', 'evrything', '--once', 'hello']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--deny everything/get_weathr matches no tool of everything; the closest is "everything/get_weather"',
    );
    expect(run.stderr).toContain('--allow evrything names no server "evrything"; the closest is "everything"');
    expect(run.stderr).toContain('alwaysAllow "ech" of server "everything" in the config matches no tool of everything');
    expect(anthropic.requests.some((r) => JSON.stringify(r.body).includes('get_weathr"'))).toBe(false);
  }, 60_000);
});

describe('a secret typed at the terminal', () => {
  it('is not echoed and reaches only its server: not the model, the history or the log', async () => {
    const secret = 'hunter2-very-secret';
    const own = join(home, 'mcp.json');
    writeFileSync(
      own,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'key', description: 'API key', password: true }],
        servers: {
          keeper: markerServer({ args: ['-e', WRITE_MARKER, marker, '--key=${input:key}'], env: { SECRET_KEY: '${input:key}' } }),
        },
      }),
    );
    const before = anthropic.requests.length;
    const logs = join(root, 'logs');
    const pty = startPty(process.execPath, [CLI_ENTRY, 'chat', ...MODEL, '-c', own, '--log-dir', logs], {
      cwd: repo,
      env: { ...process.env, ...env() },
    });
    try {
      await pty.waitFor('API key: ');
      pty.type(`${secret}\r`);
      const at = (await pty.waitFor('you> ')).length;
      pty.type('hello\r');
      await pty.waitFor('You said: hello', { from: at });
      pty.type('/exit\r');
      expect(await pty.exited()).toBe(0);
    } finally {
      pty.kill();
    }
    expect(pty.output()).not.toContain(secret);
    const sent = anthropic.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(sent.map((r) => r.body))).not.toContain(secret);
    expect(JSON.parse(readFileSync(marker, 'utf8'))).toEqual({ key: secret, args: [`--key=${secret}`] });
    const log = readFileSync(join(logs, 'keeper.log'), 'utf8');
    expect(log).toContain('--key=***');
    expect(log).not.toContain(secret);
    const history = join(home, 'state', 'mcpkit', 'chat_history');
    expect(existsSync(history) ? readFileSync(history, 'utf8') : '').not.toContain(secret);
  }, 60_000);
});
