/**
 * Helpers for tests that run real processes: the fixture paths, a check that
 * the built library the fixtures import is current, pid liveness, and the
 * line-level peer of a spawned process (used for the fixture server here and
 * for `mcpkit serve` by the root tests).
 *
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deferred, sleep, TestError } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');

/** The fixture server (a `Connection` over `StdioServerTransport`). */
export const FIXTURE_SERVER: string = join(here, 'fixtures', 'stdioServer.mjs');
/** The naive launcher that runs the fixture server as a grandchild. */
export const FIXTURE_WRAPPER: string = join(here, 'fixtures', 'wrapper.mjs');

/**
 * Fails fast, with the command to run, when the built library the fixtures
 * import is missing or older than its sources (the tests would exercise stale code).
 */
export function assertBuilt(): void {
  const build = 'npx tsc -b packages/mcpkit/tsconfig.build.json';
  for (const folder of ['jsonrpc', join('node', 'stdio')]) {
    for (const file of readdirSync(join(pkg, 'src', folder))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = join(pkg, 'src', folder, file);
      const built = join(pkg, 'dist', folder, file.replace(/\.ts$/, '.js'));
      if (!existsSync(built)) throw new TestError(`${built} is missing: run \`${build}\` from the repository root`);
      if (statSync(built).mtimeMs < statSync(source).mtimeMs)
        throw new TestError(`${built} is older than its source: run \`${build}\``);
    }
  }
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True for an orphan that has exited and only waits for init to reap it
 * (Linux: state Z, parent 1). Some minimal init processes (this sandbox's
 * among them) reap orphans only every couple of seconds; until then
 * `kill(pid, 0)` still succeeds although nothing runs.
 */
function isReapableOrphan(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' && ppid === '1';
  } catch {
    return false;
  }
}

/**
 * Asserts the process is gone within `ms`: `process.kill(pid, 0)` throws
 * ESRCH (or the process is an exited orphan waiting only for init to reap it).
 */
export async function expectGone(pid: number, ms = 1000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw error;
    }
    if (isReapableOrphan(pid)) return;
    await sleep(10);
  }
  throw new TestError(`Process ${String(pid)} is still alive ${String(ms)} ms later`);
}

/** Where a process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Options of {@link LinePeer}. */
export interface LinePeerOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** The Node binary that runs the script (default: the one running the tests). */
  readonly node?: string;
}

/**
 * A spawned Node script spoken to line by line: any bytes in (so a test can
 * send what no transport would), JSON lines out, every byte of stdout and
 * stderr kept (so a test can prove nothing else was written). The one
 * process peer of the tests: the stdio fixture server, `mcpkit serve …`.
 */
export class LinePeer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<Exit>;
  /** Everything written to stdout, raw. */
  stdout = '';
  /** Everything written to stderr. */
  stderr = '';
  /** Answers server-to-client requests met while waiting in {@link request}. */
  onRequest: ((method: string, params: unknown) => unknown) | undefined;
  readonly #lines: string[] = [];
  #partial = '';
  #wake: (() => void) | undefined;

  constructor(script: string, args: readonly string[] = [], options: LinePeerOptions = {}) {
    this.child = spawn(options.node ?? process.execPath, [script, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.env !== undefined && { env: options.env }),
      ...(options.cwd !== undefined && { cwd: options.cwd }),
    });
    const exit = deferred<Exit>();
    this.exited = exit.promise;
    this.child.on('exit', (code, signal) => {
      exit.resolve({ code, signal });
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text: string) => {
      this.stdout += text;
      const parts = (this.#partial + text).split('\n');
      this.#partial = parts.pop() ?? '';
      this.#lines.push(...parts);
      this.#wake?.();
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      this.stderr += text;
      this.#wake?.();
    });
    // A test may write to a process that already exited (that is often the point).
    this.child.stdin.on('error', () => undefined);
  }

  /** Writes `data` and a newline; resolves once the pipe took it. */
  async writeLine(data: string | Uint8Array): Promise<void> {
    const stdin = this.child.stdin;
    stdin.write(data);
    if (!stdin.write('\n')) await new Promise((resolve) => stdin.once('drain', resolve));
  }

  /** Writes one JSON-RPC message. */
  send(message: object): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** The next stdout line, parsed (a line that is not JSON fails the test). */
  async next(timeoutMs = 15_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    while (this.#lines.length === 0) {
      if (Date.now() > deadline) throw new TestError(`No line within ${String(timeoutMs)} ms; stderr: ${this.stderr}`);
      const woken = new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      await Promise.race([woken, sleep(20)]);
    }
    const line = this.#lines.shift() ?? '';
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new TestError(`Not a JSON line on stdout: ${line.slice(0, 200)}`);
    }
  }

  /** Lines received so far and not yet read. */
  get unread(): number {
    return this.#lines.length;
  }

  /** Sends a request and returns the response to it (messages before it are kept in `seen`). */
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

  /** Waits until stdout matches `pattern`; resolves with the match. */
  async stdoutMatches(pattern: RegExp, timeoutMs = 5000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(this.stdout);
      if (match !== null) return match;
      if (Date.now() > deadline)
        throw new TestError(`stdout never matched ${String(pattern)}: ${this.stdout}\nstderr: ${this.stderr}`);
      await sleep(20);
    }
  }

  /** Waits until stderr contains `text`. */
  async stderrContains(text: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.stderr.includes(text)) {
      if (Date.now() > deadline) throw new TestError(`stderr never contained ${JSON.stringify(text)}: ${this.stderr}`);
      await sleep(20);
    }
  }

  /** Kills the process if it still runs (test cleanup). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
