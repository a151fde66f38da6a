/**
 * `mcpkit chat`'s command line, parsed into settings: which config and
 * servers, which model (and endpoint), how tool calls are approved, the
 * limits, and the output.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import type { ApproveMode, Decision, PolicyOptions, ToolSearchOptions } from 'mcpkit/host';
import { AUTH_OPTIONS, parseAuthSettings, type AuthSettings } from '../authSettings.js';
import { parseDuration } from '../clientArgs.js';
import { UsageError } from '../exitCodes.js';

/** The options of `mcpkit chat`. */
export const CHAT_OPTIONS = {
  config: { type: 'string', short: 'c' },
  server: { type: 'string', short: 's', multiple: true },
  model: { type: 'string', short: 'm' },
  'small-model': { type: 'string' },
  'base-url': { type: 'string' },
  once: { type: 'string' },
  approve: { type: 'string' },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  'trust-read-only': { type: 'boolean' },
  enable: { type: 'string', multiple: true },
  disable: { type: 'string', multiple: true },
  'tool-search': { type: 'string' },
  'tool-search-threshold': { type: 'string' },
  'trust-project': { type: 'boolean' },
  'max-turns': { type: 'string' },
  'max-tokens': { type: 'string' },
  system: { type: 'string' },
  timeout: { type: 'string', short: 't' },
  'start-timeout': { type: 'string' },
  root: { type: 'string', multiple: true },
  'log-dir': { type: 'string' },
  'log-level': { type: 'string' },
  ...AUTH_OPTIONS,
  verbose: { type: 'boolean', short: 'v' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What `mcpkit chat` was asked to do. */
export interface ChatSettings {
  readonly config: string | undefined;
  readonly servers: readonly string[];
  readonly model: string;
  readonly smallModel: string | undefined;
  readonly baseUrl: string | undefined;
  /** The one question of `--once` (undefined: interactive). */
  readonly once: string | undefined;
  /** `--approve`, when given. */
  readonly approve: ApproveMode | undefined;
  /** The policy from `--allow`, `--deny`, `--trust-read-only` and `--approve`. */
  readonly policy: PolicyOptions;
  /** `--disable` and `--enable` (in order; the later wins): tools switched off or on for the model. */
  readonly switches: readonly { readonly target: string; readonly enabled: boolean }[];
  /** `--tool-search` and `--tool-search-threshold` (beating the config's `toolSearch`). */
  readonly toolSearch: ToolSearchOptions;
  /** `--trust-project`: start a project config's servers for this run without asking (nothing remembered). */
  readonly trustProject: boolean;
  readonly maxTurns: number | undefined;
  readonly maxTokens: number | undefined;
  readonly system: string | undefined;
  readonly timeoutMs: number | undefined;
  /** How long to wait for the servers before answering with those that are up (`--start-timeout`, default 10 s). */
  readonly startTimeoutMs: number;
  readonly roots: readonly string[];
  readonly logDir: string | undefined;
  readonly logLevel: string | undefined;
  /** Print the authorization URL of a server that needs OAuth without opening a browser. */
  readonly noBrowser: boolean;
  /** The fixed port of the OAuth callback listener (`--callback-port`); undefined: a random one. */
  readonly callbackPort: number | undefined;
  /** The authorization flags of the client commands (`--client-id`, the grants, `--dpop`, `--scope`...). */
  readonly auth: AuthSettings;
  readonly verbose: boolean;
  readonly json: boolean;
  readonly quiet: boolean;
}

const NAME = 'chat';

/** How long chat waits for its servers by default before it answers with those that are up. */
export const DEFAULT_START_TIMEOUT_MS = 10_000;

function positiveInt(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0)
    throw new UsageError(`${flag} takes a positive whole number, not ${JSON.stringify(text)}`, NAME);
  return n;
}

/** `server` or `server/tool` (or `server/*`) into policy rules. */
function rules(
  patterns: readonly string[],
  decision: Decision,
  flag: string,
): { servers: Record<string, Decision>; tools: Record<string, Decision> } {
  const servers: Record<string, Decision> = {};
  const tools: Record<string, Decision> = {};
  for (const pattern of patterns) {
    if (pattern === '' || pattern.startsWith('/'))
      throw new UsageError(`${flag} takes SERVER or SERVER/TOOL, not ${JSON.stringify(pattern)}`, NAME);
    if (pattern.includes('/')) tools[pattern] = decision;
    else servers[pattern] = decision;
  }
  return { servers, tools };
}

/** `SERVER` or `SERVER/TOOL` (or a model name) of `--enable`/`--disable`, in command-line order. */
function switchesOf(args: readonly string[]): { target: string; enabled: boolean }[] {
  const out: { target: string; enabled: boolean }[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag !== '--enable' && flag !== '--disable') continue;
    const target = inline ?? args[++i] ?? '';
    if (target === '' || target.startsWith('/') || target.endsWith('/'))
      throw new UsageError(`${flag} takes SERVER or SERVER/TOOL, not ${JSON.stringify(target)}`, NAME);
    out.push({ target, enabled: flag === '--enable' });
  }
  return out;
}

function toolSearchOf(mode: string | undefined, threshold: string | undefined): ToolSearchOptions {
  if (mode !== undefined && mode !== 'auto' && mode !== 'host' && mode !== 'off')
    throw new UsageError(`--tool-search takes auto, host or off, not ${JSON.stringify(mode)}`, NAME);
  const tokens = threshold === undefined ? undefined : Number(threshold);
  if (tokens !== undefined && (threshold?.trim() === '' || !Number.isInteger(tokens) || tokens < 0))
    throw new UsageError(`--tool-search-threshold takes a number of tokens (0 or more), not ${JSON.stringify(threshold)}`, NAME);
  return { ...(mode !== undefined && { mode }), ...(tokens !== undefined && { threshold: tokens }) };
}

function parseApprove(text: string | undefined): ApproveMode | undefined {
  if (text === undefined || text === 'all' || text === 'read-only' || text === 'none') return text;
  throw new UsageError(`--approve takes all, read-only or none, not ${JSON.stringify(text)}`, NAME);
}

/** Parses the command line; undefined with `--help`. */
export function parseChatArgs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ChatSettings | undefined {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options: CHAT_OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), NAME);
  }
  const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (v['help'] === true) return undefined;
  const model = (v['model'] as string | undefined) ?? (env['MCPKIT_MODEL']?.trim() || undefined);
  if (model === undefined)
    throw new UsageError(
      'no model: give --model PROVIDER/MODEL (e.g. anthropic/claude-sonnet-4-5, openai/gpt-4.1) or set MCPKIT_MODEL',
      NAME,
    );
  if (v['once'] === '') throw new UsageError('--once needs a question', NAME);
  const approve = parseApprove(v['approve'] as string | undefined);
  const allow = rules((v['allow'] as string[] | undefined) ?? [], 'allow', '--allow');
  const deny = rules((v['deny'] as string[] | undefined) ?? [], 'deny', '--deny');
  if (approve === 'none' && v['allow'] !== undefined)
    throw new UsageError('--approve none refuses every tool call; it cannot be combined with --allow', NAME);
  const auth = parseAuthSettings(v, NAME, env);
  const policy: PolicyOptions = {
    servers: { ...allow.servers, ...deny.servers },
    tools: { ...allow.tools, ...deny.tools },
    ...(approve !== undefined && { approve }),
    ...(v['trust-read-only'] === true && { trustReadOnlyHint: true }),
  };
  return {
    config: v['config'] as string | undefined,
    servers: (v['server'] as string[] | undefined) ?? [],
    model,
    smallModel: v['small-model'] as string | undefined,
    baseUrl: v['base-url'] as string | undefined,
    once: v['once'] as string | undefined,
    approve,
    policy,
    trustProject: v['trust-project'] === true,
    switches: switchesOf(args),
    toolSearch: toolSearchOf(v['tool-search'] as string | undefined, v['tool-search-threshold'] as string | undefined),
    maxTurns: positiveInt(v['max-turns'] as string | undefined, '--max-turns'),
    maxTokens: positiveInt(v['max-tokens'] as string | undefined, '--max-tokens'),
    system: v['system'] as string | undefined,
    timeoutMs: v['timeout'] === undefined ? undefined : parseDuration(v['timeout'] as string, NAME),
    startTimeoutMs:
      v['start-timeout'] === undefined ? DEFAULT_START_TIMEOUT_MS : parseDuration(v['start-timeout'] as string, NAME),
    roots: (v['root'] as string[] | undefined) ?? [],
    logDir: v['log-dir'] as string | undefined,
    logLevel: v['log-level'] as string | undefined,
    noBrowser: auth.noBrowser,
    callbackPort: auth.callbackPort,
    auth,
    verbose: v['verbose'] === true,
    json: v['json'] === true,
    quiet: v['quiet'] === true,
  };
}
