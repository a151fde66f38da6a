// Logging in from a remote shell through the built bin: `mcpkit login URL
// --no-browser --callback-port N` against `mcpkit auth-server --auto-approve`
// and a protected `mcpkit serve everything`. The "browser elsewhere" is fetch:
// it follows the printed authorization URL and either delivers the redirect to
// the fixed port (as an `ssh -L` forward would) or hands the redirected URL to
// the user, who pastes it at the terminal (a pseudo-terminal). A pasted URL
// without the request's state is refused and completes nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  spawnCli,
  startAuthServer,
  startProtectedEverything,
  waitForOutput,
  type AuthServerProcess,
  type ProtectedServerProcess,
} from '../../../test/support/authProcess.js';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { startPty, type PtySession } from '../../../test/support/pty.js';

const EXIT_TIMEOUT_MS = 60_000;
const AUTH_URL = /to authorize, open:\r?\n\s+(\S+)/;

let as: AuthServerProcess;
let mcp: ProtectedServerProcess;
let scratch: string;
let file: string;
const sessions: PtySession[] = [];

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'mcpkit-remote-login-'));
  as = await startAuthServer(['--auto-approve']);
  mcp = await startProtectedEverything(as.issuer);
}, 90_000);

afterAll(async () => {
  await Promise.all([mcp.stop(), as.stop()]);
  rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

let runs = 0;
function env(): NodeJS.ProcessEnv {
  file = join(scratch, `auth-${String(++runs)}.json`);
  return { ...process.env, MCPKIT_AUTH_FILE: file, NO_COLOR: '1', BROWSER: '' };
}

/** A port free a moment ago (the CLI must bind exactly it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Plays the browser: the auto-approving server redirects at once; the redirect is returned, not followed. */
async function redirectOf(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  await res.body?.cancel();
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

function kept(): boolean {
  try {
    return readFileSync(file, 'utf8').includes(mcp.url.origin);
  } catch {
    return false;
  }
}

describe('mcpkit login from a remote shell (process)', () => {
  it('receives the callback on the fixed --callback-port, not one without the state', async () => {
    const port = await freePort();
    const login = spawnCli(['login', mcp.url.href, '--no-browser', '--callback-port', String(port)], env());
    try {
      const redirect = await redirectOf(await waitForOutput(login.output, AUTH_URL));
      expect(`${redirect.origin}${redirect.pathname}`).toBe(`http://127.0.0.1:${String(port)}/callback`);
      // Another page reaching the fixed port without the state is turned away; the login goes on.
      const forged = new URL(redirect);
      forged.searchParams.set('state', 'forged-state');
      expect((await fetch(forged)).status).toBe(400);
      const page = await fetch(redirect);
      expect(page.status).toBe(200);
      await waitForOutput(login.output, /(logged in to \S+)/, EXIT_TIMEOUT_MS);
      expect(kept()).toBe(true);
    } finally {
      await login.stop();
    }
  });

  it('refuses a busy --callback-port rather than listening elsewhere', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    const login = spawnCli(['login', mcp.url.href, '--no-browser', '--callback-port', String(port)], env());
    try {
      const code = await new Promise<number | null>((resolve) => login.child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(login.output()).toContain(`Cannot listen for the authorization callback on 127.0.0.1:${String(port)}`);
      expect(login.output()).not.toContain('to authorize, open');
    } finally {
      await login.stop();
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it.each([
    ['login', ['login', 'URL', '--callback-port', '0']],
    ['chat', ['chat', '--model', 'openai/m', '--once', 'hi', '--callback-port', '70000']],
    ['inspect', ['inspect', 'URL', '--no-open', '--callback-port', 'x']],
    ['bridge', ['bridge', 'URL', '--callback-port', '1.5']],
  ])('%s takes --callback-port, and a malformed one is a usage error', async (_name, args) => {
    const run = spawnCli(
      args.map((a) => (a === 'URL' ? mcp.url.href : a)),
      env(),
    );
    const code = await new Promise<number | null>((resolve) => run.child.once('exit', resolve));
    expect(code).toBe(2);
    expect(run.output()).toContain('--callback-port needs a port number (1 to 65535)');
  });

  it('completes with the redirected URL pasted at the terminal, refusing one without the state first', async () => {
    const port = await freePort();
    const pty = startPty(process.execPath, [CLI_ENTRY, 'login', mcp.url.href, '--no-browser', '--callback-port', String(port)], {
      cwd: scratch,
      env: env(),
    });
    sessions.push(pty);
    const shown = await pty.waitFor('paste the URL your browser was sent to');
    const url = AUTH_URL.exec(shown)?.[1];
    expect(url).toBeDefined();
    // The browser elsewhere got the redirect; the callback never reaches this machine.
    const redirect = await redirectOf(url!);
    expect(redirect.port).toBe(String(port));

    // Someone else's redirect (another state) is refused, and completes nothing.
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'forged-state');
    const before = pty.output().length;
    pty.type(`${forged.href}\r`);
    await pty.waitFor("does not carry this authorization's state", { from: before });
    expect(pty.output()).not.toContain('logged in to');
    expect(kept()).toBe(false);

    // Then the real one, pasted: the login completes with it.
    const again = pty.output().length;
    pty.type(`${redirect.href}\r`);
    await pty.waitFor('logged in to', { from: again, timeoutMs: EXIT_TIMEOUT_MS });
    expect(await pty.exited()).toBe(0);
    expect(kept()).toBe(true);
  });
});
