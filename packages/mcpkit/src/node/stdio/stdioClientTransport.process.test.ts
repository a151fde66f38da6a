// Spawns real processes: the fixture server (and a launcher wrapping it) in test/fixtures, run on the built library.
import { tmpdir } from 'node:os';
import { realpathSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLocalError, testCancellation } from '../../../test/helpers.js';
import { assertBuilt, expectGone, FIXTURE_SERVER, FIXTURE_WRAPPER, isAlive } from '../../../test/processHelpers.js';
import { Connection } from '../../jsonrpc/connection.js';
import type { ConnectionOptions } from '../../jsonrpc/connectionOptions.js';
import { decode } from '../../jsonrpc/codec.js';
import type { Frame } from '../../jsonrpc/transport.js';
import { StdioClientTransport, type StdioClientTransportOptions } from './stdioClientTransport.js';

const SECRET = 'MCPKIT_TEST_SECRET';
let transports: StdioClientTransport[] = [];
let stray: number[] = [];

/** A client transport for the fixture server (or the wrapper), closed after the test. */
function fixture(
  args: string[] = [],
  options: Partial<StdioClientTransportOptions> = {},
  script = FIXTURE_SERVER,
): StdioClientTransport {
  const transport = new StdioClientTransport({ command: process.execPath, args: [script, ...args], stderr: 'pipe', ...options });
  transports.push(transport);
  return transport;
}

async function connect(transport: StdioClientTransport, options: ConnectionOptions = {}): Promise<Connection> {
  const connection = new Connection(transport, { cancellation: testCancellation, ...options });
  await connection.start();
  return connection;
}

beforeAll(() => {
  assertBuilt();
  process.env[SECRET] = 'hunter2';
});

afterEach(async () => {
  await Promise.allSettled(transports.map((t) => t.close()));
  for (const pid of stray) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  transports = [];
  stray = [];
});

describe('StdioClientTransport with a real server process', () => {
  it('spawns the command and correlates requests with the child', async () => {
    const transport = fixture();
    const connection = await connect(transport);
    const who = (await connection.request('pid')) as { pid: number };
    expect(who.pid).toBe(transport.pid);
    const answers = await Promise.all([1, 2, 3].map((n) => connection.request('echo', { n })));
    expect(answers).toStrictEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('round-trips a 10 MB message', async () => {
    const connection = await connect(fixture());
    const blob = 'The quick brown fox jumps over the lazy dog. '.repeat(233_017).slice(0, 10_000_000);
    const started = performance.now();
    const echoed = (await connection.request('echo', { blob })) as { blob: string };
    expect(echoed.blob.length).toBe(10_000_000);
    expect(echoed.blob === blob).toBe(true);
    // Well under a second on an idle core; the bound only catches a buffer that grows quadratically
    // (minutes), not a machine that is busy.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('cancels a request in the child through the cancellation convention', async () => {
    const connection = await connect(fixture());
    const controller = new AbortController();
    const call = connection.request('slow', { ms: 5000 }, { signal: controller.signal });
    controller.abort('enough');
    await expectLocalError(call, 'CANCELLED');
    await expect(connection.request('echo', { ok: 1 })).resolves.toStrictEqual({ ok: 1 });
  });

  describe('environment', () => {
    it('does not pass the parent’s secrets by default, only the safe set', async () => {
      const connection = await connect(fixture());
      const env = (await connection.request('env')) as Record<string, string>;
      expect(env[SECRET]).toBeUndefined();
      expect(env['PATH']).toBe(process.env['PATH']);
    });

    it('passes variables given in env', async () => {
      const connection = await connect(fixture([], { env: { [SECRET]: 'given', OTHER: 'x' } }));
      const env = (await connection.request('env')) as Record<string, string>;
      expect(env[SECRET]).toBe('given');
      expect(env['OTHER']).toBe('x');
    });

    it('inherits exactly the variables named in inheritEnv', async () => {
      const connection = await connect(fixture([], { inheritEnv: [SECRET] }));
      const env = (await connection.request('env')) as Record<string, string>;
      expect(env[SECRET]).toBe('hunter2');
      expect(env['PATH']).toBeUndefined();
    });

    it('inherits everything with inheritEnv: true', async () => {
      const connection = await connect(fixture([], { inheritEnv: true }));
      const env = (await connection.request('env')) as Record<string, string>;
      expect(env[SECRET]).toBe('hunter2');
    });

    it('runs in the given cwd', async () => {
      const dir = realpathSync(tmpdir());
      const connection = await connect(fixture([], { cwd: dir }));
      expect(await connection.request('cwd')).toBe(dir);
    });
  });

  describe('stderr and stdout', () => {
    it('surfaces stderr through onStderr, while stdout carries only protocol', async () => {
      let stderr = '';
      const frames: Frame[] = [];
      const transport = fixture(['--stderr-banner', 'fixture starting'], { onStderr: (text) => (stderr += text) });
      await transport.start({ receive: (frame) => frames.push(frame), reject: () => undefined, closed: () => undefined });
      await transport.send({ jsonrpc: '2.0', id: 1, method: 'log', params: { text: 'console noise' } });
      await expect.poll(() => frames.length).toBe(1);
      await expect.poll(() => stderr.split('console noise').length).toBe(4);
      expect(stderr).toContain('fixture starting');
      for (const frame of frames) expect(decode(frame as Uint8Array)).toMatchObject({ ok: true });
      expect(decode(frames[0] as Uint8Array)).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', id: 1, result: 'logged' } });
    });
  });

  describe('exit reporting', () => {
    it('reports an exit code, closes the connection with it and fails pending requests', async () => {
      const transport = fixture();
      let closedWith: Error | undefined;
      const connection = await connect(transport, { onClose: (error) => (closedWith = error) });
      const pending = connection.request('slow', { ms: 5000 });
      await connection.notify('exit', { code: 3 });
      expect(await transport.exited).toStrictEqual({ code: 3, signal: null });
      await expectLocalError(pending, 'CONNECTION_CLOSED');
      await expect.poll(() => closedWith?.message).toContain('exit code 3');
    });

    it('reports the signal that killed the child', async () => {
      const transport = fixture();
      let closedWith: Error | undefined;
      await connect(transport, { onClose: (error) => (closedWith = error) });
      process.kill(transport.pid ?? 0, 'SIGKILL');
      expect(await transport.exited).toStrictEqual({ code: null, signal: 'SIGKILL' });
      await expect.poll(() => closedWith?.message).toContain('signal SIGKILL');
    });

    it('rejects `exited` before start', async () => {
      await expectLocalError(new StdioClientTransport({ command: 'true' }).exited, 'CONNECTION_CLOSED');
    });

    it('rejects start with TRANSPORT_FAILED when the command does not exist, and close still returns', async () => {
      const transport = fixture([], { command: '/nonexistent/mcp-server' });
      const error = await expectLocalError(
        transport.start({ receive: () => undefined, reject: () => undefined, closed: () => undefined }),
        'TRANSPORT_FAILED',
      );
      expect(error.message).toContain('ENOENT');
      const started = performance.now();
      await transport.close();
      expect(performance.now() - started).toBeLessThan(5_000); // immediate when idle; generous for a loaded machine
    });
  });

  describe('shutdown: close stdin, wait, SIGTERM, wait, SIGKILL', () => {
    it('lets a cooperative server exit on its own when stdin closes', async () => {
      const transport = fixture([], { shutdownStepMs: 2000 });
      const connection = await connect(transport);
      await connection.request('echo', {});
      const pid = transport.pid ?? 0;
      const started = performance.now();
      await connection.close();
      // Exit code 0, not SIGTERM: it left before the 2 s step; the bound is loose because the machine may be loaded.
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(await transport.exited).toStrictEqual({ code: 0, signal: null });
      await expectGone(pid, 100);
    });

    it('sends SIGTERM to a server that ignores the end of stdin', async () => {
      const transport = fixture(['--ignore-stdin-close'], { shutdownStepMs: 300 });
      const connection = await connect(transport);
      await connection.request('echo', {});
      const started = performance.now();
      await connection.close();
      const elapsed = performance.now() - started;
      expect(await transport.exited).toStrictEqual({ code: null, signal: 'SIGTERM' });
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(10_000); // the signal above says which step ended it; this only catches a hang
      await expectGone(transport.pid ?? 0, 100);
    });

    it('sends SIGKILL to a server that ignores SIGTERM too', async () => {
      const transport = fixture(['--ignore-stdin-close', '--ignore-sigterm'], { shutdownStepMs: 300 });
      const connection = await connect(transport);
      await connection.request('echo', {});
      const started = performance.now();
      await connection.close();
      const elapsed = performance.now() - started;
      expect(await transport.exited).toStrictEqual({ code: null, signal: 'SIGKILL' });
      expect(elapsed).toBeGreaterThanOrEqual(590);
      expect(elapsed).toBeLessThan(10_000); // as above: a hang, not a slow machine
      await expectGone(transport.pid ?? 0, 100);
    });
  });

  describe('no process left behind', () => {
    it('ends a server started through a launcher: the launcher and its child (the grandchild)', async () => {
      const transport = fixture([], { shutdownStepMs: 1000 }, FIXTURE_WRAPPER);
      const connection = await connect(transport);
      const { pid, ppid } = (await connection.request('pid')) as { pid: number; ppid: number };
      stray.push(pid);
      expect(ppid).toBe(transport.pid);
      await connection.close();
      expect(await transport.exited).toStrictEqual({ code: 0, signal: null });
      await expectGone(ppid, 100);
      await expectGone(pid, 500);
    });

    it('ends a stubborn grandchild even after the launcher itself died of SIGTERM', async () => {
      const transport = fixture(['--ignore-stdin-close', '--ignore-sigterm'], { shutdownStepMs: 200 }, FIXTURE_WRAPPER);
      const connection = await connect(transport);
      const { pid, ppid } = (await connection.request('pid')) as { pid: number; ppid: number };
      stray.push(pid);
      const started = performance.now();
      await connection.close();
      expect(performance.now() - started).toBeLessThan(10_000);
      expect((await transport.exited).signal).toBe('SIGTERM'); // the launcher forwards nothing and dies of it
      await expectGone(ppid, 100);
      await expectGone(pid, 500);
    });

    it('ends a straggler the server started and left running (not holding the pipes)', async () => {
      const transport = fixture(['--spawn-sleeper'], { shutdownStepMs: 300 });
      const connection = await connect(transport);
      const { sleeper } = (await connection.request('pid')) as { sleeper: number };
      stray.push(sleeper);
      expect(isAlive(sleeper)).toBe(true);
      await connection.close();
      expect(await transport.exited).toStrictEqual({ code: 0, signal: null });
      await expectGone(transport.pid ?? 0, 100);
      await expectGone(sleeper, 1000);
    });
  });
});
