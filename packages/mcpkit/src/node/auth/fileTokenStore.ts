/**
 * The token store of the command line: one JSON file per user
 * (`$XDG_CONFIG_HOME/mcpkit/auth.json`, else `~/.config/mcpkit/auth.json`),
 * mode 0600 in a 0700 directory, written whole to a temporary file and
 * renamed, so a crash never leaves half a file and another user never reads it.
 * Processes sharing the file take turns through a lock file beside it
 * (`auth.json.lock`, see `fileLock.ts`): every read-modify-write holds it, and
 * so does an `OAuthClient`'s refresh, from reading the refresh token to
 * saving the new one.
 *
 * @module
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { StoredAuthorization, TokenStore } from '../../auth/index.js';
import { withFileLock, type FileLockOptions } from './fileLock.js';

/** The file's shape. */
interface TokenFile {
  readonly version: 1;
  readonly servers: Record<string, StoredAuthorization>;
}

/** Where the command line keeps tokens by default. */
export function defaultTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  const config = env['XDG_CONFIG_HOME'];
  return join(config !== undefined && config !== '' ? config : join(homedir(), '.config'), 'mcpkit', 'auth.json');
}

/** Keeps authorizations in one file, readable by its owner only. */
export class FileTokenStore implements TokenStore {
  /** The file. */
  readonly path: string;
  readonly #lockOptions: FileLockOptions;
  /** Writes in order: two saves never interleave. */
  #queue: Promise<unknown> = Promise.resolve();
  /** `lock()` callers of this process, in turn. */
  #turns: Promise<unknown> = Promise.resolve();
  /** True while this process holds the lock file (through `lock()`). */
  #held = false;

  constructor(path: string = defaultTokenFile(), options: { readonly lock?: FileLockOptions } = {}) {
    this.path = path;
    this.#lockOptions = options.lock ?? {};
  }

  /** Runs `work` holding the file's lock: no other process (nor another `lock()` caller here) holds it meanwhile. */
  lock<T>(_server: string, work: () => Promise<T>): Promise<T> {
    const run = (): Promise<T> =>
      withFileLock(
        `${this.path}.lock`,
        async () => {
          this.#held = true;
          try {
            return await work();
          } finally {
            this.#held = false;
          }
        },
        this.#lockOptions,
      );
    const next = this.#turns.then(run, run);
    this.#turns = next.catch(() => undefined);
    return next;
  }

  async get(server: string): Promise<StoredAuthorization | undefined> {
    return (await this.#read()).servers[server];
  }

  set(server: string, value: StoredAuthorization): Promise<void> {
    return this.#update((servers) => {
      servers[server] = value;
    });
  }

  delete(server: string): Promise<void> {
    return this.#update((servers) => {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the file is a map by server URL
      delete servers[server];
    });
  }

  async list(): Promise<StoredAuthorization[]> {
    return Object.values((await this.#read()).servers);
  }

  async #read(): Promise<TokenFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} };
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    const servers = (parsed as { servers?: unknown } | null)?.servers;
    if (typeof servers !== 'object' || servers === null) return { version: 1, servers: {} };
    return { version: 1, servers: { ...(servers as Record<string, StoredAuthorization>) } };
  }

  #update(change: (servers: Record<string, StoredAuthorization>) => void): Promise<void> {
    const write = async (): Promise<void> => {
      const file = await this.#read();
      change(file.servers);
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, this.path);
    };
    // Inside `lock()` the file lock is already ours; otherwise a write takes it, so no other
    // process's read-modify-write of another server's entry is lost.
    const next = this.#queue.then(() => (this.#held ? write() : withFileLock(`${this.path}.lock`, write, this.#lockOptions)));
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
