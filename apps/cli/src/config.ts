/**
 * MCP server configuration files, in the format the desktop clients share:
 * `{ "mcpServers": { "<name>": { … } } }` (Claude Desktop, Claude Code,
 * Cursor, Windsurf, Gemini CLI), `{ "servers": { … } }` (VS Code's
 * `mcp.json`) or `{ "mcp": { "servers": { … } } }` (VS Code settings).
 * Comments and trailing commas are allowed (VS Code writes JSONC).
 *
 * An entry is either a process, `{ command, args?, env?, cwd? }`, or a URL,
 * `{ url | serverUrl | httpUrl, headers? }`; `type` (`stdio`, `http`,
 * `streamable-http`, `sse`) picks explicitly. `${VAR}`, `${env:VAR}` and
 * `${VAR:-default}` in command, args, env, cwd, url and headers are
 * replaced from the environment; `${workspaceFolder}` is the current
 * directory and `${userHome}` the home directory.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { UsageError } from './exitCodes.js';
import type { HttpTarget, StdioTarget, Target } from './target.js';

type Json = Readonly<Record<string, unknown>>;

/** Reads `file` and returns the server `name` (or the only server) as a target. */
export function loadConfigTarget(file: string, name: string | undefined, env: NodeJS.ProcessEnv = process.env): Target {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --config ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripJsonc(text));
  } catch (error) {
    throw new UsageError(`--config ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const servers = serversOf(parsed);
  if (servers === undefined) throw new UsageError(`--config ${file} has no "mcpServers" (or "servers") object`);
  const names = Object.keys(servers);
  const chosen = name ?? (names.length === 1 ? names[0] : undefined);
  if (chosen === undefined)
    throw new UsageError(
      `--config ${file} has ${String(names.length)} servers; pick one with --server (${names.join(', ') || 'none'})`,
    );
  const entry = servers[chosen];
  if (typeof entry !== 'object' || entry === null)
    throw new UsageError(`--config ${file} has no server ${JSON.stringify(chosen)} (it has: ${names.join(', ') || 'none'})`);
  const where = `server ${JSON.stringify(chosen)} in ${file}`;
  return toTarget(entry as Json, { where, env, dir: dirname(resolve(file)) });
}

/** The servers object of a parsed config, whichever client wrote it. */
function serversOf(config: unknown): Json | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const c = config as Json;
  const mcp = c['mcp'];
  for (const candidate of [
    c['mcpServers'],
    c['servers'],
    c['mcp.servers'],
    typeof mcp === 'object' && mcp !== null ? (mcp as Json)['servers'] : undefined,
  ]) {
    if (typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate)) return candidate as Json;
  }
  return undefined;
}

interface Context {
  readonly where: string;
  readonly env: NodeJS.ProcessEnv;
  readonly dir: string;
}

const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamablehttp', 'streamable_http', 'remote']);

function toTarget(entry: Json, ctx: Context): Target {
  const type = typeof entry['type'] === 'string' ? entry['type'].toLowerCase() : undefined;
  const url = entry['url'] ?? entry['serverUrl'] ?? entry['httpUrl'];
  if (
    type === 'sse' ||
    (type !== undefined && HTTP_TYPES.has(type)) ||
    (type === undefined && url !== undefined && entry['command'] === undefined)
  ) {
    if (typeof url !== 'string') throw new UsageError(`${ctx.where}: "url" must be a string`);
    const target: HttpTarget = {
      kind: 'http',
      url: expand(url, ctx, 'url'),
      headers: stringMap(entry['headers'], ctx, 'headers'),
      transport: type === 'sse' ? 'sse' : 'auto',
      label: ctx.where,
    };
    return target;
  }
  if (type !== undefined && type !== 'stdio' && type !== 'local')
    throw new UsageError(`${ctx.where}: unknown "type" ${JSON.stringify(entry['type'])}`);
  const command = entry['command'];
  if (typeof command !== 'string' || command === '') throw new UsageError(`${ctx.where}: needs a "command" or a "url"`);
  const args = entry['args'] ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string' || typeof a === 'number'))
    throw new UsageError(`${ctx.where}: "args" must be a list of strings`);
  const cwd = entry['cwd'];
  if (cwd !== undefined && typeof cwd !== 'string') throw new UsageError(`${ctx.where}: "cwd" must be a string`);
  const target: StdioTarget = {
    kind: 'stdio',
    command: expand(command, ctx, 'command'),
    args: args.map((a, i) => expand(String(a), ctx, `args[${String(i)}]`)),
    env: stringMap(entry['env'], ctx, 'env'),
    ...(cwd !== undefined && { cwd: resolve(ctx.dir, expand(cwd, ctx, 'cwd')) }),
    label: ctx.where,
  };
  return target;
}

/** A map of strings (numbers and booleans written as text), each value expanded. */
function stringMap(value: unknown, ctx: Context, field: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${ctx.where}: "${field}" must be an object`);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Json)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw new UsageError(`${ctx.where}: ${field}.${key} must be a string`);
    out[key] = expand(String(v), ctx, `${field}.${key}`);
  }
  return out;
}

/** Replaces `${VAR}`, `${env:VAR}`, `${VAR:-default}`, `${workspaceFolder}` and `${userHome}`. */
export function expand(text: string, ctx: Pick<Context, 'where' | 'env'>, field: string): string {
  return text.replace(/\$\{([^}]*)\}/g, (_match, body: string) => {
    if (body === 'workspaceFolder') return process.cwd();
    if (body === 'userHome') return homedir();
    const m = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/.exec(body);
    if (m === null) throw new UsageError(`${ctx.where}: ${field} uses \${${body}}, which mcpkit cannot fill in`);
    const [, name = '', fallback] = m;
    const value = ctx.env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new UsageError(`${ctx.where}: ${field} uses \${${name}}, which is not set in the environment`);
  });
}

const CLOSER = /\s*[}\]]/y;

function closesNext(text: string, from: number): boolean {
  CLOSER.lastIndex = from;
  return CLOSER.test(text);
}

/** JSON with comments and trailing commas (JSONC) made plain JSON; strings are left alone. */
export function stripJsonc(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === ',' && closesNext(text, i + 1)) {
      // A trailing comma: dropped.
    } else out += c ?? '';
  }
  return out;
}
