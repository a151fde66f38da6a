/**
 * `@mcpkit/server-git`: git for a model, a drop-in for the official Python
 * `mcp-server-git` (same tools, arguments and texts) that is safe by
 * default: read-only unless `allowWrite`, confined to its repositories, no
 * argument git could take for an option, git run without a shell, hooks or
 * external programs, under time and output limits.
 *
 * @module
 */
import { realpath } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { McpServer, ToolError, type ServerContext } from 'mcpkit/server';
import { READ_TOOLS } from './readTools.js';
import { openRepo } from './repo.js';
import { GitFailure, runGit, type GitRunOptions } from './run.js';
import type { GitTool } from './tool.js';
import { WRITE_TOOLS } from './writeTools.js';
import type { GitServerOptions } from './options.js';

export { parseGitArgs } from './args.js';
export type { GitServerOptions } from './options.js';
export { GitFailure, type GitRunOptions } from './run.js';

/** The server's name (`serverInfo.name`). */
export const SERVER_NAME = 'mcpkit-git';
/** Its version. */
export const SERVER_VERSION = '0.1.0';

/** The official order of the tools. */
const ORDER = [
  'git_status',
  'git_diff_unstaged',
  'git_diff_staged',
  'git_diff',
  'git_commit',
  'git_add',
  'git_reset',
  'git_log',
  'git_create_branch',
  'git_checkout',
  'git_show',
  'git_branch',
];

/** Said when a call has no repository it may use. */
const NO_REPOSITORY = 'No repository is allowed: start the server with --repository DIR, or use a client that shares its roots';

/** The directories a call may use: the configured repositories, else the client's `file:` roots. */
async function allowedDirs(configured: readonly string[], ctx: ServerContext): Promise<readonly string[]> {
  if (configured.length > 0) return configured;
  if (ctx.clientCapabilities.roots === undefined) throw new ToolError(NO_REPOSITORY);
  const { roots } = await ctx.listRoots();
  const dirs: string[] = [];
  for (const root of roots) {
    if (!root.uri.startsWith('file:')) continue;
    try {
      dirs.push(await realpath(fileURLToPath(root.uri)));
    } catch {
      // A root that does not exist allows nothing.
    }
  }
  if (dirs.length === 0) throw new ToolError(NO_REPOSITORY);
  return dirs;
}

/** Checks each configured repository (it must be a git working tree) and returns their real paths. */
async function checkRepositories(paths: readonly string[], options: GitRunOptions): Promise<string[]> {
  const roots: string[] = [];
  for (const path of paths) {
    let root: string;
    try {
      root = await realpath(path);
      await runGit(['rev-parse', '--git-dir'], { cwd: root }, options);
    } catch (error) {
      if (error instanceof GitFailure && error.message.startsWith('git is not installed')) throw error;
      throw new GitFailure(`${path} is not a valid Git repository`);
    }
    roots.push(root);
  }
  return roots;
}

function register(server: McpServer, tool: GitTool, configured: readonly string[], options: GitRunOptions): void {
  server.tool(
    { name: tool.name, description: tool.description, input: tool.input, annotations: tool.annotations },
    async (args, ctx) => {
      const input = args as Record<string, unknown>;
      try {
        const repo = await openRepo(String(input['repo_path']), await allowedDirs(configured, ctx), options);
        return await tool.run(repo, input);
      } catch (error) {
        if (error instanceof GitFailure) throw new ToolError(error.message);
        throw error;
      }
    },
  );
}

/** Creates the git server; rejects if a configured repository is not a git working tree. */
export async function createGitServer(options: GitServerOptions = {}): Promise<McpServer> {
  const { repositories = [], allowWrite = false, ...run } = options;
  const configured = await checkRepositories(repositories, run);
  const server = new McpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    title: 'mcpkit git server',
    description: allowWrite ? 'Reads and changes git repositories.' : 'Reads git repositories (read-only).',
  });
  const tools = (allowWrite ? [...READ_TOOLS, ...WRITE_TOOLS] : READ_TOOLS).toSorted(
    (a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name),
  );
  for (const tool of tools) register(server, tool, configured, run);
  return server;
}
