// The errors a newcomer meets first, through the npm bin: a login to a server
// that is not there exits 5 (no connection, as the README's table says) with
// the reason, not Node's "fetch failed" and 1; an unknown option is named
// without Node's advice to put it after `--`, which here starts the server's
// command.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertCliBuilt } from '../../../test/support/process.js';

const BIN = fileURLToPath(new URL('../../../packages/mcpkit/bin/mcpkit.js', import.meta.url));
let dir: string;

function run(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'], HOME: dir, MCPKIT_AUTH_FILE: join(dir, 'auth.json') },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      resolve({ code, stdout, stderr });
    }),
  );
}

/** A loopback port nothing listens on: one the system gave and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(() => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-newcomer-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('login to an unreachable server exits 5 and says which server and why', async () => {
  const url = `http://127.0.0.1:${String(await closedPort())}/mcp`;
  const { code, stdout, stderr } = await run(['login', url, '--no-browser']);
  expect(stdout).toBe('');
  expect(stderr).toMatch(new RegExp(`^mcpkit: could not reach ${url.replace(/[.]/g, '\\.')}: connect ECONNREFUSED`));
  expect(stderr).not.toMatch(/fetch failed|^\s+at /m);
  expect(code).toBe(5);
}, 60_000);

it.each([
  [['list', 'tools', '--bogus', '--', 'node', 'server.js'], 'list'],
  [['serve', 'everything', '--bogus'], 'serve'],
  [['inspect', '--bogus'], 'inspect'],
])(
  'an unknown option (%j) is named, without advice to put it after --',
  async (args, command) => {
    const { code, stderr } = await run(args);
    expect(stderr).toBe(`mcpkit: Unknown option '--bogus'\nSee 'mcpkit ${command} --help'.\n`);
    expect(code).toBe(2);
  },
  60_000,
);
