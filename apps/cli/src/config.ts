/**
 * A server from a config file, for the single-server commands (`--config
 * FILE --server NAME`): the host's config reader (`mcpkit/host`: every
 * dialect, JSONC, variables, `envFile`), resolved synchronously for the one
 * server named (or the only one). `${input:…}` values cannot be asked here;
 * `mcpkit chat` asks them.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError, configServerNames, parseJsonc, resolveConfigSync, type ServerConfig } from 'mcpkit/host/config';
import { UsageError } from './exitCodes.js';

/** Reads `file` and returns the server `name` (or the only server). */
export function loadConfigServer(file: string, name: string | undefined, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --config ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = parseJsonc(text);
  if (!parsed.ok) throw new UsageError(`--config ${file} is not valid JSON: ${parsed.problem}`);
  const names = configServerNames(parsed.value);
  if (names === undefined) throw new UsageError(`--config ${file} has no "mcpServers" (or "servers") object`);
  const chosen = name ?? (names.length === 1 ? names[0] : undefined);
  if (chosen === undefined)
    throw new UsageError(
      `--config ${file} has ${String(names.length)} servers; pick one with --server (${names.join(', ') || 'none'})`,
    );
  let server: ServerConfig | undefined;
  try {
    server = resolveConfigSync(parsed.value, file, {
      env,
      workspaceFolder: process.cwd(),
      home: homedir(),
      readFile: (path) => readFileSync(path, 'utf8'),
      resolvePath: (from, path) => resolve(from, path),
      only: [chosen],
    }).servers[0];
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`--config ${error.message}`);
    throw error;
  }
  if (server === undefined) throw new UsageError(`--config ${file}: server ${JSON.stringify(chosen)} is disabled`);
  return server;
}
