/**
 * Real-process helpers: a check that the built CLI is current, and a
 * line-level peer for `mcpkit serve` (JSON in, JSON lines out, every byte of
 * stdout kept so a test can prove nothing else was written).
 *
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Fails fast, with the command to run, when the CLI or the everything server
 * was not built since its sources changed (mcpkit's own build is checked by
 * its tests; `npm test` builds everything first).
 */
export function assertCliBuilt(): void {
  for (const [src, built] of [
    ['apps/cli/src', 'apps/cli/dist/.tsbuildinfo'],
    ['servers/everything/src', 'servers/everything/dist/.tsbuildinfo'],
  ] as const) {
    const output = join(ROOT, built);
    if (!existsSync(output)) throw new Error(`${built} is missing: run \`npm run build\` at the repository root`);
    if (statSync(output).mtimeMs < newestSource(join(ROOT, src)) - 1000)
      throw new Error(`${built} is older than ${src}: run \`npm run build\``);
  }
}

/** Where a process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A spawned `mcpkit` process spoken to line by line. */
export class LinePeer {
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything written to stdout, raw. */
  stdout = '';
  /** Everything written to stderr. */
  stderr = '';
  readonly exited: Promise<Exit>;
  /** Answers server-to-client requests met while waiting in {@link request}. */
  onRequest: ((method: string, params: unknown) => unknown) | undefined;
  readonly #lines: unknown[] = [];
  #consumed = 0;
  #wake: (() => void) | undefined;

  constructor(args: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
    this.child = spawn(process.execPath, [CLI_ENTRY, ...args], {
      env: options.env ?? process.env,
      cwd: options.cwd ?? ROOT,
      stdio: 'pipe',
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    let partial = '';
    this.child.stdout.on('data', (chunk: string) => {
      this.stdout += chunk;
      partial += chunk;
      let nl: number;
      while ((nl = partial.indexOf('\n')) >= 0) {
        this.#lines.push(JSON.parse(partial.slice(0, nl)));
        partial = partial.slice(nl + 1);
      }
      this.#wake?.();
    });
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
      this.#wake?.();
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        resolve({ code, signal });
      });
    });
  }

  /** Writes one JSON-RPC message. */
  send(message: object): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** The next message the process writes. */
  async next(timeoutMs = 5000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    while (this.#consumed >= this.#lines.length) {
      if (Date.now() > deadline) throw new Error(`no message within ${String(timeoutMs)} ms; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 20);
      });
    }
    return this.#lines[this.#consumed++] as Record<string, unknown>;
  }

  /** Sends a request and returns the next message that answers it (notifications before it are kept in `seen`). */
  async request(
    message: { readonly id: number | string; readonly method: string; readonly params?: unknown },
    seen: unknown[] = [],
  ): Promise<Record<string, unknown>> {
    this.send({ jsonrpc: '2.0', ...message });
    for (;;) {
      const m = await this.next();
      if (m['id'] === message.id && !('method' in m)) return m;
      if (typeof m['method'] === 'string' && m['id'] !== undefined && this.onRequest !== undefined) {
        this.send({ jsonrpc: '2.0', id: m['id'], result: this.onRequest(m['method'], m['params']) });
      }
      seen.push(m);
    }
  }

  /** Waits until stderr contains `text`. */
  async stderrContains(text: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.stderr.includes(text)) {
      if (Date.now() > deadline) throw new Error(`stderr never contained ${JSON.stringify(text)}: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Kills the process if it is still running (test cleanup). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

/** A spawned `mcpkit serve everything --http 0`: its URL, and how to stop it. */
export interface HttpServerProcess {
  readonly url: URL;
  stop(): Promise<Exit>;
}

/** Starts `mcpkit serve everything` on HTTP (any free port) and waits until it listens. */
export async function startHttpServer(): Promise<HttpServerProcess> {
  assertCliBuilt();
  const peer = new LinePeer(['serve', 'everything', '--http', '0']);
  try {
    await peer.stderrContains('(Ctrl-C to stop)');
  } catch (error) {
    peer.kill();
    throw error;
  }
  const url = /serving everything on (\S+)/.exec(peer.stderr)?.[1];
  if (url === undefined) throw new Error(`no URL in: ${peer.stderr}`);
  return {
    url: new URL(url),
    stop: async () => {
      peer.child.kill('SIGTERM');
      return peer.exited;
    },
  };
}
