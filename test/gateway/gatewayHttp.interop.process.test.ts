// `mcpkit gateway --http` as an operator runs it: callers authorize with
// OAuth (tokens of `mcpkit auth-server`), the policy in the config decides
// what each sees, upstream credentials are injected by the gateway and never
// reach the caller, a caller's token never reaches an upstream, /healthz
// tells only the status to callers without a token, and old clients get HTTP+SSE.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, startAuthServer, waitForOutput, type AuthServerProcess, type CliProcess } from '../support/authProcess.js';
import { FORM_ANSWER } from '../support/clientHandlers.js';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt } from '../support/process.js';

const T = 120_000;
const UPSTREAM_SECRET = 'Bearer upstream-secret-4242';
const RECORDER = fileURLToPath(new URL('./fixtures/recordingServer.mjs', import.meta.url));

let dir: string | undefined;
let auth: AuthServerProcess;
let recorder: CliProcess;
let gateway: CliProcess;
let gatewayUrl: URL;
let headersLog: string;

async function startRecorder(log: string): Promise<{ process: CliProcess; url: string }> {
  const child = spawn(process.execPath, [RECORDER, log], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const proc: CliProcess = {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return { process: proc, url: await waitForOutput(proc.output, /listening (\S+)/) };
}

async function tokenFor(scope: string, resource: string = gatewayUrl.href): Promise<string> {
  const response = await fetch(`${auth.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa('machine:shh')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (body.access_token === undefined) throw new Error(`no token: ${JSON.stringify(body)}`);
  return body.access_token;
}

beforeAll(async () => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-http-'));
  headersLog = join(dir, 'headers.log');
  writeFileSync(headersLog, '');
  auth = await startAuthServer(['--client-id', 'machine', '--client-secret', 'shh']);
  const rec = await startRecorder(headersLog);
  recorder = rec.process;
  const file = join(dir, 'mcp.json');
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'] },
        secured: { type: 'http', url: rec.url, headers: { Authorization: UPSTREAM_SECRET } },
      },
      gateway: {
        policy: [
          { callers: { scope: 'admin' }, servers: ['*'] },
          { callers: { scope: 'basic' }, servers: ['everything'], tools: ['everything_echo'] },
        ],
      },
    }),
  );
  gateway = spawnCli(['gateway', '--config', file, '--http', '0', '--auth-server', auth.issuer]);
  gatewayUrl = new URL(await waitForOutput(gateway.output, /serving on (\S+)/));
  // Wait until both upstreams are up (the health endpoint says so).
  const until = Date.now() + 60_000;
  for (;;) {
    const health = (await (await fetch(new URL('/healthz', gatewayUrl))).json()) as { status: string };
    if (health.status === 'ok') break;
    if (Date.now() > until) throw new Error(`upstreams never came up: ${gateway.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, T);

afterAll(async () => {
  // Each is unset when beforeAll failed before starting it.
  const started = [gateway, recorder, auth] as (CliProcess | undefined)[];
  for (const p of started) await p?.stop();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}, T);

describe('mcpkit gateway --http --auth-server', () => {
  it('answers /healthz, without a token, with its status alone: no upstream name or state', async () => {
    const response = await fetch(new URL('/healthz', gatewayUrl));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 'ok' });
    expect(text).not.toContain('everything');
    expect(text).not.toContain('secured');
    expect(text).not.toContain('upstream-secret');
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain(CLI_ENTRY);
  });

  it('refuses a caller without a token', async () => {
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/Bearer/);
  });

  it(
    'keeps caller and upstream credentials apart (v2 client, both eras)',
    async () => {
      const token = await tokenFor('admin');
      for (const era of ['handshake', 'stateless'] as const) {
        const client = new V2Client(
          { name: 'v2', version: '2.0.0' },
          era === 'stateless' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
        );
        const seen: string[] = [];
        const transport = new V2Http(gatewayUrl, {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
          fetch: async (url, init) => {
            const response = await fetch(url, init);
            seen.push(await response.clone().text());
            return response;
          },
        });
        await client.connect(transport);
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toContain('secured_seen');
        expect(names).toContain('everything_echo');
        const result = await client.callTool({ name: 'secured_seen' });
        expect(JSON.stringify(result)).toContain('hello from the recording server');
        await client.close();
        // Nothing the caller received carries the upstream's credential.
        expect(seen.join('\n')).not.toContain('upstream-secret');
      }
      const lines = readFileSync(headersLog, 'utf8').trim().split('\n');
      expect(lines.length).toBeGreaterThan(0);
      // The upstream got the gateway's credential on every request, never the caller's token.
      expect(new Set(lines)).toEqual(new Set([UPSTREAM_SECRET]));
      expect(readFileSync(headersLog, 'utf8')).not.toContain(token);
    },
    T,
  );

  it(
    "forwards the upstream's elicitation and progress to an HTTP caller (v2 client, both eras)",
    async () => {
      const token = await tokenFor('admin');
      for (const era of ['handshake', 'stateless'] as const) {
        const client = new V2Client(
          { name: 'v2', version: '2.0.0' },
          {
            capabilities: { elicitation: { form: {} } },
            ...(era === 'stateless' && { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
          },
        );
        const asked: unknown[] = [];
        client.setRequestHandler('elicitation/create', (request) => {
          asked.push(request.params);
          return { action: 'accept', content: { ...FORM_ANSWER } };
        });
        await client.connect(new V2Http(gatewayUrl, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
        const answered = await client.callTool({ name: 'everything_elicit_form' });
        expect(asked).toHaveLength(1);
        expect(answered.isError).not.toBe(true);
        const progress: number[] = [];
        await client.callTool(
          { name: 'everything_long_running_operation', arguments: { duration: 0.3, steps: 3 } },
          { onprogress: (p) => progress.push(p.progress) },
        );
        if (era === 'handshake') expect(progress.length).toBeGreaterThan(0);
        await client.close();
      }
    },
    T,
  );

  it(
    "shows a caller only what its token's scope allows (v1 client)",
    async () => {
      const token = await tokenFor('basic');
      const client = new V1Client({ name: 'v1', version: '1.0.0' });
      await client.connect(new V1Http(gatewayUrl, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['everything_echo']);
      const echoed = await client.callTool({ name: 'everything_echo', arguments: { message: 'basic' } });
      expect(JSON.stringify(echoed)).toContain('basic');
      await expect(client.callTool({ name: 'secured_seen' })).rejects.toThrow(/Unknown tool/);
      await expect(client.callTool({ name: 'everything_add', arguments: { a: 1, b: 2 } })).rejects.toThrow(/Unknown tool/);
      await client.close();
    },
    T,
  );

  it(
    'serves HTTP+SSE to old clients (v1 SSE transport)',
    async () => {
      // HTTP+SSE is a resource of its own: the token names /sse as its audience.
      const token = await tokenFor('admin', new URL('/sse', gatewayUrl).href);
      const headers = { authorization: `Bearer ${token}` };
      const client = new V1Client({ name: 'v1-sse', version: '1.0.0' });
      await client.connect(
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- HTTP+SSE is what this test is about
        new SSEClientTransport(new URL('/sse', gatewayUrl), {
          requestInit: { headers },
          eventSourceInit: {
            fetch: (url, init) => {
              const merged = new Headers(init.headers);
              merged.set('authorization', headers.authorization);
              return fetch(url, { ...init, headers: merged });
            },
          },
        }),
      );
      const echoed = await client.callTool({ name: 'everything_echo', arguments: { message: 'over sse' } });
      expect(JSON.stringify(echoed)).toContain('over sse');
      await client.close();
    },
    T,
  );
});
