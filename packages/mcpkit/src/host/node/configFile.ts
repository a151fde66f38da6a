/**
 * Config files on disk: reading one (JSONC, `envFile`s resolved against it,
 * `${input:…}` asked through the caller), and finding one when none is
 * named: `./.mcp.json` (Claude Code, and the shared project format), then
 * `./.vscode/mcp.json` (VS Code), then the platform's Claude Desktop config.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseConfigText, type ConfigEnvironment } from '../config/parseConfig.js';
import type { HostConfig } from '../config/types.js';
import { ConfigError } from '../errors.js';

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
}

/** Reads and resolves a config file. */
export async function loadConfigFile(options: LoadConfigOptions = {}): Promise<HostConfig> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const env = options.env ?? process.env;
  const file = resolve(cwd, options.file ?? findConfigFile(cwd, env));
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError({ file }, `cannot be read: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return parseConfigText(text, file, {
    env,
    workspaceFolder: cwd,
    home: homedir(),
    readFile: (path) => readFileSync(path, 'utf8'),
    resolvePath: (from, path) => resolve(from, path),
    ...(options.askInput !== undefined && { askInput: options.askInput }),
    ...(options.servers !== undefined && options.servers.length > 0 && { only: options.servers }),
  });
}
