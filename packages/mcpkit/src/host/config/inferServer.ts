/**
 * What a user types to name a server, as the one {@link ServerConfig} every
 * part of mcpkit takes (FastMCP's `infer_transport` is the model): the words
 * of a command (`['npx', '-y', 'server']`), a URL, the path of a script, the
 * name of a server of a config, or a config entry (any dialect). Anything
 * else is refused with a {@link ConfigError} that says what was expected,
 * before anything runs or is reached.
 *
 * @module
 */
import { ConfigError, type ConfigLocation } from '../errors.js';
import { resolveConfigSync, type ConfigEnvironment } from './parseConfig.js';
import type { ServerConfig } from './types.js';

/** What {@link inferServer} takes: command words, a URL / script path / server name, or a config entry. */
export type ServerInput = string | readonly string[] | Readonly<Record<string, unknown>>;

/** How {@link inferServer} reads its input. */
export interface InferServerOptions {
  /** The name of the result (default: the URL's host, or the command's or script's file name). */
  readonly name?: string | undefined;
  /** Servers a bare name may pick (a config's, read already). */
  readonly servers?: readonly ServerConfig[] | undefined;
  /** What a config entry is resolved against (default: no variables, `.` as the workspace). */
  readonly environment?: ConfigEnvironment | undefined;
  /** The program that runs a `.js`/`.mjs`/`.cjs` script (default `node`; on Node, `process.execPath`). */
  readonly nodeCommand?: string | undefined;
  /** The program that runs a `.py` script (default `python3`). */
  readonly pythonCommand?: string | undefined;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;

function baseName(path: string): string {
  return (
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? path
  );
}

/**
 * The server `input` names.
 *
 * - command words (what follows `--`): that process, over stdio;
 * - an `http://` or `https://` URL: Streamable HTTP, falling back to HTTP+SSE.
 *   A URL with a user or password in it is refused (it would end up in logs
 *   and labels; send credentials as a header), as is every other scheme
 *   (`file:`, `javascript:`, `data:`, ...);
 * - a name among `options.servers`: that server;
 * - a path ending in `.js`, `.mjs`, `.cjs` or `.py`: that script, run by Node or Python;
 * - an object: a config entry (`{ command, args }`, `{ url }`, `{ type: 'sse', url }`, ...),
 *   read as a project's config would be (it grants nothing).
 *
 * @throws {ConfigError} when `input` is none of these.
 * @example
 * ```ts
 * inferServer(['npx', '-y', '@modelcontextprotocol/server-everything']); // { type: 'stdio', ... }
 * inferServer('https://example.com/mcp'); // { type: 'http', url: 'https://example.com/mcp', headers: {} }
 * inferServer('./server.py'); // { type: 'stdio', command: 'python3', args: ['./server.py'] }
 * ```
 */
export function inferServer(input: ServerInput, options: InferServerOptions = {}): ServerConfig {
  // Typed loosely on purpose: a JavaScript caller (or a parsed file) may hand over anything.
  const value: unknown = input;
  if (typeof value === 'string') return fromText(value, options);
  if (Array.isArray(value)) return fromCommand(value as readonly unknown[], options.name);
  if (typeof value === 'object' && value !== null) return fromEntry(value as Readonly<Record<string, unknown>>, options);
  throw new ConfigError({}, 'a server is a command, a URL, a script path, a server name or a config entry');
}

function fromCommand(words: readonly unknown[], name: string | undefined): ServerConfig {
  const at: ConfigLocation = name === undefined ? {} : { server: name };
  if (!words.every((w): w is string => typeof w === 'string')) throw new ConfigError(at, 'a command is a list of strings');
  const [command = '', ...args] = words;
  if (command.trim() === '') throw new ConfigError(at, 'the command is empty: give the program that starts the server');
  return { type: 'stdio', name: name ?? baseName(command), command, args, env: {} };
}

function fromText(text: string, options: InferServerOptions): ServerConfig {
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && !WINDOWS_DRIVE.test(text)) return fromUrl(text, scheme, options.name);
  const named = options.servers?.find((server) => server.name === text);
  if (named !== undefined) return options.name === undefined ? named : { ...named, name: options.name };
  const name = options.name ?? baseName(text);
  if (/\.(c|m)?js$/i.test(text)) return { type: 'stdio', name, command: options.nodeCommand ?? 'node', args: [text], env: {} };
  if (/\.py$/i.test(text)) return { type: 'stdio', name, command: options.pythonCommand ?? 'python3', args: [text], env: {} };
  const known = options.servers?.map((server) => server.name) ?? [];
  throw new ConfigError(
    {},
    `${JSON.stringify(text)} is not a server: give an http(s) URL, a .js or .py script, ` +
      (known.length > 0 ? `a server of the config (${known.join(', ')}), ` : '') +
      'or the command that starts it',
  );
}

function fromUrl(text: string, scheme: string, name: string | undefined): ServerConfig {
  const at: ConfigLocation = name === undefined ? {} : { server: name };
  if (scheme !== 'http' && scheme !== 'https')
    throw new ConfigError(at, `${scheme}: URLs are not servers; give an http:// or https:// URL`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(at, `${JSON.stringify(text)} is not a valid URL`);
  }
  if (url.username !== '' || url.password !== '')
    throw new ConfigError(
      at,
      "the URL carries a user or password, which would be shown and logged: send it as a header (--header 'Authorization: ...')",
    );
  return { type: 'http', name: name ?? url.host, url: text, headers: {} };
}

function fromEntry(entry: Readonly<Record<string, unknown>>, options: InferServerOptions): ServerConfig {
  const name = options.name ?? 'server';
  const environment = options.environment ?? { env: {}, workspaceFolder: '.' };
  // A config entry is read as a project's would be: it grants nothing (no alwaysAllow, no trust).
  const config = resolveConfigSync({ mcpServers: { [name]: entry } }, undefined, { ...environment, scope: 'project' });
  const server = config.servers[0];
  if (server === undefined) throw new ConfigError({ server: name }, 'is disabled');
  return server;
}
