/**
 * The transport for a stdio target, as every CLI command starts it: the
 * target's command, arguments and environment, its stderr piped to the
 * caller, and a prompt shutdown.
 *
 * @module
 */
import { StdioClientTransport } from 'mcpkit/stdio';
import type { StdioTarget } from './target.js';

/** A transport that starts `target`'s process, handing its stderr to `onStderr`. */
export function stdioProcess(target: StdioTarget, onStderr: (text: string) => void): StdioClientTransport {
  return new StdioClientTransport({
    command: target.command,
    args: target.args,
    env: target.env,
    ...(target.cwd !== undefined && { cwd: target.cwd }),
    ...(target.inheritEnv === true && { inheritEnv: true }),
    // A command line should end promptly: a server gets 1 s after stdin closes, then SIGTERM, then SIGKILL.
    shutdownStepMs: 1000,
    stderr: 'pipe',
    onStderr,
  });
}
