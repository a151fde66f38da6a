/**
 * The tools that change files: `write_file`, `edit_file`, `create_directory`
 * and `move_file`. None of them is registered on a `--read-only` server.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';
import { z } from 'zod';
import { applyEdits, fencedDiff, withOriginalLineEnds } from '../fs/edit.js';
import { makeDirectory } from '../fs/mkdir.js';
import { moveFile } from '../fs/move.js';
import { readText } from '../fs/read.js';
import { ReadBudget } from '../fs/readBudget.js';
import { writeAtomic } from '../fs/write.js';
import { resolvePath } from '../paths/resolve.js';
import { guard, PATH, resolveIn, TEXT_OUTPUT, textResult, type ToolEnv } from './shared.js';

/** Registers `write_file`. */
export function registerWriteFile(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'write_file',
      title: 'Write File',
      description:
        'Create a file, or replace an existing one entirely, with the given UTF-8 text. The write is atomic (a reader ' +
        'sees the old file or the new one, never a mix) and an existing file keeps its permissions. Overwrites without asking.',
      input: z.object({ path: PATH, content: z.string().describe('The complete new content') }),
      output: TEXT_OUTPUT,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ path, content }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        await writeAtomic(target, content, allowed);
        return textResult(`Successfully wrote to ${path}`);
      }),
  );
}

/** Registers `edit_file`. */
export function registerEditFile(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'edit_file',
      title: 'Edit File',
      description:
        'Replace text in a file: each edit swaps the first exact occurrence of oldText (or, failing that, the first run of ' +
        'lines equal to it up to indentation) for newText, in order. Returns a git-style diff. With dryRun the file is ' +
        'left as it is and the diff shows what would change. All edits apply, atomically, or none does.',
      input: z.object({
        path: PATH,
        edits: z.array(
          z.object({
            oldText: z.string().describe('Text to search for - must match exactly'),
            newText: z.string().describe('Text to replace with'),
          }),
        ),
        dryRun: z.boolean().default(false).describe('Preview changes using git-style diff format'),
      }),
      output: TEXT_OUTPUT,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ path, edits, dryRun }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        const original = await readText(target, allowed, env.limits.maxFileBytes, new ReadBudget(env.limits.maxReadBytes));
        const { before, after } = applyEdits(original, edits);
        const diff = fencedDiff(target.path, before, after);
        if (!dryRun) await writeAtomic(target, withOriginalLineEnds(original, after), allowed);
        return textResult(diff);
      }),
  );
}

/** Registers `create_directory`. */
export function registerCreateDirectory(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'create_directory',
      title: 'Create Directory',
      description: 'Create a directory, with any missing parents (like mkdir -p). A directory that already exists is fine.',
      input: z.object({ path: PATH }),
      output: TEXT_OUTPUT,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ path }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        await makeDirectory(target, allowed);
        return textResult(`Successfully created directory ${path}`);
      }),
  );
}

/** Registers `move_file`. */
export function registerMoveFile(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'move_file',
      title: 'Move File',
      description:
        'Move or rename a file or directory. Fails if the destination exists (nothing is ever overwritten). ' +
        'Both paths must be inside the allowed directories.',
      input: z.object({
        source: z.string().describe('What to move'),
        destination: z.string().describe('Its new path (must not exist yet)'),
      }),
      output: TEXT_OUTPUT,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ source, destination }, ctx) =>
      guard(async () => {
        const allowed = await env.access.allowedFor(ctx);
        const from = await resolvePath(source, allowed);
        const to = await resolvePath(destination, allowed);
        await moveFile(from, to, allowed);
        return textResult(`Successfully moved ${source} to ${destination}`);
      }),
  );
}
