// What a user (or a file they were handed) names as the server, read by the library's one
// inference (inferServer) and config reader, attacked through the built `mcpkit` bin: nothing
// hostile is reached or run, and each refusal is a usage error (exit 2) that says why.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVERS } from '../interop/servers.js';
import { runCli } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-server-input-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function config(entry: unknown): string {
  const file = join(dir, `mcp-${String(Math.random()).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: { it: entry } }));
  return file;
}

describe('a server named on the command line', { timeout: 120_000 }, () => {
  it('refuses a URL with a user or password, without echoing it', async () => {
    for (const args of [
      ['list', 'tools', 'http://alice:s3cr3t-pw@127.0.0.1:9/mcp'],
      ['list', 'tools', '--url', 'http://alice:s3cr3t-pw@127.0.0.1:9/mcp'],
      ['bridge', 'http://alice:s3cr3t-pw@127.0.0.1:9/mcp'],
    ]) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('send it as a header');
      expect(run.stderr).not.toContain('s3cr3t-pw');
    }
  });

  it('refuses every scheme but http(s)', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,x']) {
      const run = await runCli(['list', 'tools', '--url', url]);
      expect(run.code, url).toBe(2);
      expect(run.stderr).toContain('--url needs an http:// or https:// URL');
    }
  });

  it('refuses a config entry of an unknown type, naming the file, the server and the field', async () => {
    const file = config({ type: 'websocket', url: 'ws://127.0.0.1:9/' });
    const run = await runCli(['list', 'tools', '--config', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toMatch(/"?it"?.*type.*expected stdio, http, streamable-http or sse/);
  });

  it('takes no inheritEnv or oauth from a config file: the shell environment stays out of the server', async () => {
    const [command, ...args] = SERVERS.everything;
    const file = config({ command, args, inheritEnv: true, oauth: { clientId: 'from-the-file' } });
    const run = await runCli(['call', 'get-env', '-q', '--config', file], { env: { MCPKIT_HOUSE_SECRET: 'hidden' } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('MCPKIT_HOUSE_SECRET');
  });
});
