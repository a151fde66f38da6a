/**
 * What a user installs is what we test. Every publishable package is packed
 * (`npm pack`), the tarballs are installed with plain `npm install` into an
 * empty folder outside the workspace (registry dependencies from the npm
 * cache where it has them), and every documented command runs there through
 * the installed `mcpkit` bin, on each supported Node (20, 22, 24; the binary
 * from scripts/lib/nodes.mjs first on the command's PATH, so the bin's
 * `#!/usr/bin/env node` and `npx` run on it): each `serve` listed and called,
 * `inspect` with its page checked in Chromium, `chat --once` against the fake
 * provider, `login` and `bridge` against `auth-server`.
 *
 * Expected wall time on a loaded 2-core machine: about 3 minutes (pack 10 s,
 * install 20-60 s, then about 40 s per Node; the first run also downloads
 * Node 22 and 24, about 40 s).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import type { FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { nodeBinary, nodeMajors } from '../../scripts/lib/nodes.mjs';
import { assertCliBuilt } from '../support/process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const COMMAND_TIMEOUT_MS = 120_000;

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly bin?: Readonly<Record<string, string>>;
}

/** The workspace folders of the packages that get published (not private). */
function publishable(): string[] {
  return ['packages', 'apps', 'servers'].flatMap((parent) =>
    readdirSync(join(ROOT, parent))
      .map((dir) => `${parent}/${dir}`)
      .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
      .filter((dir) => (JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest).private !== true),
  );
}

/** The environment of a command run as a user would: no npm script variables, no workspace bins, `node` first on the PATH. */
function userEnv(nodeDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
  const path = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => !dir.split(/[\\/]/).includes('node_modules'));
  // npm's own notice of a newer npm is not ours to test (a user's HOME may lack the npmrc that silences it).
  return { ...env, PATH: [nodeDir, ...path].join(delimiter), npm_config_update_notifier: 'false', ...extra };
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command args` to its end (killed after {@link COMMAND_TIMEOUT_MS}). */
function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string },
): Promise<Run> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    stdout += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A long-running command: its output so far, a wait for a line of it, and a stop. */
interface Started {
  output(): string;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

function start(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (text += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (text += c));
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => {
      resolve();
    });
  });
  return {
    output: () => text,
    async waitFor(pattern) {
      const deadline = Date.now() + COMMAND_TIMEOUT_MS;
      for (;;) {
        const match = pattern.exec(text);
        if (match !== null) return match;
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`${args.join(' ')}: never printed ${String(pattern)}; output: ${text}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await closed;
      clearTimeout(killer);
    },
  };
}

let work: string;
let app: string;
let bin: string;
let anthropic: FakeApi | undefined;
let site: Server | undefined;
let siteUrl: string;
let repo: string;
let browser: Browser | undefined;

beforeAll(async () => {
  assertCliBuilt();
  for (const built of [
    'packages/mcpkit/dist/cli/bin.js',
    'packages/mcpkit/dist/cli/web/index.html',
    'packages/mcpkit/dist/bundle/server.js',
  ])
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` at the repository root`);

  work = mkdtempSync(join(tmpdir(), 'mcpkit-install-'));
  const tarballs = join(work, 'tarballs');
  app = join(work, 'app');
  mkdirSync(tarballs);
  mkdirSync(app);
  const env = userEnv(dirname(process.execPath));
  const packed = await run(
    'npm',
    ['pack', '--ignore-scripts', '--pack-destination', tarballs, ...publishable().flatMap((dir) => ['--workspace', dir])],
    { cwd: ROOT, env },
  );
  expect(packed.code, packed.stderr).toBe(0);
  const files = readdirSync(tarballs).map((f) => join(tarballs, f));
  expect(files.length).toBe(publishable().length);

  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'a-user', private: true }));
  const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...files], { cwd: app, env });
  expect(installed.code, installed.stderr).toBe(0);
  bin = join(app, 'node_modules', '.bin', 'mcpkit');

  anthropic = await startFakeAnthropic(directed);
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<html><head><title>A page</title></head><body><main><h1>Installed</h1><p>Fetched from the loopback site.</p></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => site?.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${String((site.address() as { port: number }).port)}/`;

  repo = join(work, 'repo');
  mkdirSync(repo);
  const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
  git('init', '-q');
  writeFileSync(join(repo, 'notes.txt'), 'one\n');
  git('add', 'notes.txt');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'first');
  writeFileSync(join(repo, 'notes.txt'), 'one\ntwo\n');

  if (existsSync(CHROMIUM))
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await anthropic?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => {
    if (site === undefined) resolve(undefined);
    else site.close(resolve);
  });
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('the packed install', () => {
  it('holds one mcpkit, from the tarball, with the bin, and the library without better-sqlite3 or ioredis', () => {
    const mcpkit = join(app, 'node_modules', 'mcpkit');
    expect(lstatSync(mcpkit).isSymbolicLink()).toBe(false);
    const manifest = JSON.parse(readFileSync(join(mcpkit, 'package.json'), 'utf8')) as Manifest;
    expect(manifest.bin).toEqual({ mcpkit: 'bin/mcpkit.js' });
    expect(existsSync(bin)).toBe(true);
    // No second mcpkit from the registry under a package that depends on it.
    const nested = readdirSync(join(app, 'node_modules', '@mcpkit')).filter((p) =>
      existsSync(join(app, 'node_modules', '@mcpkit', p, 'node_modules', 'mcpkit')),
    );
    expect(nested).toEqual([]);
    expect(existsSync(join(app, 'node_modules', 'better-sqlite3'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'ioredis'))).toBe(false);
  });
});

const CHROMIUM_NOTE = existsSync(CHROMIUM) ? '' : ` (page not opened: no Chromium at ${CHROMIUM})`;

describe.each(nodeMajors)('installed, on Node %i', { timeout: 300_000 }, (major) => {
  let env: NodeJS.ProcessEnv;
  /** Runs the installed bin (as its shebang does: the PATH's node). */
  const mcpkit = (args: readonly string[], extra: Record<string, string> = {}, cwd = app) =>
    run(bin, args, { cwd, env: { ...env, ...extra } });
  /** `mcpkit call TOOL --arg … --json -- mcpkit serve NAME …`: the parsed result. */
  const call = async (server: readonly string[], tool: string, args: readonly string[]) => {
    const r = await mcpkit(['call', tool, ...args.flatMap((a) => ['--arg', a]), '--json', '--', bin, 'serve', ...server]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { isError?: boolean; content: { type: string; text?: string }[] };
  };
  const toolsOf = async (server: readonly string[]) => {
    const r = await mcpkit(['list', 'tools', '--json', '--', bin, 'serve', ...server]);
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
  };
  const textOf = (result: { content: { text?: string }[] }) => result.content.map((c) => c.text ?? '').join('\n');

  beforeAll(async () => {
    const node = await nodeBinary(major);
    env = userEnv(dirname(node), {
      HOME: join(work, `home-${String(major)}`),
      XDG_STATE_HOME: join(work, `state-${String(major)}`),
    });
    mkdirSync(env['HOME'] ?? '', { recursive: true });
  }, 900_000);

  it('npx mcpkit finds the installed bin, and runs it on this Node', async () => {
    const node = await run('node', ['--version'], { cwd: app, env });
    expect(node.stdout).toMatch(new RegExp(`^v${String(major)}\\.`));
    const version = await run('npx', ['--no-install', 'mcpkit', '--version'], { cwd: app, env });
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe('0.1.0');
    expect(version.stderr).toBe('');
  });

  it('serve everything: listed and called', async () => {
    expect(await toolsOf(['everything'])).toContain('echo');
    expect(textOf(await call(['everything'], 'echo', ['message=from the tarball']))).toContain('from the tarball');
  });

  it('serve filesystem: listed and called', async () => {
    const server = ['filesystem', repo];
    expect(await toolsOf(server)).toContain('read_text_file');
    const listed = await call(server, 'list_directory', [`path=${repo}`]);
    expect(listed.isError ?? false).toBe(false);
    expect(textOf(listed)).toContain('notes.txt');
  });

  it(`serve memory: listed and called on Node 22.13+, a one-line way out on Node 20`, async () => {
    const db = join(work, `memory-${String(major)}.db`);
    if (major >= 22) {
      expect(await toolsOf(['memory', '--db', db])).toContain('search_nodes');
      const graph = await call(['memory', '--db', db], 'read_graph', []);
      expect(graph.isError ?? false).toBe(false);
      return;
    }
    // Node 20 has no node:sqlite, and better-sqlite3 (a native addon) is an optional peer the install left out.
    const r = await mcpkit(['serve', 'memory', '--db', db]);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('npx -p mcpkit -p better-sqlite3 mcpkit serve memory');
  });

  it('serve fetch: listed and called (the loopback site allowed by name)', async () => {
    const host = new URL(siteUrl).host;
    const server = ['fetch', '--allow-host', host];
    expect(await toolsOf(server)).toContain('fetch');
    const page = await call(server, 'fetch', [`url=${siteUrl}`]);
    expect(page.isError ?? false).toBe(false);
    expect(textOf(page)).toContain('Fetched from the loopback site.');
  });

  it('serve git: listed and called', async () => {
    const server = ['git', '--repository', repo];
    expect(await toolsOf(server)).toContain('git_status');
    const status = await call(server, 'git_status', [`repo_path=${repo}`]);
    expect(status.isError ?? false).toBe(false);
    expect(textOf(status)).toContain('notes.txt');
  });

  it('serve time: listed and called', async () => {
    expect(await toolsOf(['time'])).toContain('get_current_time');
    const now = await call(['time'], 'get_current_time', ['timezone=UTC']);
    expect(now.isError ?? false).toBe(false);
    expect(textOf(now)).toContain('UTC');
  });

  it(`inspect: the page loads and shows the server connected${CHROMIUM_NOTE}`, async () => {
    const inspector = start(bin, ['inspect', '--port', '0', '--no-open', '--', bin, 'serve', 'everything'], { cwd: app, env });
    try {
      const [, url] = await inspector.waitFor(/mcpkit inspector: (http:\/\/127\.0\.0\.1:\d+\/\S*)/);
      const page = await fetch(url ?? '');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>mcpkit inspector</title>');
      if (browser === undefined) return;
      const tab = await browser.newPage();
      try {
        await tab.goto(url ?? '');
        const info = tab.getByRole('region', { name: 'Server info' });
        await expect.poll(async () => (await info.textContent()) ?? '', { timeout: 60_000 }).toContain('connected');
      } finally {
        await tab.close();
      }
    } finally {
      await inspector.stop();
    }
  });

  it('chat --once: the fake model calls a tool of the configured server', async () => {
    const dir = join(work, `chat-${String(major)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, '.mcp.json'),
      JSON.stringify({ mcpServers: { everything: { command: bin, args: ['serve', 'everything'] } } }),
    );
    const r = await mcpkit(
      // A script's way: the folder's .mcp.json is a project's config, trusted for this run only.
      [
        'chat',
        '--model',
        'anthropic/claude-test',
        '--trust-project',
        '--approve',
        'all',
        '--once',
        'call everything__add {"a":20,"b":22}',
      ],
      { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: anthropic?.url ?? '' },
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('→ everything/add {"a":20,"b":22}');
    expect(r.stdout).toMatch(/42/);
  });

  it('login and bridge: against auth-server, the token kept and reused', async () => {
    const browserScript = join(work, `browser-${String(major)}.sh`);
    writeFileSync(browserScript, `#!/bin/sh\nexec node -e 'fetch(process.argv[1]).then((r) => r.text())' "$1"\n`, {
      mode: 0o755,
    });
    const authEnv = { MCPKIT_AUTH_FILE: join(work, `auth-${String(major)}.json`), BROWSER: browserScript };
    const as = start(bin, ['auth-server', '--port', '0', '--auto-approve'], { cwd: app, env });
    let mcp: Started | undefined;
    try {
      const [, issuer] = await as.waitFor(/listening (\S+)/);
      mcp = start(bin, ['serve', 'everything', '--http', '0', '--auth-server', issuer ?? ''], { cwd: app, env });
      const [, url] = await mcp.waitFor(/serving everything on (\S+)/);
      const login = await mcpkit(['login', url ?? ''], authEnv);
      expect(login.code, login.stderr).toBe(0);
      expect(login.stdout).toMatch(/^logged in to /);
      // The bridge is the server process here: it gets the token file (and the browser) as a host's config would give them.
      const passed = Object.entries(authEnv).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
      const bridged = await mcpkit(['list', 'tools', '--json', ...passed, '--', bin, 'bridge', url ?? ''], authEnv);
      expect(bridged.code, bridged.stderr).toBe(0);
      expect((JSON.parse(bridged.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('echo');
    } finally {
      await mcp?.stop();
      await as.stop();
    }
  });
});
