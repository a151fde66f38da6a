/**
 * Servers that come and go, through `mcpkit/host`'s API with real processes:
 * an HTTP server that is down when the host starts joins when it comes up
 * (its tools reach the model's next turn); an HTTP server that restarts (its
 * session gone, 404) answers the next call; `start()` bounded by
 * `startWaitMs` with a server that hangs while the others serve; a
 * server's status naming its state, its error, its next attempt and its log;
 * a server that exits at start, its stderr in its log.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost, type HostEvent, type ServerConfig } from 'mcpkit/host';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import type { FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { freePort, startHttp, type HttpProcess } from '../interop/servers.js';
import { spawnCli, waitForOutput, type CliProcess } from '../support/authProcess.js';
import { assertCliBuilt } from '../support/process.js';

const FIXTURE = fileURLToPath(new URL('fixtures/hostFixture.mjs', import.meta.url));
const SESSION_SERVER = fileURLToPath(new URL('fixtures/sessionServer.mjs', import.meta.url));

let model: FakeApi;
let scratch: string;
const processes: CliProcess[] = [];

beforeAll(async () => {
  assertCliBuilt();
  model = await startFakeAnthropic(directed);
  scratch = mkdtempSync(join(tmpdir(), 'mcpkit-lifecycle-'));
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await model.close();
  rmSync(scratch, { recursive: true, force: true });
});

function newHost(servers: ServerConfig[], options: Partial<ConstructorParameters<typeof NodeHost>[0]> = {}): NodeHost {
  return new NodeHost({
    servers,
    model: 'anthropic/claude-test',
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url },
    logDir: join(scratch, 'logs'),
    policy: { default: 'allow' },
    auth: false,
    ...options,
  });
}

/** `mcpkit serve everything --http PORT`, once it listens. */
async function serveEverything(port: number): Promise<CliProcess> {
  const server = spawnCli(['serve', 'everything', '--http', String(port)]);
  processes.push(server);
  await waitForOutput(server.output, /serving everything on (\S+)/);
  return server;
}

const http = (name: string, port: number): ServerConfig => ({
  name,
  type: 'http',
  url: `http://127.0.0.1:${String(port)}/mcp`,
  headers: {},
});

describe('servers that come and go', () => {
  it('an HTTP server down at start joins when it comes up, and its tools reach the next turn', async () => {
    const port = await freePort();
    const events: HostEvent[] = [];
    const host = newHost([http('web', port)], {
      restart: { maxAttempts: 1, initialDelayMs: 100, pollMs: 300 },
      onEvent: (e) => events.push(e),
    });
    try {
      await host.start();
      const [down] = host.servers();
      expect(down?.state).not.toBe('ready');
      expect(down?.error).toMatch(/could not start/);
      await expect.poll(() => host.servers()[0]?.state, { timeout: 10_000 }).toBe('failed');
      expect(host.servers()[0]?.retryInMs).toBeLessThanOrEqual(300);
      expect(host.tools()).toEqual([]);
      await serveEverything(port);
      await expect.poll(() => host.servers()[0]?.state, { timeout: 20_000 }).toBe('ready');
      const transcript = await host.ask('call web__echo {"message":"joined"}');
      expect(transcript.toolCalls.map((c) => [c.tool, c.outcome])).toEqual([['echo', 'ok']]);
      expect(transcript.answer).toContain('joined');
      expect(events.some((e) => e.type === 'server-state' && e.state === 'failed' && e.retryInMs === 300)).toBe(true);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('an HTTP server that restarts (its session gone, 404) answers the next call, without a host restart', async () => {
    // A handshake-era server with sessions in memory: restarted, it answers the old session id with 404.
    const port = await freePort();
    const sessionServer = (): Promise<HttpProcess> =>
      startHttp([process.execPath, SESSION_SERVER, String(port)], { ready: /listening http/ });
    const first = await sessionServer();
    const events: HostEvent[] = [];
    const host = newHost([http('web', port)], { onEvent: (e) => events.push(e) });
    let second: HttpProcess | undefined;
    try {
      await host.start();
      expect(host.servers()[0]?.state).toBe('ready');
      expect(host.servers()[0]?.revision).toBe('2025-11-25');
      expect((await host.callTool('web__echo', { message: 'one' })).isError).not.toBe(true);
      await first.stop();
      second = await sessionServer();
      const result = await host.callTool('web__echo', { message: 'two' });
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content)).toContain('two');
      // The client started a new session by itself: the host never saw the server down.
      const states = events.flatMap((e) => (e.type === 'server-state' ? [e.state] : []));
      expect(states).toEqual(['starting', 'ready']);
    } finally {
      await host.close();
      await second?.stop();
    }
  }, 60_000);

  it('start() waits at most startWaitMs; a server that hangs is named with its log, and the others serve', async () => {
    const host = newHost(
      [
        { name: 'stuck', type: 'stdio', command: process.execPath, args: [FIXTURE, '--hang-on-start'], env: {} },
        { name: 'fixture', type: 'stdio', command: process.execPath, args: [FIXTURE], env: {} },
      ],
      { startWaitMs: 3000, startTimeoutMs: 60_000 },
    );
    try {
      await host.start();
      const [stuck, fixture] = host.servers();
      expect(fixture?.state).toBe('ready');
      expect(stuck?.state).toBe('starting');
      expect(stuck?.logFile).toBe(join(scratch, 'logs', 'stuck.log'));
      const transcript = await host.ask('call fixture__note {}');
      expect(transcript.toolCalls[0]?.outcome).toBe('ok');
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a server that exits at start: failed, why, when it is tried again, and its stderr in its log', async () => {
    const script = "process.stderr.write('cannot start: no config\\n'); process.exit(3)";
    const host = newHost([{ name: 'broken', type: 'stdio', command: process.execPath, args: ['-e', script], env: {} }], {
      restart: { maxAttempts: 1, initialDelayMs: 50, pollMs: 60_000 },
    });
    try {
      await host.start();
      await expect.poll(() => host.servers()[0]?.state, { timeout: 20_000 }).toBe('failed');
      const [status] = host.servers();
      expect(status?.error).toMatch(/could not start|stopped/);
      expect(status?.retryInMs).toBeGreaterThan(0);
      expect(status?.retryInMs).toBeLessThanOrEqual(60_000);
      const log = status?.logFile ?? '';
      await expect
        .poll(() => (existsSync(log) ? readFileSync(log, 'utf8') : ''), { timeout: 10_000 })
        .toContain('cannot start: no config');
    } finally {
      await host.close();
    }
  }, 60_000);

  it('a list change a tool call causes reaches the very next model call of the same question', async () => {
    const host = newHost([{ name: 'fixture', type: 'stdio', command: process.execPath, args: [FIXTURE], env: {} }]);
    try {
      await host.start();
      const before = model.requests.length;
      await host.ask('call fixture__grow {}');
      // The model call that carries grow's result already offers the tool grow added.
      const second = model.requests[before + 1]?.body['tools'] as { name: string }[] | undefined;
      expect(second?.map((t) => t.name)).toContain('fixture__grown');
    } finally {
      await host.close();
    }
  }, 60_000);
});
