/**
 * The reading tools: `read_text_file` (and its deprecated alias `read_file`),
 * `read_media_file` and `read_multiple_files`.
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import type { ContentBlock } from 'mcpkit/protocol';
import { ToolError, type McpServer } from 'mcpkit/server';
import { z } from 'zod';
import { mimeTypeOf } from '../fs/media.js';
import { readBytes, readHead, readTail, readText } from '../fs/read.js';
import { OverBudget, ReadBudget } from '../fs/readBudget.js';
import { messageOf } from '../paths/errors.js';
import { resolvePath } from '../paths/resolve.js';
import { guard, PATH, READS, resolveIn, TEXT_OUTPUT, textResult, type ToolEnv } from './shared.js';

const READ_TEXT_INPUT = z.object({
  path: PATH,
  tail: z.number().optional().describe('If provided, returns only the last N lines of the file'),
  head: z.number().optional().describe('If provided, returns only the first N lines of the file'),
});

function registerReadText(server: McpServer, env: ToolEnv, name: 'read_text_file' | 'read_file'): void {
  const deprecated = name === 'read_file';
  server.tool(
    {
      name,
      title: deprecated ? 'Read File (Deprecated)' : 'Read Text File',
      description: deprecated
        ? 'Read the complete contents of a file as text. DEPRECATED: use read_text_file instead.'
        : 'Read a text file (UTF-8) inside the allowed directories, whole or just its first (head) or last (tail) N lines. ' +
          'Files that look binary are refused (use read_media_file), and so are files over the size limit unless you ask for head or tail.',
      input: READ_TEXT_INPUT,
      output: TEXT_OUTPUT,
      annotations: READS,
    },
    ({ path, head, tail }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        // Falsy counts (0) read the whole file, as in the official server.
        if (head && tail) throw new ToolError('Cannot specify both head and tail parameters simultaneously');
        const { maxFileBytes, maxReadBytes } = env.limits;
        // head and tail read one file in chunks: the smaller limit bounds them.
        const bound = Math.min(maxFileBytes, maxReadBytes);
        const text = tail
          ? await readTail(target, allowed, tail, bound)
          : head
            ? await readHead(target, allowed, head, bound)
            : await readText(target, allowed, maxFileBytes, new ReadBudget(maxReadBytes));
        return textResult(text);
      }),
  );
}

const MEDIA_ITEM = z.union([
  z.object({ type: z.enum(['image', 'audio']), data: z.string(), mimeType: z.string() }),
  z.object({
    type: z.literal('resource'),
    resource: z.object({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
  }),
]);

function registerReadMedia(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'read_media_file',
      title: 'Read Media File',
      description:
        'Read any file inside the allowed directories as base64 with its MIME type (from the extension, else from the content): ' +
        'images and audio come back as image or audio content, anything else as an embedded resource.',
      input: z.object({ path: PATH }),
      output: z.object({ content: z.array(MEDIA_ITEM) }),
      annotations: READS,
    },
    ({ path }, ctx) =>
      guard(async () => {
        const { allowed, target } = await resolveIn(env, ctx, path);
        const bytes = await readBytes(target, allowed, env.limits.maxFileBytes, new ReadBudget(env.limits.maxReadBytes));
        const mimeType = mimeTypeOf(target.path, bytes);
        const data = bytes.toString('base64');
        const item: ContentBlock = mimeType.startsWith('image/')
          ? { type: 'image', data, mimeType }
          : mimeType.startsWith('audio/')
            ? { type: 'audio', data, mimeType }
            : { type: 'resource', resource: { uri: pathToFileURL(target.path).href, mimeType, blob: data } };
        return { content: [item], structuredContent: { content: [item] } };
      }),
  );
}

/** How many files `read_multiple_files` reads at once. */
const PARALLEL_READS = 8;

function registerReadMultiple(server: McpServer, env: ToolEnv): void {
  server.tool(
    {
      name: 'read_multiple_files',
      title: 'Read Multiple Files',
      description:
        'Read several text files at once. Each comes back after its path and a colon; a file that cannot be read ' +
        'shows its error in its place without failing the others. Files are separated by lines of ---. ' +
        'The files of one call may total at most the per-call read limit; past it the call fails: read fewer at a time.',
      input: z.object({
        paths: z.array(z.string()).min(1).describe('The files to read, each inside an allowed directory'),
      }),
      output: TEXT_OUTPUT,
      annotations: READS,
    },
    ({ paths }, ctx) =>
      guard(async () => {
        const allowed = await env.access.allowedFor(ctx);
        const budget = new ReadBudget(env.limits.maxReadBytes);
        const parts: string[] = new Array<string>(paths.length);
        let next = 0;
        const worker = async (): Promise<void> => {
          for (let i = next++; i < paths.length && !budget.spent; i = next++) {
            const path = paths[i] ?? '';
            try {
              const text = await readText(await resolvePath(path, allowed), allowed, env.limits.maxFileBytes, budget);
              parts[i] = `${path}:\n${text}\n`;
            } catch (error) {
              // Past the call's budget the whole call fails; any other error is this file's alone.
              if (error instanceof OverBudget) throw error;
              parts[i] = `${path}: Error - ${messageOf(error)}`;
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, paths.length) }, worker));
        return textResult(parts.join('\n---\n'));
      }),
  );
}

/** Registers the reading tools, in the official server's order. */
export function registerReadTools(server: McpServer, env: ToolEnv): void {
  registerReadText(server, env, 'read_file');
  registerReadText(server, env, 'read_text_file');
  registerReadMedia(server, env);
  registerReadMultiple(server, env);
}
