/**
 * Every prompt of the everything server, and completion of their arguments.
 *
 * @module
 */
import { argsPromptText, CITIES, itemText, itemUri, SIMPLE_PROMPT_TEXT, TINY_PNG_BASE64 } from '@mcpkit/server-everything';
import { beforeEach, expect, it } from 'vitest';
import type { Harness } from '../harness.js';
import { PROMPT_NAMES, text } from './helpers.js';

/** Registers the tests; `connected` is the client the enclosing suite connected. */
export function promptTests(connected: () => Harness): void {
  let h: Harness;
  beforeEach(() => {
    h = connected();
  });

  it('lists every prompt with its arguments', async () => {
    const prompts = await h.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(PROMPT_NAMES);
    for (const p of prompts) {
      expect(p.title, p.name).toBeTypeOf('string');
      expect(p.description, p.name).toBeTypeOf('string');
    }
    // (The SDK clients drop an argument's `title`; the raw tests see it.)
    expect(prompts[1]?.arguments?.map(({ title: _title, ...rest }) => rest)).toEqual([
      { name: 'city', description: 'The city to ask about', required: true },
      { name: 'style', description: 'How to answer: haiku, limerick, news report, poem' },
    ]);
  });

  it('gets the simple prompt', async () => {
    expect((await h.getPrompt('simple_prompt')).messages).toEqual([{ role: 'user', content: text(SIMPLE_PROMPT_TEXT) }]);
  });

  it('gets the prompt with arguments', async () => {
    expect((await h.getPrompt('args_prompt', { city: 'Paris', style: 'haiku' })).messages).toEqual([
      { role: 'user', content: text(argsPromptText('Paris', 'haiku')) },
    ]);
    expect(argsPromptText('Paris', 'haiku')).toBe('What is the weather like in Paris? Answer in the style of a haiku.');
    expect((await h.getPrompt('args_prompt', { city: 'Cairo' })).messages).toEqual([
      { role: 'user', content: text('What is the weather like in Cairo?') },
    ]);
  });

  it('refuses a prompt without its required argument', async () => {
    await expect(h.getPrompt('args_prompt', {})).rejects.toMatchObject({ code: -32602 });
  });

  it('gets the prompt with an embedded resource', async () => {
    expect((await h.getPrompt('resource_prompt', { itemId: '3' })).messages).toEqual([
      { role: 'user', content: text('Here is item 3:') },
      {
        role: 'user',
        content: { type: 'resource', resource: { uri: itemUri('3'), mimeType: 'application/json', text: itemText('3') } },
      },
      { role: 'user', content: text('Please summarise it.') },
    ]);
  });

  it('gets the prompt with an image', async () => {
    expect((await h.getPrompt('image_prompt')).messages).toEqual([
      { role: 'user', content: { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' } },
      { role: 'user', content: text('Please describe the image above.') },
    ]);
  });

  it('completes prompt arguments', async () => {
    expect(await h.complete({ type: 'ref/prompt', name: 'args_prompt' }, { name: 'city', value: 'b' })).toEqual({
      values: CITIES.filter((c) => c.startsWith('B')),
      total: 3,
      hasMore: false,
    });
    expect(
      (await h.complete({ type: 'ref/prompt', name: 'args_prompt' }, { name: 'style', value: 'li' }, { city: 'Paris' })).values,
    ).toEqual(['limerick']);
    expect((await h.complete({ type: 'ref/prompt', name: 'resource_prompt' }, { name: 'itemId', value: '2' })).values).toEqual([
      '2',
      '20',
    ]);
  });
}
