/**
 * One log file per server, where its stderr goes (appended, each start marked
 * with the time and the command), in the platform's place for logs:
 * `~/Library/Logs/mcpkit` (macOS), `%LOCALAPPDATA%\mcpkit\logs` (Windows),
 * `$XDG_STATE_HOME/mcpkit/logs` or `~/.local/state/mcpkit/logs` elsewhere.
 *
 * @module
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where server logs go by default on this machine. */
export function defaultLogDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Logs', 'mcpkit');
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? join(homedir(), 'AppData', 'Local'), 'mcpkit', 'logs');
  return join(env['XDG_STATE_HOME'] ?? join(homedir(), '.local', 'state'), 'mcpkit', 'logs');
}

/** The servers' log files. */
export class ServerLogs {
  readonly dir: string;
  readonly #streams = new Map<string, WriteStream>();
  #failed = false;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The file of `server`. */
  path(server: string): string {
    return join(this.dir, `${server.replace(/[^A-Za-z0-9._-]/g, '_')}.log`);
  }

  /** Appends to `server`'s log; a log that cannot be written is given up silently (it is diagnostics). */
  write(server: string, text: string): void {
    if (this.#failed) return;
    let stream = this.#streams.get(server);
    if (stream === undefined) {
      try {
        mkdirSync(this.dir, { recursive: true });
      } catch {
        this.#failed = true;
        return;
      }
      stream = createWriteStream(this.path(server), { flags: 'a' });
      stream.on('error', () => {
        this.#failed = true;
      });
      this.#streams.set(server, stream);
    }
    stream.write(text);
  }

  /** Closes every file. */
  async close(): Promise<void> {
    const streams = [...this.#streams.values()];
    this.#streams.clear();
    await Promise.all(streams.map((s) => new Promise<void>((resolve) => s.end(resolve))));
  }
}
