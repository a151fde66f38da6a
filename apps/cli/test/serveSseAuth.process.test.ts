// OAuth at the legacy HTTP+SSE endpoint: `mcpkit serve everything --http 0
// --auth-server ISSUER` challenges `/sse` with Protected Resource Metadata
// whose resource is `/sse`, `mcpkit call ... --sse` authorizes there (the
// development authorization server approving by itself) and calls echo, and
// the token it got, for `/sse`, is refused at `/mcp`: audiences stay exact.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, startAuthServer, startProtectedEverything, type CliProcess } from '../../../test/support/authProcess.js';
import { assertCliBuilt } from '../../../test/support/process.js';

const processes: CliProcess[] = [];
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-sse-auth-'));
  // The "browser" follows the authorization URL; the auto-approving server redirects to the CLI's loopback.
  const browser = join(dir, 'browser.sh');
  writeFileSync(browser, `#!/bin/sh\nexec "${process.execPath}" -e 'fetch(process.argv[1]).then((r) => r.text())' "$1"\n`);
  chmodSync(browser, 0o755);
  env = { PATH: process.env['PATH'], HOME: dir, MCPKIT_AUTH_FILE: join(dir, 'auth.json'), BROWSER: browser };
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('OAuth at the HTTP+SSE endpoint (process)', () => {
  it('challenges /sse with metadata for /sse, authorizes there, and keeps audiences apart', async () => {
    const as = await startAuthServer(['--auto-approve'], env);
    processes.push(as);
    const { issuer } = as;
    const mcp = await startProtectedEverything(issuer, env);
    processes.push(mcp);
    const { url } = mcp;
    const sse = new URL('/sse', url);

    const refused = await fetch(sse, { headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${url.origin}/.well-known/oauth-protected-resource/sse`);
    const metadata = (await (await fetch(metadataUrl!)).json()) as { resource: string; authorization_servers: string[] };
    expect(metadata).toMatchObject({ resource: sse.href, authorization_servers: [issuer] });
    // The Streamable HTTP endpoint keeps its own.
    const main = (await (await fetch(`${url.origin}/.well-known/oauth-protected-resource/mcp`)).json()) as { resource: string };
    expect(main.resource).toBe(url.href);

    const call = spawnCli(['call', 'echo', sse.href, '--sse', '--arg', 'message=over legacy SSE'], env);
    processes.push(call);
    const code = await new Promise<number | null>((resolve) => call.child.once('close', resolve));
    expect(call.output()).toContain('over legacy SSE');
    expect(code).toBe(0);

    // The token names /sse: refused at /mcp (invalid_token), accepted at /sse.
    const kept = JSON.parse(readFileSync(join(dir, 'auth.json'), 'utf8')) as {
      servers: Record<string, { tokens: { accessToken: string } }>;
    };
    const token = Object.values(kept.servers)[0]?.tokens.accessToken;
    expect(token).toMatch(/.{8,}/);
    const atMcp = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token!}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(atMcp.status).toBe(401);
    expect(atMcp.headers.get('www-authenticate')).toContain('invalid_token');
    const atSse = new AbortController();
    const open = await fetch(sse, {
      headers: { authorization: `Bearer ${token!}`, accept: 'text/event-stream' },
      signal: atSse.signal,
    });
    expect(open.status).toBe(200);
    atSse.abort();
  }, 90_000);
});
