/**
 * The built CLI's OAuth pair as real processes: `mcpkit auth-server` (the
 * development authorization server) and `mcpkit serve everything --http 0
 * --auth-server ISSUER` (the reference server protected by it). Several
 * process tests start them the same way; they read the address each prints
 * rather than choosing ports, so runs in parallel never collide.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_ENTRY } from './harness.js';
import { assertCliBuilt } from './process.js';

/** How long a process may take to print its address: generous, the machine may be loaded. */
const START_TIMEOUT_MS = 30_000;
/** After SIGTERM, how long before SIGKILL: a stuck process must not hang the suite's cleanup. */
const STOP_GRACE_MS = 5_000;

/** A spawned `mcpkit`, its stdout and stderr read as one text. */
export interface CliProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  readonly output: () => string;
  /** SIGTERM (SIGKILL if it lingers), resolved once it has exited. */
  readonly stop: () => Promise<void>;
}

/** Spawns the built CLI with `args`; `env` replaces the environment when given. */
export function spawnCli(args: readonly string[], env?: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `pattern` matches the output and returns its first group; fails with the output seen. */
export async function waitForOutput(read: () => string, pattern: RegExp, timeoutMs = START_TIMEOUT_MS): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = pattern.exec(read());
    if (m?.[1] !== undefined) return m[1];
    if (Date.now() > deadline) throw new Error(`never saw ${String(pattern)} in: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A started `mcpkit auth-server`. */
export interface AuthServerProcess extends CliProcess {
  /** Its issuer URL, as it printed it. */
  readonly issuer: string;
}

/**
 * Starts `mcpkit auth-server --port 0` with `args` (`--auto-approve`, or a
 * client's `--client-id`/`--client-secret`) and waits for its issuer.
 */
export async function startAuthServer(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<AuthServerProcess> {
  assertCliBuilt();
  const as = spawnCli(['auth-server', '--port', '0', ...args], env);
  try {
    return { ...as, issuer: await waitForOutput(as.output, /listening (\S+)/) };
  } catch (error) {
    await as.stop();
    throw error;
  }
}

/** A started `mcpkit serve everything --http 0 --auth-server ISSUER`. */
export interface ProtectedServerProcess extends CliProcess {
  /** Its Streamable HTTP endpoint. */
  readonly url: URL;
}

/**
 * Starts the everything server on HTTP, protected by the authorization server
 * at `issuer` (which need not answer: tests of a dead one use this too).
 */
export async function startProtectedEverything(issuer: string, env?: NodeJS.ProcessEnv): Promise<ProtectedServerProcess> {
  assertCliBuilt();
  const mcp = spawnCli(['serve', 'everything', '--http', '0', '--auth-server', issuer], env);
  try {
    return { ...mcp, url: new URL(await waitForOutput(mcp.output, /serving everything on (\S+)/)) };
  } catch (error) {
    await mcp.stop();
    throw error;
  }
}
