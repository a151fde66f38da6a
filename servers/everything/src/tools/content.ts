/**
 * Tools that return every kind of content block: image, audio, embedded
 * resources and resource links. Where the client's revision predates a kind
 * (audio before 2025-03-26, resource links before 2025-06-18), the tool sends
 * the same thing as an embedded resource, which every revision knows.
 *
 * @module
 */
import { ToolError, type McpServer, type ServerContext } from 'mcpkit/server';
import { isAtLeast, type ContentBlock, type EmbeddedResource } from 'mcpkit/protocol';
import { z } from 'zod';
import { findItem, ITEM_COUNT, itemUri } from '../data.js';
import { ICON, TINY_PNG_BASE64, TINY_WAV_BASE64 } from '../media/index.js';
import { TONE_URI } from '../resources.js';

const PURE = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

async function embed(uri: string, ctx: ServerContext): Promise<EmbeddedResource> {
  const { contents } = await ctx.readResource(uri);
  const first = contents[0];
  if (first === undefined) throw new ToolError(`Resource ${uri} is empty`);
  return { type: 'resource', resource: first };
}

/** `get_image`: an image content block (a PNG generated in code). */
export function registerGetImage(server: McpServer): void {
  server.tool(
    {
      name: 'get_image',
      title: 'Get image',
      description: 'Returns a small PNG image (16x16 gradient) as image content.',
      annotations: { title: 'Get image', ...PURE },
      icons: [ICON],
    },
    () => ({
      content: [
        { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
        { type: 'text', text: 'A 16x16 PNG: a diagonal gradient with a white border.' },
      ],
    }),
  );
}

/** `get_audio`: an audio content block (a WAV generated in code). */
export function registerGetAudio(server: McpServer): void {
  server.tool(
    {
      name: 'get_audio',
      title: 'Get audio',
      description: 'Returns a short WAV tone (100 ms at 440 Hz) as audio content.',
      annotations: { title: 'Get audio', ...PURE },
    },
    async (_args, ctx) => {
      const audio: ContentBlock = !isAtLeast(ctx.revision, '2025-03-26')
        ? await embed(TONE_URI, ctx)
        : { type: 'audio', data: TINY_WAV_BASE64, mimeType: 'audio/wav' };
      return { content: [audio, { type: 'text', text: 'A 100 ms, 440 Hz tone (8 kHz, 16-bit mono WAV).' }] };
    },
  );
}

/** `get_resource_links`: resource links to the server's items. */
export function registerGetResourceLinks(server: McpServer): void {
  server.tool(
    {
      name: 'get_resource_links',
      title: 'Get resource links',
      description:
        'Returns links to items of this server (everything://items/{id}) that the client can read with resources/read.',
      input: z.object({
        count: z
          .number()
          .int()
          .min(1)
          .max(ITEM_COUNT)
          .default(3)
          .describe(`How many links (1-${String(ITEM_COUNT)})`),
      }),
      annotations: { title: 'Get resource links', ...PURE },
    },
    async ({ count }, ctx) => {
      const content: ContentBlock[] = [{ type: 'text', text: `Here are ${String(count)} items of this server:` }];
      for (let i = 1; i <= count; i++) {
        const item = findItem(String(i));
        if (item === undefined) continue;
        const uri = itemUri(item.id);
        content.push(
          !isAtLeast(ctx.revision, '2025-06-18')
            ? await embed(uri, ctx)
            : { type: 'resource_link', uri, name: item.name, description: item.description, mimeType: 'application/json' },
        );
      }
      return { content };
    },
  );
}

/** `get_embedded_resource`: one of the server's resources, embedded in the result. */
export function registerGetEmbeddedResource(server: McpServer): void {
  server.tool(
    {
      name: 'get_embedded_resource',
      title: 'Get embedded resource',
      description: 'Returns an item of this server embedded in the result (its contents, not a link).',
      input: z.object({ id: z.string().describe(`Item id, 1-${String(ITEM_COUNT)}`) }),
      annotations: { title: 'Get embedded resource', ...PURE },
    },
    async ({ id }, ctx) => {
      if (findItem(id) === undefined)
        throw new ToolError(`There is no item ${JSON.stringify(id)}; ids are 1 to ${String(ITEM_COUNT)}.`);
      return { content: [{ type: 'text', text: `Item ${id}, embedded:` }, await embed(itemUri(id), ctx)] };
    },
  );
}
