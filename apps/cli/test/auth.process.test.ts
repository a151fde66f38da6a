// The built CLI authorizing by itself against a protected server built on the
// official SDK's auth helpers: `login` with a "browser" (the BROWSER command,
// here a script that follows the URL to the loopback listener), `auth list`
// without the token, a call with the kept token and no browser, a call with
// --no-browser where the user opens the printed URL, and `logout`.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkProtectedServer, type SdkProtectedServer } from '../../../packages/mcpkit/test/auth/sdkProtectedServer.js';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt } from '../../../test/support/process.js';

let sdk: SdkProtectedServer | undefined;
let dir: string | undefined;
let env: NodeJS.ProcessEnv;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; `onStderr` may act on what it prints (open the URL, say). */
function cli(args: string[], extraEnv: NodeJS.ProcessEnv = {}, onStderr?: (text: string) => void): Promise<Run> {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
  child.stderr.setEncoding('utf8').on('data', (t: string) => {
    stderr += t;
    onStderr?.(stderr);
  });
  return new Promise((resolve) =>
    child.once('close', (code) => {
      resolve({ code, stdout, stderr });
    }),
  );
}

beforeAll(async () => {
  assertCliBuilt();
  sdk = await startSdkProtectedServer();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-cli-auth-'));
  const browser = join(dir, 'browser.sh');
  writeFileSync(browser, `#!/bin/sh\nexec "${process.execPath}" -e 'fetch(process.argv[1]).then((r) => r.text())' "$1"\n`);
  chmodSync(browser, 0o755);
  env = { PATH: process.env['PATH'], HOME: dir, MCPKIT_AUTH_FILE: join(dir, 'auth.json'), BROWSER: browser };
});

afterAll(() => {
  sdk?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe('mcpkit login / auth list / logout (process)', () => {
  it('logs in through the browser, keeps the token 0600, lists without it, and reuses it', async () => {
    const login = await cli(['login', sdk!.url.href]);
    expect(login.stderr).toContain('opened your browser');
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`logged in to ${sdk!.url.href} (scopes: mcp:tools)`);
    const file = join(dir!, 'auth.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = (JSON.parse(readFileSync(file, 'utf8')) as { servers: Record<string, { tokens: { accessToken: string } }> })
      .servers[sdk!.url.href]?.tokens.accessToken;
    expect(token).toMatch(/.{8,}/);

    const list = await cli(['auth', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(sdk!.url.href);
    expect(list.stdout).toContain('scopes: mcp:tools');
    expect(list.stdout).not.toContain(token);
    const json = await cli(['auth', 'list', '--json']);
    expect(json.stdout).not.toContain(token);

    // The kept token is used: a browser that fails would show.
    const call = await cli(['call', 'whoami', sdk!.url.href], { BROWSER: '/nonexistent' });
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('scopes mcp:tools');
    expect(call.stderr).not.toContain(token);

    const logout = await cli(['logout', sdk!.url.href]);
    expect(logout.stdout).toContain(`logged out of ${sdk!.url.href}`);
    expect((await cli(['auth', 'list'])).stdout).toContain('no servers with kept tokens');
  });

  it('with --no-browser prints the URL, and completes when the user opens it', async () => {
    let opened = false;
    const run = await cli(['list', 'tools', '--no-browser', sdk!.url.href], { BROWSER: '/nonexistent' }, (text) => {
      const url = /to authorize, open:\n {2}(\S+)/.exec(text)?.[1];
      if (url !== undefined && !opened) {
        opened = true;
        void fetch(url).then((r) => r.text());
      }
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('whoami');
    await cli(['logout', sdk!.url.href]);
  });
});

describe('mcpkit bridge <url> (process)', () => {
  it('authorizes at a protected server for a stdio host, through the same client as the commands', async () => {
    const host = new McpClient({ name: 'stdio-host', version: '1.0.0', era: 'handshake' });
    const file = join(dir!, 'bridge-auth.json');
    await host.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI_ENTRY, 'bridge', sdk!.url.href],
        env: { HOME: dir!, MCPKIT_AUTH_FILE: file, BROWSER: env['BROWSER'] ?? '' },
      }),
    );
    try {
      const result = await host.callTool({ name: 'whoami', arguments: {} });
      expect(JSON.stringify(result.content)).toContain('scopes mcp:tools');
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await host.close();
    }
  });
});
