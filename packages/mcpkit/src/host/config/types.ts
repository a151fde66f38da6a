/**
 * A host's servers, as a config file or code describes them: a process
 * spoken to over stdio, or a URL (Streamable HTTP falling back to HTTP+SSE, or
 * HTTP+SSE only).
 *
 * @module
 */

/** What every server entry may say, besides how to reach the server. */
interface ServerCommon {
  /** The server's name: the key of its entry. */
  readonly name: string;
  /** Longest wait for one request (a tool call restarts it on progress), ms (default: the host's). */
  readonly timeoutMs?: number;
  /** Tools to allow without asking (Cline's `alwaysAllow`/`autoApprove`): the user's own config, so it counts as policy. */
  readonly allow?: readonly string[];
}

/** A server process spoken to over stdio. */
export interface StdioServerConfig extends ServerCommon {
  /** Discriminator. */
  readonly type: 'stdio';
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** Variables set on top of the safe default environment (`envFile` first, `env` over it). */
  readonly env: Readonly<Record<string, string>>;
  /** The working directory (relative paths are resolved against the config file's directory). */
  readonly cwd?: string;
}

/** A server at a URL. */
export interface HttpServerConfig extends ServerCommon {
  /** `http`: Streamable HTTP (both eras), falling back to HTTP+SSE; `sse`: HTTP+SSE (2024-11-05) only. */
  readonly type: 'http' | 'sse';
  /** The endpoint. */
  readonly url: string;
  /** Headers for every request. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One server of a host. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A VS Code `inputs` entry: a value asked of the user once, where `${input:id}` uses it. */
export interface ConfigInput {
  /** The id `${input:id}` names. */
  readonly id: string;
  /** `promptString` (free text) or `pickString` (one of `options`). */
  readonly type: 'promptString' | 'pickString';
  /** The question. */
  readonly description: string;
  /** Mask the answer while it is typed (API keys). */
  readonly password: boolean;
  /** The choices of a `pickString`. */
  readonly options?: readonly string[];
  /** The answer taken when the user gives none. */
  readonly default?: string;
}

/** Something in a config that was ignored rather than refused. */
export interface ConfigWarning {
  /** The file. */
  readonly file?: string | undefined;
  /** The server entry. */
  readonly server?: string | undefined;
  /** What was ignored, and why. */
  readonly message: string;
}

/** A config, read and resolved. */
export interface HostConfig {
  /** The file it came from, if any. */
  readonly file?: string | undefined;
  /** Its servers, in the order the file lists them (disabled ones left out). */
  readonly servers: readonly ServerConfig[];
  /** Unknown fields and other things ignored. */
  readonly warnings: readonly ConfigWarning[];
}
