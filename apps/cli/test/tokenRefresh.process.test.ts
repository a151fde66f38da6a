// Tokens that keep working across processes: several `mcpkit` processes
// share one token file (MCPKIT_AUTH_FILE) after its access token expired (or
// was refused with a 401). The dev authorization server rotates refresh
// tokens and revokes the whole grant when a rotated-away one comes back, so a
// race between the processes would log everybody out. The token file's lock
// makes exactly one of them refresh; the others use what it saved. A refresh
// token refused for good ends with the command that logs in again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerifier } from 'mcpkit/http';
import { serveHttp } from 'mcpkit/node';
import { McpServer } from 'mcpkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt } from '../../../test/support/process.js';
import { createDevAuthServer } from '../src/authServer/devAuthServer.js';
import { serveFetch } from '../src/authServer/serveFetch.js';
import { s256 } from '../src/authServer/signer.js';

const REDIRECT = 'http://127.0.0.1:1/callback';
const VERIFIER = 'w'.repeat(43);
const PROCESSES = 5;

const closers: (() => Promise<unknown>)[] = [];
let scratch: string;
let issuer: string;
let url: string;
/** Every refresh token presented to the token endpoint, in order, and whether the server took it. */
const presented: { token: string; status: number }[] = [];

beforeAll(async () => {
  assertCliBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'mcpkit-refresh-'));
  const as = await serveFetch(
    async (origin) => {
      const server = await createDevAuthServer({
        issuer: origin,
        autoApprove: true,
        clients: [{ clientId: 'public', redirectUris: [REDIRECT] }],
      });
      return async (request) => {
        const form = request.method === 'POST' && new URL(request.url).pathname === '/token' ? await request.clone().text() : '';
        const params = new URLSearchParams(form);
        const response = await server.fetch(request);
        if (params.get('grant_type') === 'refresh_token')
          presented.push({ token: params.get('refresh_token') ?? '', status: response.status });
        return response;
      };
    },
    0,
    '127.0.0.1',
  );
  closers.push(() => as.close());
  issuer = as.origin;
  const mcp = new McpServer({ name: 'guarded', version: '1.0.0' });
  mcp.tool({ name: 'hello', description: 'Says hello' }, () => 'hello');
  const handle = await serveHttp(mcp, { auth: { verifier: jwtVerifier({ issuer }), authorizationServers: [issuer] } });
  closers.push(() => handle.close());
  url = handle.url;
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A login, as `mcpkit login` would have kept it: tokens for `url` from the code flow. */
async function login(): Promise<{ access: string; refresh: string }> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'public',
    redirect_uri: REDIRECT,
    code_challenge: await s256(VERIFIER),
    code_challenge_method: 'S256',
    resource: url,
  });
  const redirect = await fetch(`${issuer}/authorize?${query.toString()}`, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const answer = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      client_id: 'public',
      resource: url,
    }).toString(),
  });
  const tokens = (await answer.json()) as { access_token: string; refresh_token: string };
  return { access: tokens.access_token, refresh: tokens.refresh_token };
}

/** A token file holding `tokens` for the server, and the client they were issued to. */
function tokenFile(name: string, tokens: { access: string; refresh: string }, expiresAt: number): string {
  const file = join(scratch, `${name}.json`);
  const key = new URL(url).origin + new URL(url).pathname;
  const record = {
    server: key,
    clients: { [issuer]: { clientId: 'public', tokenEndpointAuthMethod: 'none', redirectUris: [REDIRECT] } },
    tokens: {
      accessToken: tokens.access,
      tokenType: 'Bearer',
      refreshToken: tokens.refresh,
      expiresAt,
      scopes: [],
      issuer,
      resource: url,
      tokenEndpoint: `${issuer}/token`,
      clientId: 'public',
    },
  };
  writeFileSync(file, JSON.stringify({ version: 1, servers: { [key]: record } }), { mode: 0o600 });
  return file;
}

/** Runs the built `mcpkit` with the token file; resolves with its exit code and output. */
function mcpkit(file: string, args: readonly string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCPKIT_AUTH_FILE: file, NO_COLOR: '1' },
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      resolve({ code, out, err });
    });
  });
}

function stored(file: string): { accessToken: string; refreshToken: string } {
  const servers = (JSON.parse(readFileSync(file, 'utf8')) as { servers: Record<string, { tokens: never }> }).servers;
  return Object.values(servers)[0]?.tokens as unknown as { accessToken: string; refreshToken: string };
}

describe('processes sharing a token file', () => {
  it('after expiry: exactly one refresh, no rotated-away refresh token presented, every process succeeds', async () => {
    const tokens = await login();
    const file = tokenFile('expired', tokens, Date.now() - 1000);
    presented.length = 0;
    const runs = await Promise.all(
      Array.from({ length: PROCESSES }, () => mcpkit(file, ['list', 'tools', '--no-browser', '-t', '60s', url])),
    );
    for (const run of runs) {
      expect(run.err).not.toMatch(/could not be refreshed/);
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/hello/);
    }
    expect(presented).toEqual([{ token: tokens.refresh, status: 200 }]);
    expect(stored(file).refreshToken).not.toBe(tokens.refresh);
  }, 120_000);

  it('after a 401 on a token the server no longer takes: one refresh, and every process succeeds', async () => {
    const tokens = await login();
    // Not expired by the file's clock, but not a token the server accepts: each process gets a 401.
    const file = tokenFile('refused', { access: 'not-a-valid-token', refresh: tokens.refresh }, Date.now() + 3_600_000);
    presented.length = 0;
    const runs = await Promise.all(
      Array.from({ length: PROCESSES }, () => mcpkit(file, ['list', 'tools', '--no-browser', '-t', '60s', url])),
    );
    for (const run of runs) {
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/hello/);
    }
    expect(presented).toEqual([{ token: tokens.refresh, status: 200 }]);
  }, 120_000);

  it('a refresh token refused for good: says to log in again, with the command', async () => {
    const tokens = await login();
    const file = tokenFile('revoked', { access: tokens.access, refresh: 'revoked-refresh-token' }, Date.now() - 1000);
    const run = await mcpkit(file, ['list', 'tools', '--no-browser', '-t', '8s', url]);
    expect(run.err).toContain(`log in again: mcpkit login ${url}`);
    expect(run.code).not.toBe(0);
  }, 60_000);
});
