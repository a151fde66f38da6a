/**
 * Config files on disk: reading one (JSONC, `envFile`s resolved against it,
 * `${input:…}` asked through the caller), and finding one when none is
 * named: `./.mcp.json` (Claude Code, and the shared project format), then
 * `./.vscode/mcp.json` (VS Code), then the platform's Claude Desktop config.
 * Parent folders are never searched.
 *
 * A project's config (found in the working folder, or named but lying in it
 * or in the git work tree around it) is not the user's: its servers start
 * only once the user trusted that file with that content (asked through the
 * caller, remembered in the user's own trust file, asked again when the file
 * changes), and nothing in it grants a permission.
 *
 * @module
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { parseJsonc } from '../config/jsonc.js';
import { configServerNames, resolveConfig, type ConfigEnvironment } from '../config/parseConfig.js';
import { reviewServers } from '../config/review.js';
import type { ConfigScope, ConfigWarning, HostConfig } from '../config/types.js';
import { ConfigError } from '../errors.js';
import { configHash, defaultTrustFile, rememberTrust, trustOf } from './projectTrust.js';

/** Claude Desktop's config file on this platform. */
export function claudeDesktopConfigPath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  if (platform === 'win32')
    return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
  return join(env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'Claude', 'claude_desktop_config.json');
}

/** Where a config is looked for, in order, when none is named. */
export function configCandidates(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string[] {
  return [join(cwd, '.mcp.json'), join(cwd, '.vscode', 'mcp.json'), claudeDesktopConfigPath(env)];
}

/** The first config that exists, or a `ConfigError` naming every place looked. */
export function findConfigFile(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  const candidates = configCandidates(cwd, env);
  const found = candidates.find((file) => existsSync(file));
  if (found !== undefined) return found;
  throw new ConfigError({}, `no config found: looked for ${candidates.join(', ')}; name one with --config`);
}

/** A project's config shown to the user before its servers may start. */
export interface ProjectConfigReview {
  /** The config, absolute, as found. */
  readonly file: string;
  /** Where it really is, when a symlink leads elsewhere. */
  readonly realFile: string;
  /** The working folder. */
  readonly folder: string;
  /** SHA-256 of the content shown. */
  readonly sha256: string;
  /** True when an earlier version of this file was trusted and it has changed since. */
  readonly changed: boolean;
  /** What would run, one line each (see `reviewServers`), printable. */
  readonly lines: readonly string[];
}

/** The user's answer: trust and remember, trust for this run only, or not. */
export type TrustAnswer = 'always' | 'once' | 'no';

/** How to read a config file. */
export interface LoadConfigOptions {
  /** The file (default: found as the module says). */
  readonly file?: string | undefined;
  /** The working directory: `${workspaceFolder}` and where discovery looks (default `process.cwd()`). */
  readonly cwd?: string | undefined;
  /** Only these servers. */
  readonly servers?: readonly string[] | undefined;
  /** The environment for `${VAR}` (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Asks the user for `${input:id}` values. */
  readonly askInput?: ConfigEnvironment['askInput'];
  /**
   * Asks whether a project's config may start its servers; not called when the
   * trust file knows this file with this content. Absent, or `no`: none of its
   * servers is started (`untrusted` names them).
   */
  readonly trustProject?: (review: ProjectConfigReview) => TrustAnswer | Promise<TrustAnswer>;
  /** Where trust is remembered (default `defaultTrustFile()`). */
  readonly trustFile?: string;
}

/**
 * Every git work tree around `folder`: each ancestor holding `.git`, not only
 * the nearest, since a nested checkout (a submodule, a vendored repository)
 * sits inside its outer repository's tree, whose files are that project's too.
 */
function projectRoots(folder: string): string[] {
  const roots: string[] = [];
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) roots.push(dir);
    if (dirname(dir) === dir) return roots;
  }
}

function inside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Whose a config is: found in the working folder, or lying (itself or where
 * its symlink leads) in the folder or any git work tree around it: a
 * project's; any other named file, and Claude Desktop's: the user's own.
 */
export function configScope(file: string, found: boolean, cwd: string, env: NodeJS.ProcessEnv = process.env): ConfigScope {
  if (file === claudeDesktopConfigPath(env)) return 'user';
  if (found) return 'project';
  const roots = [cwd, ...projectRoots(cwd)].flatMap((r) => [r, realPath(r)]);
  return [file, realPath(file)].some((p) => roots.some((r) => inside(p, r))) ? 'project' : 'user';
}

/** Reads and resolves a config file (a project's only once trusted). */
export async function loadConfigFile(options: LoadConfigOptions = {}): Promise<HostConfig> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  const file = resolve(cwd, options.file ?? findConfigFile(cwd, env));
  const scope = configScope(file, options.file === undefined, cwd, env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError({ file }, `cannot be read: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const parsed = parseJsonc(text);
  if (!parsed.ok) throw new ConfigError({ file }, `is not valid JSON: ${parsed.problem}`);
  const only = options.servers !== undefined && options.servers.length > 0 ? options.servers : undefined;
  const notes: ConfigWarning[] = [];
  const warn = (message: string): void => {
    notes.push({ file, message });
  };
  if (scope === 'project' && !(await trusted(parsed.value, text, { file, folder: cwd, only, warn }, options))) {
    const names = configServerNames(parsed.value) ?? [];
    return {
      file,
      scope,
      servers: [],
      warnings: notes,
      untrusted: only === undefined ? names : names.filter((n) => only.includes(n)),
    };
  }
  const config = await resolveConfig(parsed.value, file, {
    env,
    workspaceFolder: cwd,
    home: homedir(),
    readFile: (path) => readFileSync(path, 'utf8'),
    resolvePath: (from, path) => resolve(from, path),
    scope,
    ...(options.askInput !== undefined && { askInput: options.askInput }),
    ...(only !== undefined && { only }),
  });
  return notes.length === 0 ? config : { ...config, warnings: [...notes, ...config.warnings] };
}

/** Whether the user trusts a project's config as it is now: remembered, or asked. */
async function trusted(
  config: unknown,
  text: string,
  where: { file: string; folder: string; only: readonly string[] | undefined; warn: (message: string) => void },
  options: LoadConfigOptions,
): Promise<boolean> {
  const { file, folder, only } = where;
  const store = options.trustFile ?? defaultTrustFile(options.env ?? process.env);
  const sha256 = configHash(text);
  const known = trustOf(store, folder, file, sha256);
  if (known === 'trusted') return true;
  if (options.trustProject === undefined) return false;
  const lines = reviewServers(config, { folder, base: dirname(file), resolve: (from, path) => resolve(from, path) }, only);
  const answer = await options.trustProject({
    file,
    realFile: realPath(file),
    folder,
    sha256,
    changed: known === 'changed',
    lines,
  });
  if (answer === 'always')
    try {
      rememberTrust(store, { folder, file, sha256 });
    } catch (error) {
      // The user said yes: this run goes ahead; the next one asks again.
      where.warn(`trusted for this run only: cannot write ${store}: ${error instanceof Error ? error.message : String(error)}`);
    }
  return answer !== 'no';
}
