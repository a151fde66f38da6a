/**
 * The server options of the command line, resolved into the one
 * `ServerConfig` of `mcpkit/host`: a command after `--` (stdio), a URL
 * (`--url`, or an `http(s)://` positional at the end: Streamable HTTP,
 * falling back to HTTP+SSE), both read by the library's `inferServer`, or a
 * server named in a config file (`--config FILE [--server NAME]`, read by
 * `config.ts`). Exactly one, then `--header`, `--env`, `--cwd`, `--sse`,
 * `--inherit-env` on top.
 *
 * @module
 */
import { ConfigError, inferServer, type ServerConfig } from 'mcpkit/host/config';
import { loadConfigServer } from './config.js';
import { UsageError } from './exitCodes.js';

/** The server options of the command line, as parsed. */
export interface TargetOptions {
  readonly url?: string | undefined;
  readonly config?: string | undefined;
  readonly server?: string | undefined;
  readonly header?: readonly string[] | undefined;
  readonly env?: readonly string[] | undefined;
  readonly cwd?: string | undefined;
  readonly sse?: boolean | undefined;
  readonly 'inherit-env'?: boolean | undefined;
}

/** The server a command line names, and how the command's messages name it. */
export interface ChosenServer {
  readonly server: ServerConfig;
  /** The URL, the command line (quoted), or `server "NAME" in FILE`. */
  readonly label: string;
}

/** True for text that is an http(s) URL. */
export function isHttpUrl(text: string | undefined): text is string {
  return text !== undefined && /^https?:\/\//i.test(text);
}

/**
 * The server the options name. `url` is a positional URL the command found,
 * `command` what followed `--` (empty when there was no `--`).
 */
export function resolveTarget(
  options: TargetOptions,
  positionalUrl: string | undefined,
  command: readonly string[],
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): ChosenServer {
  if (options.url !== undefined && positionalUrl !== undefined)
    throw new UsageError('give the URL once: with --url or as the last argument, not both', name);
  const url = options.url ?? positionalUrl;
  const given = [url !== undefined, command.length > 0, options.config !== undefined].filter(Boolean).length;
  if (given === 0)
    throw new UsageError(
      'no server given: add a URL, --config FILE [--server NAME], or -- followed by the command that starts the server',
      name,
    );
  if (given > 1) throw new UsageError('give one server: a URL, --config, or a command after --', name);
  if (options.server !== undefined && options.config === undefined) throw new UsageError('--server needs --config FILE', name);
  const base =
    options.config !== undefined ? fromConfig(options.config, options.server, env, name) : fromCommandLine(url, command, name);
  return { server: withOverrides(base.server, options, name), label: base.label };
}

function fromConfig(file: string, server: string | undefined, env: NodeJS.ProcessEnv, name: string): ChosenServer {
  try {
    const config = loadConfigServer(file, server, env);
    return { server: config, label: `server ${JSON.stringify(config.name)} in ${file}` };
  } catch (error) {
    // The config's complaints point at this command's help.
    if (error instanceof UsageError && error.command === undefined) throw new UsageError(error.message, name);
    throw error;
  }
}

function fromCommandLine(url: string | undefined, command: readonly string[], name: string): ChosenServer {
  if (url !== undefined && !isHttpUrl(url))
    throw new UsageError(`--url needs an http:// or https:// URL, not ${JSON.stringify(url)}`, name);
  try {
    if (url !== undefined) return { server: inferServer(url), label: url };
    return { server: inferServer(command), label: JSON.stringify(command.join(' ')) };
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, name);
    throw error;
  }
}

/** Adds `--header`, `--env`, `--cwd`, `--sse`, `--inherit-env` to a server, refusing the ones that do not fit it. */
function withOverrides(server: ServerConfig, options: TargetOptions, name: string): ServerConfig {
  if (server.type !== 'stdio') {
    for (const flag of ['env', 'cwd', 'inherit-env'] as const)
      if (options[flag] !== undefined)
        throw new UsageError(`--${flag} applies to a server started as a command, not to a URL`, name);
    const headers = { ...server.headers, ...parseHeaders(options.header ?? [], name) };
    return { ...server, headers, type: options.sse === true ? 'sse' : server.type };
  }
  for (const flag of ['header', 'sse'] as const)
    if (options[flag] !== undefined)
      throw new UsageError(`--${flag} applies to a URL, not to a server started as a command`, name);
  return {
    ...server,
    env: { ...server.env, ...parseEnv(options.env ?? [], name) },
    ...(options.cwd !== undefined && { cwd: options.cwd }),
    ...(options['inherit-env'] === true && { inheritEnv: true }),
  };
}

/** `--header 'Name: value'` (or `Name=value`). */
export function parseHeaders(lines: readonly string[], name: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*[:=]\s?(.*)$/.exec(line);
    if (m === null) throw new UsageError(`--header needs 'Name: value', not ${JSON.stringify(line)}`, name);
    headers[m[1] ?? ''] = m[2] ?? '';
  }
  return headers;
}

function parseEnv(pairs: readonly string[], name: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env needs NAME=value, not ${JSON.stringify(pair)}`, name);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}
