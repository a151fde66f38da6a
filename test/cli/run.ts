/**
 * Runs the built `mcpkit` command as a process and collects what it did.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt } from '../support/process.js';
import { ROOT } from '../interop/servers.js';

/** How a run ended. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time, ms. */
  readonly ms: number;
}

let checked = false;

/** Runs `mcpkit ...args` (stdin closed at once unless `input` is given). */
export function runCli(
  args: readonly string[],
  options: { readonly env?: NodeJS.ProcessEnv; readonly input?: string; readonly cwd?: string } = {},
): Promise<CliRun> {
  if (!checked) assertCliBuilt();
  checked = true;
  const started = Date.now();
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve) => {
    child.once('close', (code) => {
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Runs `mcpkit ...args --json`, expects exit 0, and parses stdout. */
export async function cliJson<T = Record<string, unknown>>(
  args: readonly string[],
  options?: Parameters<typeof runCli>[1],
): Promise<T> {
  const dash = args.indexOf('--');
  const withJson = dash < 0 ? [...args, '--json'] : [...args.slice(0, dash), '--json', ...args.slice(dash)];
  const run = await runCli(withJson, options);
  if (run.code !== 0) throw new Error(`mcpkit ${withJson.join(' ')} exited ${String(run.code)}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
