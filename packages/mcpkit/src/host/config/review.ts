/**
 * What a config would run, in words a person can check before trusting it:
 * one block per server with its command and arguments (or URL), and what it
 * would take from this machine (environment variables, an `envFile`, a
 * working directory), as the file writes them, before any expansion. Paths
 * that lead outside the project's folder are marked. Every string is made
 * printable: a hostile file must not drive the terminal that shows it.
 *
 * @module
 */
import { locateServers } from './parseConfig.js';

type Json = Readonly<Record<string, unknown>>;

/** Control characters (C0, DEL, C1) and bidirectional overrides, shown escaped. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character (escape sequences, bidi overrides) written as `\u{…}`. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

/** JSON text, or undefined for undefined and functions (whatever `JSON.stringify`'s typing says). */
function jsonText(value: unknown): string | undefined {
  return JSON.stringify(value);
}

/** A value as it would be typed: bare when plain, quoted when it has spaces or quotes. */
function shown(value: unknown): string {
  const text = printable(typeof value === 'string' ? value : (jsonText(value) ?? ''));
  return /^[\w@%+=:,./${}-]+$/.test(text) ? text : JSON.stringify(text);
}

/** The environment variables a value reads (`${VAR}`, `${env:VAR}`). */
function variablesIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string')
    for (const m of value.matchAll(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g)) into.add(m[1] ?? '');
  else if (Array.isArray(value)) for (const v of value) variablesIn(v, into);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) variablesIn(v, into);
}

/** How paths are judged. */
export interface ReviewPaths {
  /** The project's folder. */
  readonly folder: string;
  /** The file's directory (relative `envFile` and `cwd` start there). */
  readonly base: string;
  /** Resolves `path` against `from`. */
  readonly resolve: (from: string, path: string) => string;
}

function pathNote(value: unknown, paths: ReviewPaths): string {
  if (typeof value !== 'string') return shown(value);
  if (value.includes('${')) return `${shown(value)} (outside this folder, or anywhere)`;
  const full = paths.resolve(paths.base, value);
  const folder = paths.folder.replace(/[\\/]+$/, '');
  const inside = full === folder || full.startsWith(`${folder}/`) || full.startsWith(`${folder}\\`);
  return inside ? shown(value) : `${shown(value)} (outside this folder: ${shown(full)})`;
}

function entryLines(name: string, entry: Json, paths: ReviewPaths): string[] {
  const command = entry['command'];
  const url = entry['url'] ?? entry['serverUrl'] ?? entry['httpUrl'];
  const args = Array.isArray(entry['args']) ? (entry['args'] as unknown[]) : [];
  const lines = [
    command !== undefined
      ? `${printable(name)}: runs ${[command, ...args].map(shown).join(' ')}`
      : `${printable(name)}: connects to ${shown(url)}`,
  ];
  const env = entry['env'];
  if (typeof env === 'object' && env !== null && !Array.isArray(env))
    for (const [key, value] of Object.entries(env as Json)) lines.push(`  env ${printable(key)}=${shown(value)}`);
  const headers = entry['headers'];
  if (typeof headers === 'object' && headers !== null && !Array.isArray(headers))
    for (const [key, value] of Object.entries(headers as Json)) lines.push(`  header ${printable(key)}: ${shown(value)}`);
  if (entry['envFile'] !== undefined) lines.push(`  envFile ${pathNote(entry['envFile'], paths)}`);
  if (entry['cwd'] !== undefined) lines.push(`  cwd ${pathNote(entry['cwd'], paths)}`);
  const variables = new Set<string>();
  variablesIn(entry, variables);
  if (variables.size > 0) lines.push(`  reads your environment: ${[...variables].map(printable).join(', ')}`);
  return lines;
}

/**
 * One block of lines per server of a parsed config (the chosen ones, enabled
 * or not): what trusting the file would run.
 */
export function reviewServers(config: unknown, paths: ReviewPaths, only?: readonly string[]): string[] {
  const servers = locateServers(config);
  if (servers === undefined) return [];
  const names = only !== undefined && only.length > 0 ? only.filter((n) => Object.hasOwn(servers, n)) : Object.keys(servers);
  return names.flatMap((name) => {
    const entry = servers[name];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [`${printable(name)}: (not a server entry)`];
    if ((entry as Json)['disabled'] === true) return [];
    return entryLines(name, entry as Json, paths);
  });
}
