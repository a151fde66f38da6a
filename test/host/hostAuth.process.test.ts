/**
 * The Node host authorizing an HTTP server that needs OAuth: `mcpkit
 * auth-server --auto-approve` and `mcpkit serve everything --auth-server`,
 * the host's own OAuth client (the "user" follows the printed URL), its
 * tokens kept in the token file `mcpkit login` uses, a second host reusing
 * them without a browser, an authorizer supplied from code, and a server
 * whose authorization fails reported failed while the others keep working;
 * and `mcpkit chat --no-browser` printing the URL, then calling the tool.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost, type ServerConfig } from 'mcpkit/host';
import { AuthorizationError } from 'mcpkit/auth';
import type { HttpAuthorizer } from 'mcpkit/http';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { CLI_ENTRY } from '../support/harness.js';
import { startAuthServer, startProtectedEverything, type CliProcess } from '../support/authProcess.js';
import { assertCliBuilt } from '../support/process.js';

const processes: CliProcess[] = [];
let scratch: string;
let issuer: string;
let url: string;
/** A protected server whose authorization server does not answer. */
let orphan: string;

const http = (name: string, at: string, headers: Record<string, string> = {}): ServerConfig => ({
  name,
  type: 'http',
  url: at,
  headers,
});

/** Plays the user's browser: the auto-approving server redirects straight to the host's loopback listener. */
function follow(href: string): void {
  void fetch(href).then((r) => r.text());
}

beforeAll(async () => {
  assertCliBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'mcpkit-host-auth-'));
  const as = await startAuthServer(['--auto-approve']);
  processes.push(as);
  issuer = as.issuer;
  const guarded = await startProtectedEverything(issuer);
  processes.push(guarded);
  url = guarded.url.href;
  const dead = await startProtectedEverything('http://127.0.0.1:9/');
  processes.push(dead);
  orphan = dead.url.href;
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('a host with an OAuth-protected HTTP server', () => {
  it('authorizes through the printed URL, lists and calls its tools, and keeps the token for the next host', async () => {
    const tokenFile = join(scratch, 'auth.json');
    const urls: string[] = [];
    const host = new NodeHost({
      servers: [http('guarded', url), http('orphan', orphan)],
      logDir: false,
      restart: { maxAttempts: 0 },
      auth: {
        tokenFile,
        openBrowser: false,
        onUrl: (server, at, opened) => {
          expect(opened).toBe(false);
          urls.push(`${server} ${at.href}`);
          follow(at.href);
        },
      },
    });
    try {
      await host.start();
      const states = Object.fromEntries(host.servers().map((s) => [s.name, s]));
      expect(states['guarded']?.state).toBe('ready');
      // The authorization server of this one never answers: it fails like any server, the other keeps working.
      expect(states['orphan']?.state).toBe('failed');
      expect(states['orphan']?.error).toMatch(/.+/);
      expect(urls).toHaveLength(1);
      expect(urls[0]).toMatch(new RegExp(`^guarded ${issuer.replace(/\/$/, '')}/`));
      expect(host.tools().map((t) => t.name)).toContain('guarded__echo');
      const result = await host.callTool('guarded__echo', { message: 'through OAuth' });
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content)).toContain('through OAuth');
    } finally {
      await host.close();
    }
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(tokenFile, 'utf8')) as { servers: Record<string, unknown> };
    expect(Object.keys(kept.servers)).toEqual([url]);

    // The same file, as `mcpkit login` leaves it: no authorization page this time.
    const again = new NodeHost({
      servers: [http('guarded', url)],
      logDir: false,
      auth: {
        tokenFile,
        openBrowser: false,
        onUrl: () => {
          throw new Error('asked to authorize again');
        },
      },
    });
    try {
      await again.start();
      expect(again.servers()[0]?.state).toBe('ready');
      expect((await again.callTool('guarded__echo', { message: 'reused' })).isError).not.toBe(true);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('uses an authorizer given in code, and leaves the server failed (no restarts) when it refuses', async () => {
    const asked: string[] = [];
    const refusing: HttpAuthorizer = {
      headers: () => Promise.resolve({}),
      challenge: () => Promise.reject(new AuthorizationError('access_denied', 'no credentials for this server')),
    };
    // The default restart policy: a refused authorization is not asked again by itself.
    const host = new NodeHost({
      servers: [http('guarded', url)],
      logDir: false,
      auth: (server) => {
        asked.push(server.name);
        return refusing;
      },
    });
    try {
      await host.start();
      expect(asked).toEqual(['guarded']);
      const [status] = host.servers();
      expect(status?.state).toBe('failed');
      expect(status?.error).toContain('no credentials for this server');
    } finally {
      await host.close();
    }
  }, 60_000);

  it('sends a configured Authorization header as given, without OAuth', async () => {
    const host = new NodeHost({
      servers: [http('guarded', url, { Authorization: 'Bearer not-a-token' })],
      logDir: false,
      restart: { maxAttempts: 0 },
      auth: { tokenFile: join(scratch, 'unused.json'), openBrowser: false, onUrl: () => expect.fail('no OAuth expected') },
    });
    try {
      await host.start();
      expect(host.servers()[0]?.state).toBe('failed');
    } finally {
      await host.close();
    }
  }, 60_000);
});

describe('mcpkit chat with an OAuth-protected HTTP server', () => {
  it('prints the authorization URL (--no-browser), then calls the tool with the token it got', async () => {
    const model = await startFakeAnthropic(directed);
    try {
      const config = join(scratch, 'chat.mcp.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { guarded: { type: 'http', url } } }));
      const child = spawn(
        process.execPath,
        [
          CLI_ENTRY,
          'chat',
          '--config',
          config,
          '--model',
          'anthropic/claude-test',
          '--approve',
          'all',
          '--no-browser',
          '--once',
          'call guarded__echo {"message":"from chat"}',
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            PATH: process.env['PATH'],
            HOME: scratch,
            XDG_STATE_HOME: join(scratch, 'state'),
            MCPKIT_AUTH_FILE: join(scratch, 'chat-auth.json'),
            ANTHROPIC_API_KEY: 'test-key',
            ANTHROPIC_BASE_URL: model.url,
          },
        },
      );
      let stdout = '';
      let stderr = '';
      let followed = false;
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => {
        stderr += c;
        const m = /needs authorization; open:\n {2}(\S+)/.exec(stderr);
        if (m !== null && !followed) {
          followed = true;
          follow(m[1]!);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(stderr).toContain('mcpkit: server guarded needs authorization; open:');
      expect(followed).toBe(true);
      expect(code).toBe(0);
      expect(stdout).toContain('from chat');
    } finally {
      await model.close();
    }
  }, 60_000);
});
