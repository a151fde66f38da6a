/**
 * The tools that look around: listings, the tree, search, file info, and the
 * allowed directories.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';
import { z } from 'zod';
import { fileInfo } from '../fs/info.js';
import { listDirectory, listWithSizes } from '../fs/list.js';
import { searchFiles } from '../fs/search.js';
import { directoryTree } from '../fs/tree.js';
import type { AllowedSet } from '../paths/allowedSet.js';
import type { Resolved } from '../paths/resolve.js';
import { guard, PATH, READS, resolveIn, TEXT_OUTPUT, textResult, type Limits, type ToolEnv } from './shared.js';

/** Registers a read-only tool whose one argument is a path and whose result is one text. */
function registerPathReader(
  server: McpServer,
  env: ToolEnv,
  definition: { readonly name: string; readonly title: string; readonly description: string },
  read: (target: Resolved, allowed: AllowedSet, limits: Limits) => Promise<string>,
): void {
  server.tool({ ...definition, input: z.object({ path: PATH }), output: TEXT_OUTPUT, annotations: READS }, ({ path }, ctx) =>
    guard(async () => {
      const { allowed, target } = await resolveIn(env, ctx, path);
      return textResult(await read(target, allowed, env.limits));
    }),
  );
}

/** Registers `list_directory`. */
export function registerListDirectory(server: McpServer, env: ToolEnv): void {
  const description =
    'List a directory: one line per entry, [DIR] or [FILE] and its name (a link shows as [FILE]). ' +
    `At most ${env.limits.listMaxEntries} entries; a longer listing ends with a note saying so.`;
  registerPathReader(server, env, { name: 'list_directory', title: 'List Directory', description }, (target, allowed, limits) =>
    listDirectory(target, allowed, limits.listMaxEntries),
  );
}

/** Registers `list_directory_with_sizes`. */
export function registerListWithSizes(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'list_directory_with_sizes',
      title: 'List Directory with Sizes',
      description:
        'List a directory with file sizes, sorted by name or by size (largest first), then the number of files and ' +
        "directories and the files' combined size. " +
        `At most ${env.limits.listMaxEntries} entries; a longer listing ends with a note saying so.`,
      input: z.object({
        path: PATH,
        sortBy: z.enum(['name', 'size']).optional().default('name').describe('Sort entries by name or size'),
      }),
      output: TEXT_OUTPUT,
      annotations: READS,
    },
    ({ path, sortBy }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        return textResult(await listWithSizes(target, allowed, sortBy, env.limits.listMaxEntries));
      }),
  );
}

/** Registers `directory_tree`. */
export function registerDirectoryTree(server: McpServer, env: ToolEnv): void {
  const { treeMaxDepth, treeMaxEntries } = env.limits;
  server.tool(
    {
      name: 'directory_tree',
      title: 'Directory Tree',
      description:
        'The tree under a directory as JSON: each entry has name, type (file or directory) and, for a directory, ' +
        `children. Links are listed, not followed. At most ${treeMaxEntries} entries and ${treeMaxDepth} levels: ` +
        'a directory not listed in full has "truncated": true. excludePatterns are globs (a plain name excludes it at any depth; ' +
        'at most 2 * in a path segment, braces expanding to at most 100 patterns, extglobs match literally).',
      input: z.object({
        path: PATH,
        excludePatterns: z.array(z.string()).optional().default([]).describe('Globs of paths (relative to path) to leave out'),
      }),
      output: TEXT_OUTPUT,
      annotations: READS,
    },
    ({ path, excludePatterns }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        const bounds = { maxDepth: treeMaxDepth, maxEntries: treeMaxEntries };
        const { text, cut } = await directoryTree(target, allowed, excludePatterns, bounds, ctx.signal);
        const result = textResult(text);
        if (!cut) return result;
        const note = `The tree is incomplete: entries marked "truncated" were not listed in full (at most ${treeMaxEntries} entries, ${treeMaxDepth} levels). List a subdirectory, or add excludePatterns.`;
        return { ...result, content: [...result.content, { type: 'text' as const, text: note }] };
      }),
  );
}

/** Registers `search_files`. */
export function registerSearchFiles(server: McpServer, env: ToolEnv): void {
  const { searchTimeoutMs, maxSearchResults } = env.limits;
  server.tool(
    {
      name: 'search_files',
      title: 'Search Files',
      description:
        'Find files and directories under a path whose path relative to it matches a glob: "*.ts" matches at the top ' +
        'only, "**/*.ts" at any depth. Returns full paths, one per line. excludePatterns (globs) skip paths and ' +
        `everything below them. A search stops after ${String(searchTimeoutMs / 1000)} s or ${maxSearchResults} matches and says so. ` +
        'Globs may have at most 2 * in a path segment and braces expanding to at most 100 patterns; extglobs match literally.',
      input: z.object({
        path: PATH,
        pattern: z.string().describe('A glob, matched against paths relative to path'),
        excludePatterns: z.array(z.string()).optional().default([]).describe('Globs of paths to skip'),
      }),
      output: TEXT_OUTPUT,
      annotations: READS,
    },
    ({ path, pattern, excludePatterns }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        const bounds = { timeoutMs: searchTimeoutMs, maxResults: maxSearchResults };
        const { matches, stopped } = await searchFiles(target, allowed, pattern, excludePatterns, bounds, ctx.signal);
        const text = matches.length > 0 ? matches.join('\n') : 'No matches found';
        if (stopped === undefined) return textResult(text);
        return textResult(`${text}\n\n[Search stopped early because ${stopped}; the list may be incomplete.]`);
      }),
  );
}

/** Registers `get_file_info`. */
export function registerGetFileInfo(server: McpServer, env: ToolEnv): void {
  const description = 'Metadata of a file or directory: size, creation, modification and access times, type and permissions.';
  registerPathReader(server, env, { name: 'get_file_info', title: 'Get File Info', description }, fileInfo);
}

/** Registers `list_allowed_directories`. */
export function registerListAllowed(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'list_allowed_directories',
      title: 'List Allowed Directories',
      description:
        'The directories this server may reach (and everything below them): the ones it was started with, narrowed ' +
        "to the client's roots if the client has any.",
      output: TEXT_OUTPUT,
      annotations: READS,
    },
    async (_args, ctx) => {
      const allowed = await env.access.allowedFor(ctx);
      return textResult(`Allowed directories:\n${allowed.spellings.join('\n')}`);
    },
  );
}
