/**
 * The real servers the interop and CLI tests start: the reference servers
 * from npm, the official-SDK fixtures, and mcpkit's own everything server;
 * on stdio (a command line) or on HTTP (a process that announces its URL).
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from '../support/harness.js';

/** The repository root. */
export const ROOT: string = fileURLToPath(new URL('../..', import.meta.url));

const pkg = (name: string): string => join(ROOT, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
const fixture = (name: string): string => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

/** Command lines (`[program, ...args]`) of the servers, for stdio. */
export const SERVERS = {
  everything: [process.execPath, pkg('server-everything'), 'stdio'],
  filesystem: (dir: string): string[] => [process.execPath, pkg('server-filesystem'), dir],
  memory: [process.execPath, pkg('server-memory')],
  sdkV1: [process.execPath, fixture('sdk-v1-server.mjs')],
  sdkV2: [process.execPath, fixture('sdk-v2-server.mjs')],
  mcpkit: [process.execPath, CLI_ENTRY, 'serve', 'everything'],
} as const;

/** A server process on HTTP. */
export interface HttpProcess {
  readonly url: string;
  /** Everything it wrote, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * Starts `command` and waits until its output matches `ready`; the URL is
 * `url` or, when not given, the first `http://…` in the output.
 */
export async function startHttp(
  command: readonly string[],
  options: { readonly env?: NodeJS.ProcessEnv; readonly ready: RegExp; readonly url?: string; readonly timeoutMs?: number },
): Promise<HttpProcess> {
  const [program = '', ...args] = command;
  const child: ChildProcess = spawn(program, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const found = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${command.join(' ')} did not start: ${output}`));
    }, options.timeoutMs ?? 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (!options.ready.test(output)) return;
      clearTimeout(timer);
      resolve(options.url ?? /https?:\/\/\S+/.exec(output)?.[0] ?? '');
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command.join(' ')} exited (${String(code)}): ${output}`));
    });
  });
  return {
    url: found,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The reference everything server on HTTP: `streamableHttp` (at /mcp) or the old `sse` transport (at /sse). */
export async function startEverythingHttp(mode: 'streamableHttp' | 'sse'): Promise<HttpProcess> {
  const port = await freePort();
  return startHttp([process.execPath, pkg('server-everything'), mode], {
    env: { PORT: String(port) },
    ready: /listening on port|running on port/i,
    url: `http://127.0.0.1:${String(port)}/${mode === 'sse' ? 'sse' : 'mcp'}`,
  });
}

/** An SDK fixture with `--http`. */
export function startFixtureHttp(which: 'sdkV1' | 'sdkV2'): Promise<HttpProcess> {
  return startHttp([...SERVERS[which], '--http'], { ready: /listening http/ });
}

/** A temporary directory, removed by `remove()`. */
export function tempDir(prefix: string): { readonly path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `mcpkit-${prefix}-`));
  return {
    path,
    remove: () => {
      rmSync(path, { recursive: true, force: true });
    },
  };
}
