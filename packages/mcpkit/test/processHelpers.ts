/**
 * Helpers for tests that run real processes: the fixture paths, a check that
 * the built library the fixtures import is current, pid liveness, and a raw
 * line-level client for feeding a server bytes the transports would never send.
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

/** A raw stdio client: writes any bytes, reads stdout as lines. */
export class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr = '';
  readonly #lines: string[] = [];
  #partial = '';
  #wake: (() => void) | undefined;

  constructor(args: readonly string[] = []) {
    this.child = spawn(process.execPath, [FIXTURE_SERVER, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const exit = deferred<{ code: number | null; signal: NodeJS.Signals | null }>();
    this.exited = exit.promise;
    this.child.on('exit', (code, signal) => {
      exit.resolve({ code, signal });
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (text: string) => {
      const parts = (this.#partial + text).split('\n');
      this.#partial = parts.pop() ?? '';
      this.#lines.push(...parts);
      this.#wake?.();
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text: string) => {
      this.stderr += text;
    });
    this.child.stdin.on('error', () => undefined);
  }

  /** Writes `data` and a newline; resolves once the pipe took it. */
  async writeLine(data: string | Uint8Array): Promise<void> {
    const stdin = this.child.stdin;
    stdin.write(data);
    if (!stdin.write('\n')) await new Promise((resolve) => stdin.once('drain', resolve));
  }

  /** The next stdout line, parsed. */
  async next(timeoutMs = 2000): Promise<unknown> {
    const start = Date.now();
    while (this.#lines.length === 0) {
      if (Date.now() - start > timeoutMs)
        throw new TestError(`No line from the server within ${timeoutMs} ms; stderr: ${this.stderr}`);
      const woken = new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      await Promise.race([woken, sleep(20)]);
    }
    return JSON.parse(this.#lines.shift() ?? '');
  }

  /** Lines received so far and not yet read. */
  get unread(): number {
    return this.#lines.length;
  }

  /** Kills the process if it still runs. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
