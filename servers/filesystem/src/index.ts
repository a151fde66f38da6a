/**
 * `@mcpkit/server-filesystem`: a drop-in for the official
 * `@modelcontextprotocol/server-filesystem` (the same tools, arguments,
 * result shapes and texts) that stays inside the directories it is given.
 * Every way out — `..`, absolute paths, a sibling sharing a prefix, links to
 * outside (made before or after start-up, or swapped in mid-operation), NUL
 * bytes, `~`, over-long paths — is refused with a clear error; client roots
 * narrow access and never widen it; writes are atomic; reads, searches and
 * trees are bounded.
 *
 * @module
 */
import { McpServer } from 'mcpkit/server';
import { Access } from './access.js';
import { DEFAULT_LIMITS, type FilesystemOptions } from './options.js';
import { allowedFromArgs } from './paths/allowedFromArgs.js';
import {
  registerDirectoryTree,
  registerGetFileInfo,
  registerListAllowed,
  registerListDirectory,
  registerListWithSizes,
  registerSearchFiles,
} from './tools/browse.js';
import { registerReadTools } from './tools/read.js';
import type { ToolEnv } from './tools/shared.js';
import { registerCreateDirectory, registerEditFile, registerMoveFile, registerWriteFile } from './tools/write.js';

export { DEFAULT_LIMITS, filesystemOptionsFromArgs, parseSize, type FilesystemOptions } from './options.js';
export type { Limits } from './tools/shared.js';

/** The server's name (`serverInfo.name`). */
export const SERVER_NAME = 'mcpkit-filesystem';
/** Its version. */
export const SERVER_VERSION = '0.1.0';

/**
 * Creates a filesystem server for `options.directories` (resolved now: each
 * must be an existing directory; missing ones are warned about and skipped,
 * and none left is a `LocalError('INVALID_ARGUMENT')`).
 */
export async function createFilesystemServer(options: FilesystemOptions): Promise<McpServer> {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const allowed = await allowedFromArgs(options.directories, warn);
  const limits = { ...DEFAULT_LIMITS, ...definedOnly(options) };
  const server = new McpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    title: 'mcpkit filesystem server',
    description: 'Reads, writes, edits and searches files inside the directories it was given, and nowhere else.',
    instructions:
      'Tools to read, write, edit, list and search files. Only paths inside the allowed directories work ' +
      '(list_allowed_directories names them); relative paths are taken relative to the first of them.',
  });
  const access = new Access(allowed, warn);
  access.watch(server);
  const env: ToolEnv = { access, limits };
  registerReadTools(server, env);
  if (options.readOnly !== true) {
    registerWriteFile(server, env);
    registerEditFile(server, env);
    registerCreateDirectory(server, env);
  }
  registerListDirectory(server, env);
  registerListWithSizes(server, env);
  registerDirectoryTree(server, env);
  if (options.readOnly !== true) registerMoveFile(server, env);
  registerSearchFiles(server, env);
  registerGetFileInfo(server, env);
  registerListAllowed(server, env);
  return server;
}

function definedOnly(options: FilesystemOptions): Partial<typeof DEFAULT_LIMITS> {
  const out: Partial<Record<keyof typeof DEFAULT_LIMITS, number>> = {};
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[]) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
