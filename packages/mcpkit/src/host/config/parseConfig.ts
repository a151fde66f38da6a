/**
 * Reading a host config in any dialect users already have: `mcpServers`
 * (Claude Desktop's `claude_desktop_config.json`, Claude Code's `.mcp.json`,
 * Cursor, Windsurf, Gemini CLI), VS Code's `mcp.json` (`servers` and
 * `inputs`) and VS Code settings (`mcp.servers`, `"mcp": { "servers" }`).
 * JSONC is accepted. Runtime-neutral: the file system comes in through
 * {@link ConfigEnvironment} (the Node leaf passes its own).
 *
 * @module
 */
import { ConfigError } from '../errors.js';
import { parseEnvFile } from './dotenv.js';
import { toServerConfig } from './entries.js';
import { parseJsonc } from './jsonc.js';
import type { ConfigInput, ConfigScope, ConfigWarning, HostConfig, ServerConfig, ToolSearchOptions } from './types.js';
import { inputIdsIn, type VariableScope } from './variables.js';

type Json = Readonly<Record<string, unknown>>;

/** What a config is resolved against. */
export interface ConfigEnvironment {
  /** Variables for `${VAR}` and `${env:VAR}`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `${workspaceFolder}`, and the base of relative paths when there is no file. */
  readonly workspaceFolder: string;
  /** `${userHome}`. */
  readonly home?: string | undefined;
  /** Reads an `envFile` (absent: `envFile` is an error). */
  readonly readFile?: (path: string) => string;
  /** Resolves `path` against directory `from` (default: joins with `/` unless absolute). */
  readonly resolvePath?: (from: string, path: string) => string;
  /** Asks the user for a `${input:id}` value; absent or undefined: the config cannot be used. */
  readonly askInput?: (input: ConfigInput) => Promise<string | undefined>;
  /** Resolve only these servers (the others are neither checked nor expanded). */
  readonly only?: readonly string[];
  /**
   * Whose the config is (default `project`): only the user's own may grant
   * (`alwaysAllow`, `autoApprove`, `trust`); a project's such fields are
   * ignored with a warning.
   */
  readonly scope?: ConfigScope;
}

/** The directory of `file` (text before the last separator). */
function directoryOf(file: string): string {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return cut <= 0 ? (cut === 0 ? '/' : '.') : file.slice(0, cut);
}

function defaultResolve(from: string, path: string): string {
  if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')) return path;
  return `${from.replace(/[\\/]+$/, '')}/${path.replace(/^\.\//, '')}`;
}

/** Parses config text (JSONC) from `file` and resolves it. */
export function parseConfigText(text: string, file: string | undefined, environment: ConfigEnvironment): Promise<HostConfig> {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return Promise.reject(new ConfigError({ file }, `is not valid JSON: ${parsed.problem}`));
  return resolveConfig(parsed.value, file, environment);
}

/** The servers object and the inputs of a parsed config, whichever host wrote it. */
function locate(config: unknown): { servers: Json; inputs: unknown } | undefined {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return undefined;
  const c = config as Json;
  const mcp = isObject(c['mcp']) ? c['mcp'] : undefined;
  const candidates: [unknown, unknown][] = [
    [c['mcpServers'], undefined],
    [c['servers'], c['inputs']],
    [c['mcp.servers'], c['mcp.inputs']],
    [mcp?.['servers'], mcp?.['inputs']],
  ];
  for (const [servers, inputs] of candidates) if (isObject(servers)) return { servers, inputs };
  return undefined;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The raw servers object of a parsed config, whichever host wrote it; undefined when it has none. */
export function locateServers(config: unknown): Json | undefined {
  return locate(config)?.servers;
}

/** The names of a parsed config's servers, whichever host wrote it; undefined when it has none. */
export function configServerNames(config: unknown): string[] | undefined {
  const found = locate(config);
  return found === undefined ? undefined : Object.keys(found.servers);
}

function located(
  config: unknown,
  file: string | undefined,
  environment: ConfigEnvironment,
): { servers: Json; inputs: unknown; chosen: readonly string[] } {
  const found = locate(config);
  if (found === undefined)
    throw new ConfigError({ file }, 'has no "mcpServers" object (nor VS Code\'s "servers" or "mcp.servers")');
  const names = Object.keys(found.servers);
  const chosen = environment.only ?? names;
  for (const name of chosen)
    if (!Object.hasOwn(found.servers, name))
      throw new ConfigError({ file }, `has no server ${JSON.stringify(name)} (it has: ${names.join(', ') || 'none'})`);
  return { ...found, chosen };
}

/** Resolves a parsed config: picks the servers, asks for inputs, expands variables, checks every field. */
export async function resolveConfig(
  config: unknown,
  file: string | undefined,
  environment: ConfigEnvironment,
): Promise<HostConfig> {
  const { servers, inputs, chosen } = located(config, file, environment);
  const answers = await askInputs(collectInputIds(chosen.map((n) => servers[n])), parseInputs(inputs, file), file, environment);
  return resolveConfigSync(config, file, { ...environment, inputs: answers });
}

/**
 * The same without asking: `${input:id}` values come from `environment.inputs`
 * (one without an answer is a `ConfigError`). For callers that cannot wait,
 * such as the command line's single-server commands.
 */
export function resolveConfigSync(
  config: unknown,
  file: string | undefined,
  environment: ConfigEnvironment & { readonly inputs?: ReadonlyMap<string, string> },
): HostConfig {
  const { servers: entries, inputs, chosen } = located(config, file, environment);
  const declared = parseInputs(inputs, file);
  const answers = environment.inputs ?? new Map<string, string>();
  const scopeOf = environment.scope ?? 'project';
  const warnings: ConfigWarning[] = [];
  const base = file === undefined ? environment.workspaceFolder : directoryOf(file);
  const resolve = environment.resolvePath ?? defaultResolve;
  const scope: VariableScope = {
    env: environment.env,
    workspaceFolder: environment.workspaceFolder,
    home: environment.home,
    inputs: answers,
  };
  const servers: ServerConfig[] = [];
  for (const name of chosen) {
    const secrets = collectInputIds([entries[name]]).flatMap((id) => {
      const value = answers.get(id);
      return declared.get(id)?.password === true && value !== undefined && value !== '' ? [value] : [];
    });
    const server = toServerConfig(name, entries[name], {
      file,
      owner: scopeOf,
      secrets,
      scope,
      resolvePath: (path) => resolve(base, path),
      readFile: environment.readFile,
      parseEnvFile,
      warn: (w) => warnings.push(w),
    });
    if (server !== undefined) servers.push(server);
  }
  const toolSearch = readToolSearch(config, file);
  return { file, scope: scopeOf, servers, warnings, ...(toolSearch !== undefined && { toolSearch }) };
}

const SEARCH_MODES = new Set(['auto', 'host', 'off']);

/** The file's top-level `toolSearch` (mcpkit's own key; other hosts ignore it). */
function readToolSearch(config: unknown, file: string | undefined): ToolSearchOptions | undefined {
  const raw = isObject(config) ? config['toolSearch'] : undefined;
  if (raw === undefined) return undefined;
  const at = (field: string): { file: string | undefined; field: string } => ({ file, field: `toolSearch.${field}` });
  if (!isObject(raw)) throw new ConfigError({ file, field: 'toolSearch' }, 'must be an object');
  const { mode, threshold, maxResults, anthropicVariant } = raw;
  if (mode !== undefined && (typeof mode !== 'string' || !SEARCH_MODES.has(mode)))
    throw new ConfigError(at('mode'), 'must be "auto", "host" or "off"');
  if (threshold !== undefined && (typeof threshold !== 'number' || !(threshold >= 0)))
    throw new ConfigError(at('threshold'), 'must be a number of tokens, 0 or more');
  if (
    maxResults !== undefined &&
    (typeof maxResults !== 'number' || !Number.isInteger(maxResults) || maxResults < 1 || maxResults > 50)
  )
    throw new ConfigError(at('maxResults'), 'must be a whole number from 1 to 50');
  if (anthropicVariant !== undefined && anthropicVariant !== 'bm25' && anthropicVariant !== 'regex')
    throw new ConfigError(at('anthropicVariant'), 'must be "bm25" or "regex"');
  return {
    ...(mode !== undefined && { mode: mode as 'auto' | 'host' | 'off' }),
    ...(threshold !== undefined && { threshold }),
    ...(maxResults !== undefined && { maxResults }),
    ...(anthropicVariant !== undefined && { anthropicVariant }),
  };
}

function collectInputIds(values: readonly unknown[]): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const id of inputIdsIn(value)) ids.add(id);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return [...ids];
}

function parseInputs(value: unknown, file: string | undefined): Map<string, ConfigInput> {
  const inputs = new Map<string, ConfigInput>();
  if (value === undefined) return inputs;
  if (!Array.isArray(value)) throw new ConfigError({ file, field: 'inputs' }, 'must be a list');
  value.forEach((raw: unknown, i) => {
    const field = `inputs[${String(i)}]`;
    if (!isObject(raw) || typeof raw['id'] !== 'string') throw new ConfigError({ file, field }, 'needs an "id"');
    const type = raw['type'] === 'pickString' ? 'pickString' : 'promptString';
    const options = Array.isArray(raw['options']) ? raw['options'].map(String) : undefined;
    inputs.set(raw['id'], {
      id: raw['id'],
      type,
      description: typeof raw['description'] === 'string' ? raw['description'] : raw['id'],
      password: raw['password'] === true,
      ...(options !== undefined && { options }),
      ...(typeof raw['default'] === 'string' && { default: raw['default'] }),
    });
  });
  return inputs;
}

/** Asks each input once, in order of first use. */
async function askInputs(
  ids: readonly string[],
  declared: ReadonlyMap<string, ConfigInput>,
  file: string | undefined,
  environment: ConfigEnvironment,
): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const id of ids) {
    const input = declared.get(id);
    if (input === undefined)
      throw new ConfigError({ file, field: 'inputs' }, `declares no input ${JSON.stringify(id)}, which \${input:${id}} uses`);
    const answer = environment.askInput === undefined ? undefined : await environment.askInput(input);
    const value = answer === undefined || answer === '' ? input.default : answer;
    if (value === undefined)
      throw new ConfigError(
        { file, field: 'inputs' },
        `input ${JSON.stringify(id)} ("${input.description}") needs an answer, and nobody can give one here`,
      );
    answers.set(id, value);
  }
  return answers;
}
