/**
 * The command line every client command shares: the target options, the
 * connection settings (`--era`, `--timeout`, `--root`, `--log-level`), and
 * the output ones (`--json`, `--quiet`), plus what a command adds. Everything
 * after the first `--` is the server's command line.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isRevision } from 'mcpkit/protocol';
import type { EraPreference } from 'mcpkit/client';
import { AUTH_OPTIONS, parseAuthSettings, type AuthSettings } from './authSettings.js';
import { UsageError } from './exitCodes.js';
import type { ServerConfig } from 'mcpkit/host/config';
import { isHttpUrl, resolveTarget } from './targetOptions.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The options of every client command. */
export const CLIENT_OPTIONS = {
  url: { type: 'string' },
  config: { type: 'string', short: 'c' },
  server: { type: 'string', short: 's' },
  header: { type: 'string', short: 'H', multiple: true },
  env: { type: 'string', short: 'e', multiple: true },
  cwd: { type: 'string' },
  sse: { type: 'boolean' },
  'inherit-env': { type: 'boolean' },
  era: { type: 'string' },
  timeout: { type: 'string', short: 't' },
  root: { type: 'string', multiple: true },
  'log-level': { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  ...AUTH_OPTIONS,
} as const satisfies Options;

/** How to connect and what to show, from the shared options. */
export interface ClientSettings {
  /** The server, as `mcpkit/host` describes every server. */
  readonly server: ServerConfig;
  /** How messages name it: the URL, the command line, or `server "NAME" in FILE`. */
  readonly label: string;
  readonly era: EraPreference;
  /** `--timeout`, ms: the whole command gives up after this long. */
  readonly timeoutMs: number | undefined;
  readonly roots: readonly string[];
  readonly logLevel: string | undefined;
  readonly json: boolean;
  readonly quiet: boolean;
  /** One-line notes for stderr about the line itself (a deprecated spelling). */
  readonly warnings: readonly string[];
  /** How to authorize at a URL. */
  readonly auth: AuthSettings;
}

/** A client command's line, parsed. */
export interface ParsedClientArgs {
  /** All option values (shared and the command's own). */
  readonly values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
  /** Positionals, without a trailing target URL. */
  readonly positionals: readonly string[];
  /** True with `--help`: nothing else was checked. */
  readonly help: boolean;
  /** Undefined with `--help`. */
  readonly settings: ClientSettings | undefined;
}

/**
 * Parses a client command's line. `minPositionals` is how many positionals
 * the command needs before an optional trailing `http(s)://` target URL.
 */
export function parseClientArgs(
  args: readonly string[],
  name: string,
  own: Options,
  minPositionals: number,
  env: NodeJS.ProcessEnv = process.env,
): ParsedClientArgs {
  const dash = args.indexOf('--');
  const mine = dash < 0 ? args : args.slice(0, dash);
  const command = dash < 0 ? [] : args.slice(dash + 1);
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...mine], options: { ...CLIENT_OPTIONS, ...own }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), name);
  }
  const values = parsed.values as ParsedClientArgs['values'];
  if (values['help'] === true) return { values, positionals: parsed.positionals, help: true, settings: undefined };
  if (dash >= 0 && command.length === 0) throw new UsageError('-- must be followed by the command that starts the server', name);
  const positionals = [...parsed.positionals];
  const last = positionals[positionals.length - 1];
  const positionalUrl = positionals.length > minPositionals && isHttpUrl(last) ? positionals.pop() : undefined;
  const { server, label } = resolveTarget(values, positionalUrl, command, name, env);
  const eraText = values['era'] as string | undefined;
  const eraNote = eraText === undefined ? undefined : eraWarning(eraText);
  const settings: ClientSettings = {
    server,
    label,
    era: parseEra(eraText, name),
    timeoutMs: values['timeout'] === undefined ? undefined : parseDuration(values['timeout'] as string, name),
    roots: (values['root'] as readonly string[] | undefined) ?? [],
    logLevel: parseLogLevel(values['log-level'] as string | undefined, name),
    json: values['json'] === true,
    quiet: values['quiet'] === true,
    warnings: eraNote === undefined ? [] : [eraNote],
    auth: parseAuthSettings(values, name, env),
  };
  return { values, positionals, help: false, settings };
}

/** The `--era` words of earlier releases, still accepted (with a warning), and today's word for each. */
const RENAMED_ERAS: ReadonlyMap<string, 'handshake' | 'stateless'> = new Map([
  ['legacy', 'handshake'],
  ['modern', 'stateless'],
]);

/** `--era auto|handshake|stateless|<revision>` (and the deprecated `legacy`, `modern`). */
export function parseEra(text: string | undefined, name: string): EraPreference {
  if (text === undefined) return 'auto';
  if (text === 'auto' || text === 'handshake' || text === 'stateless') return text;
  const renamed = RENAMED_ERAS.get(text);
  if (renamed !== undefined) return renamed;
  if (isRevision(text)) return text;
  throw new UsageError(
    `--era takes auto, handshake, stateless or a revision such as 2025-11-25, not ${JSON.stringify(text)}`,
    name,
  );
}

/** The deprecation warning for an old `--era` word, or undefined. */
export function eraWarning(text: string): string | undefined {
  const renamed = RENAMED_ERAS.get(text);
  return renamed === undefined ? undefined : `--era ${text} is deprecated; it means --era ${renamed}`;
}

/** `30` (seconds), `500ms`, `30s`, `2m`, `1h`; in ms. */
export function parseDuration(text: string, name: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m?.[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = m === null ? NaN : Number(m[1]) * unit;
  if (!(ms > 0)) throw new UsageError(`--timeout needs a duration such as 30s, 500ms or 2m, not ${JSON.stringify(text)}`, name);
  return Math.round(ms);
}

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

function parseLogLevel(text: string | undefined, name: string): string | undefined {
  if (text === undefined || LEVELS.includes(text)) return text;
  throw new UsageError(`--log-level takes one of ${LEVELS.join(', ')}, not ${JSON.stringify(text)}`, name);
}

/** The positionals a command expects, exactly: fewer or more is a usage error naming what was expected. */
export function expectPositionals(positionals: readonly string[], min: number, max: number, usage: string, name: string): void {
  if (positionals.length < min) throw new UsageError(`missing arguments: ${usage}`, name);
  if (positionals.length > max) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[max])}`, name);
}
