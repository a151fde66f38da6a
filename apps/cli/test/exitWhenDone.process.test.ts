// The command line ends when its work is done, whatever a failure left
// pending. An authorization server that refuses client registration made
// `mcpkit list tools -t 15s URL` print the error and go on running: the
// loopback listener opened for the redirect URI was never closed, and
// nothing else ended the process. (The listener is now closed, and the bin
// ends a finished command even if something else dangles.)
import { spawn } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt } from '../../../test/support/process.js';

let server: Server;
let origin: string;
let scratch: string;
let registrations = 0;

/** A protected MCP endpoint whose authorization server refuses every registration. */
function handle(path: string, res: ServerResponse): void {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  if (path === '/mcp') {
    json(401, {}, { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"` });
    return;
  }
  if (path === '/.well-known/oauth-protected-resource/mcp') {
    json(200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    return;
  }
  if (path === '/.well-known/oauth-authorization-server') {
    json(200, {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    return;
  }
  if (path === '/register') {
    registrations++;
    json(400, { error: 'invalid_client_metadata', error_description: 'registration is closed' });
    return;
  }
  json(404, { error: 'not_found' });
}

beforeAll(async () => {
  assertCliBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'mcpkit-exit-'));
  server = createServer((req, res) => {
    req.resume();
    handle(new URL(req.url ?? '/', 'http://x').pathname, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the bin; a run still alive after `limitMs` is killed and reported as such. */
function run(args: readonly string[], limitMs: number): Promise<{ code: number | null; err: string; killed: boolean }> {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCPKIT_AUTH_FILE: join(scratch, 'auth.json') },
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  child.stdout.resume();
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, limitMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, err, killed });
    });
  });
}

describe('a finished command exits', () => {
  it('after an authorization server refuses registration: the error, then the exit, well within --timeout', async () => {
    // --timeout is long on purpose: the command must end because its work ended, not because time ran out.
    const result = await run(['list', 'tools', '--no-browser', '-t', '120s', `${origin}/mcp`], 60_000);
    expect(result.killed).toBe(false);
    expect(result.err).toMatch(/registration is closed/);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBe(124);
    expect(registrations).toBeGreaterThan(0);
  }, 90_000);
});
