/**
 * One server entry of a config, checked and turned into a
 * {@link ServerConfig}. Every dialect's spelling is accepted: `type`
 * `stdio`/`local`, `http`/`streamable-http`/`remote`, `sse`; the URL as
 * `url`, `serverUrl` (Windsurf) or `httpUrl` (Gemini CLI). Fields that do
 * not fit the entry's kind, and fields nobody defined, are warnings.
 *
 * @module
 */
import { ConfigError, type ConfigLocation } from '../errors.js';
import type { ConfigScope, ConfigWarning, ServerConfig } from './types.js';
import { expandVariables, type VariableScope } from './variables.js';

type Json = Readonly<Record<string, unknown>>;

/** What an entry is resolved with. */
export interface EntryContext {
  readonly file: string | undefined;
  /** Whose the config is: a project's grants nothing. */
  readonly owner: ConfigScope;
  /** Values of `password: true` inputs this entry uses. */
  readonly secrets: readonly string[];
  readonly scope: VariableScope;
  /** Resolves a path against the config file's directory. */
  readonly resolvePath: (path: string) => string;
  /** Reads an `envFile`. */
  readonly readFile: ((path: string) => string) | undefined;
  readonly parseEnvFile: (text: string) => { vars: Record<string, string>; badLines: number[] };
  readonly warn: (warning: ConfigWarning) => void;
}

const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamablehttp', 'streamable_http', 'remote']);
const STDIO_FIELDS = new Set(['command', 'args', 'env', 'envFile', 'cwd']);
const HTTP_FIELDS = new Set(['url', 'serverUrl', 'httpUrl', 'headers']);
/** Every dialect's fields that grant something (pre-approved tools, trusted hints): honoured in the user's own config only. */
const GRANT_FIELDS = ['alwaysAllow', 'autoApprove', 'trust'] as const;
/** Which tools reach the model: Gemini CLI's `includeTools`/`excludeTools`, Roo Code's `disabledTools`. */
const TOOL_LIST_FIELDS = ['includeTools', 'excludeTools', 'disabledTools'] as const;
const COMMON_FIELDS = new Set<string>(['type', 'disabled', 'timeout', ...GRANT_FIELDS, ...TOOL_LIST_FIELDS]);
/** Fields other hosts define that mean nothing to mcpkit: accepted without a warning. */
const FOREIGN_FIELDS = new Set(['description', 'dev', 'gallery', 'version', 'id', 'name', 'transportType']);

/** The kind an entry names (explicitly, or by having a command or a URL). */
function kindOf(entry: Json, at: ConfigLocation): 'stdio' | 'http' | 'sse' {
  const raw = entry['type'];
  if (raw !== undefined && typeof raw !== 'string') throw new ConfigError({ ...at, field: 'type' }, 'must be a string');
  const type = raw?.toLowerCase();
  if (type === 'sse') return 'sse';
  if (type !== undefined && HTTP_TYPES.has(type)) return 'http';
  if (type === 'stdio' || type === 'local') return 'stdio';
  if (type !== undefined)
    throw new ConfigError({ ...at, field: 'type' }, `is ${JSON.stringify(raw)}; expected stdio, http, streamable-http or sse`);
  if (entry['command'] !== undefined) return 'stdio';
  if (entry['url'] !== undefined || entry['serverUrl'] !== undefined || entry['httpUrl'] !== undefined) return 'http';
  throw new ConfigError(at, 'needs a "command" (a process) or a "url" (an HTTP server)');
}

/** An entry as a server config; undefined when it is `disabled`. */
export function toServerConfig(name: string, value: unknown, ctx: EntryContext): ServerConfig | undefined {
  const at: ConfigLocation = { file: ctx.file, server: name };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(at, 'must be an object');
  const entry = value as Json;
  if (entry['disabled'] === true) return undefined;
  const kind = kindOf(entry, at);
  warnUnknown(entry, kind, at, ctx);
  const common = { ...commonOptions(name, entry, at, ctx), ...(ctx.secrets.length > 0 && { secrets: ctx.secrets }) };
  if (kind === 'stdio') return stdioConfig(common, entry, at, ctx);
  const urlField = entry['url'] !== undefined ? 'url' : entry['serverUrl'] !== undefined ? 'serverUrl' : 'httpUrl';
  const raw = entry[urlField];
  if (typeof raw !== 'string') throw new ConfigError({ ...at, field: urlField }, 'must be a string (the server URL)');
  const url = expandVariables(raw, ctx.scope, { ...at, field: urlField });
  if (!/^https?:\/\//i.test(url))
    throw new ConfigError({ ...at, field: urlField }, `must be an http:// or https:// URL, not ${JSON.stringify(url)}`);
  try {
    new URL(url);
  } catch {
    throw new ConfigError({ ...at, field: urlField }, `is not a valid URL: ${JSON.stringify(url)}`);
  }
  return { ...common, type: kind, url, headers: stringMap(entry['headers'], 'headers', at, ctx) };
}

function stdioConfig(common: CommonOptions, entry: Json, at: ConfigLocation, ctx: EntryContext): ServerConfig {
  const command = entry['command'];
  if (typeof command !== 'string' || command.trim() === '')
    throw new ConfigError({ ...at, field: 'command' }, 'must be a non-empty string');
  const args = entry['args'] ?? [];
  if (!Array.isArray(args)) throw new ConfigError({ ...at, field: 'args' }, 'must be a list of strings');
  const expandedArgs = args.map((arg: unknown, i) => {
    const field = `args[${String(i)}]`;
    if (typeof arg !== 'string' && typeof arg !== 'number') throw new ConfigError({ ...at, field }, 'must be a string');
    return expandVariables(String(arg), ctx.scope, { ...at, field });
  });
  const cwd = entry['cwd'];
  if (cwd !== undefined && typeof cwd !== 'string') throw new ConfigError({ ...at, field: 'cwd' }, 'must be a string');
  const env = { ...envFileVars(entry['envFile'], at, ctx), ...stringMap(entry['env'], 'env', at, ctx) };
  return {
    ...common,
    type: 'stdio',
    command: expandVariables(command, ctx.scope, { ...at, field: 'command' }),
    args: expandedArgs,
    env,
    ...(cwd !== undefined && { cwd: ctx.resolvePath(expandVariables(cwd, ctx.scope, { ...at, field: 'cwd' })) }),
  };
}

function envFileVars(value: unknown, at: ConfigLocation, ctx: EntryContext): Record<string, string> {
  if (value === undefined) return {};
  const field = { ...at, field: 'envFile' };
  if (typeof value !== 'string') throw new ConfigError(field, 'must be a string (a path)');
  if (ctx.readFile === undefined) throw new ConfigError(field, 'cannot be read here (no file system)');
  const path = ctx.resolvePath(expandVariables(value, ctx.scope, field));
  let text: string;
  try {
    text = ctx.readFile(path);
  } catch (error) {
    throw new ConfigError(field, `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const { vars, badLines } = ctx.parseEnvFile(text);
  if (badLines.length > 0)
    ctx.warn({
      file: at.file,
      server: at.server,
      message: `envFile ${path}: lines ${badLines.join(', ')} are not NAME=value; ignored`,
    });
  return vars;
}

interface CommonOptions {
  readonly name: string;
  readonly includeTools?: readonly string[];
  readonly excludeTools?: readonly string[];
  readonly timeoutMs?: number;
  readonly allow?: readonly string[];
  readonly trusted?: boolean;
  readonly secrets?: readonly string[];
}

function commonOptions(name: string, entry: Json, at: ConfigLocation, ctx: EntryContext): CommonOptions {
  const timeout = entry['timeout'];
  if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0)))
    throw new ConfigError({ ...at, field: 'timeout' }, 'must be a positive number (milliseconds)');
  const allowField = entry['alwaysAllow'] !== undefined ? 'alwaysAllow' : 'autoApprove';
  const allow = entry[allowField];
  if (allow !== undefined && !(Array.isArray(allow) && allow.every((t) => typeof t === 'string')))
    throw new ConfigError({ ...at, field: allowField }, 'must be a list of tool names');
  const trust = entry['trust'];
  if (trust !== undefined && typeof trust !== 'boolean')
    throw new ConfigError({ ...at, field: 'trust' }, 'must be true or false');
  const grants = ctx.owner === 'user';
  if (!grants)
    for (const field of GRANT_FIELDS.filter((f) => entry[f] === true || (Array.isArray(entry[f]) && entry[f].length > 0)))
      ctx.warn({
        file: at.file,
        server: at.server,
        message: `field "${field}" is ignored: a project's config cannot approve tools or vouch for a server (put it in your own config)`,
      });
  return {
    name,
    ...toolLists(entry, at),
    // Gemini CLI writes milliseconds, Cline seconds: a value under 1000 can only mean seconds.
    ...(timeout !== undefined && { timeoutMs: timeout < 1000 ? timeout * 1000 : timeout }),
    ...(grants && allow !== undefined && { allow }),
    ...(grants && trust === true && { trusted: true }),
  };
}

/** The entry's tool lists; `disabledTools` joins `excludeTools`. Restrictions: honoured from any config. */
function toolLists(entry: Json, at: ConfigLocation): { includeTools?: readonly string[]; excludeTools?: readonly string[] } {
  const read = (field: (typeof TOOL_LIST_FIELDS)[number]): string[] | undefined => {
    const value = entry[field];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((t) => typeof t === 'string'))
      throw new ConfigError({ ...at, field }, 'must be a list of tool names');
    return value;
  };
  const include = read('includeTools');
  const exclude = [...(read('excludeTools') ?? []), ...(read('disabledTools') ?? [])];
  return { ...(include !== undefined && { includeTools: include }), ...(exclude.length > 0 && { excludeTools: exclude }) };
}

/** A map of strings (numbers and booleans written as text), each value expanded. */
function stringMap(value: unknown, field: string, at: ConfigLocation, ctx: EntryContext): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ConfigError({ ...at, field }, 'must be an object');
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Json)) {
    const where = { ...at, field: `${field}.${key}` };
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw new ConfigError(where, 'must be a string');
    out[key] = expandVariables(String(v), ctx.scope, where);
  }
  return out;
}

function warnUnknown(entry: Json, kind: 'stdio' | 'http' | 'sse', at: ConfigLocation, ctx: EntryContext): void {
  const own = kind === 'stdio' ? STDIO_FIELDS : HTTP_FIELDS;
  for (const key of Object.keys(entry)) {
    if (own.has(key) || COMMON_FIELDS.has(key) || FOREIGN_FIELDS.has(key)) continue;
    const other = kind === 'stdio' ? HTTP_FIELDS.has(key) : STDIO_FIELDS.has(key);
    const why = other ? `applies to ${kind === 'stdio' ? 'an HTTP server' : 'a server started as a command'}` : 'is unknown';
    ctx.warn({ file: at.file, server: at.server, message: `field "${key}" ${why}; ignored` });
  }
}
