/**
 * The prompts: one without arguments, one with arguments (and completion of
 * them), one that embeds a resource, one with an image.
 *
 * @module
 */
import { completeFrom, type McpServer } from 'mcpkit/server';
import { CITIES, ITEM_COUNT, ITEM_IDS, itemUri, STYLES } from './data.js';
import { TINY_PNG_BASE64 } from './media/index.js';

/** The text of `simple_prompt`. */
export const SIMPLE_PROMPT_TEXT = 'This is a simple prompt without arguments.';

/** The text `args_prompt` produces. */
export function argsPromptText(city: string, style: string | undefined): string {
  return `What is the weather like in ${city}?${style === undefined ? '' : ` Answer in the style of a ${style}.`}`;
}

/** Registers every prompt. */
export function registerPrompts(server: McpServer): void {
  server.prompt(
    { name: 'simple_prompt', title: 'Simple prompt', description: 'A prompt without arguments.' },
    () => SIMPLE_PROMPT_TEXT,
  );

  server.prompt(
    {
      name: 'args_prompt',
      title: 'Prompt with arguments',
      description: 'A prompt with a required and an optional argument, both completable.',
      arguments: [
        { name: 'city', title: 'City', description: 'The city to ask about', required: true },
        { name: 'style', title: 'Style', description: `How to answer: ${STYLES.join(', ')}` },
      ],
      complete: { city: completeFrom(CITIES), style: completeFrom(STYLES) },
    },
    ({ city, style }) => argsPromptText(city ?? '', style),
  );

  server.prompt(
    {
      name: 'resource_prompt',
      title: 'Prompt with an embedded resource',
      description: 'A prompt that embeds one of the server items.',
      arguments: [{ name: 'itemId', title: 'Item id', description: `Which item, 1 to ${String(ITEM_COUNT)}`, required: true }],
      complete: { itemId: (value) => ITEM_IDS.filter((id) => id.startsWith(value)) },
    },
    async ({ itemId }, ctx) => {
      const { contents } = await ctx.readResource(itemUri(itemId ?? ''));
      return [
        { role: 'user', content: { type: 'text', text: `Here is item ${itemId ?? ''}:` } },
        ...contents.map((resource) => ({ role: 'user' as const, content: { type: 'resource' as const, resource } })),
        { role: 'user', content: { type: 'text', text: 'Please summarise it.' } },
      ];
    },
  );

  server.prompt({ name: 'image_prompt', title: 'Prompt with an image', description: 'A prompt that includes an image.' }, () => [
    { role: 'user', content: { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' } },
    { role: 'user', content: { type: 'text', text: 'Please describe the image above.' } },
  ]);
}
