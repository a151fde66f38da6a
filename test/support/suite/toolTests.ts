/**
 * Every tool of the everything server, with the exact content each returns, and the
 * server-to-client requests (sampling, elicitation, roots) answered by the client.
 *
 * @module
 */
import {
  CLOCK_URI,
  ELICIT_URL,
  elicitationForm,
  findItem,
  ITEM_COUNT,
  itemText,
  itemUri,
  LOG_LEVELS_SENT,
  TINY_PNG_BASE64,
  TINY_WAV_BASE64,
  weatherOf,
} from '@mcpkit/server-everything';
import { beforeEach, expect, it } from 'vitest';
import { CLIENT_ROOTS, FORM_ANSWER, TEST_MODEL } from '../clientHandlers.js';
import type { Harness, ProgressEvent } from '../harness.js';
import { text, TOOL_NAMES, waitFor } from './helpers.js';

/** Registers the tests; `connected` is the client the enclosing suite connected. */
export function toolTests(connected: () => Harness): void {
  let h: Harness;
  beforeEach(() => {
    h = connected();
  });

  it('lists every tool, annotated', async () => {
    const tools = await h.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTypeOf('string');
      expect(tool.description, tool.name).toBeTypeOf('string');
      expect(tool.annotations?.readOnlyHint, tool.name).toBeTypeOf('boolean');
      expect(tool.inputSchema.type, tool.name).toBe('object');
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('reset_clock')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('add')?.outputSchema).toMatchObject({
      type: 'object',
      properties: { sum: { type: 'number' } },
      required: ['sum'],
    });
    expect(byName.get('get_weather')?.outputSchema).toMatchObject({
      type: 'object',
      required: ['city', 'temperatureC', 'conditions', 'humidity'],
    });
    expect(byName.get('echo')?.inputSchema).toEqual({
      type: 'object',
      properties: { message: { type: 'string', description: 'The text to send back' } },
      required: ['message'],
      additionalProperties: false,
    });
    expect(byName.get('get_image')?.icons?.[0]).toMatchObject({ mimeType: 'image/png', sizes: ['16x16'] });
  });

  it('echo returns the message, exactly', async () => {
    const result = await h.callTool('echo', { message: 'Hello, MCP! ✓' });
    expect(result.content).toEqual([text('Hello, MCP! ✓')]);
    expect(result.isError).toBeFalsy();
  });

  it('add returns structured content that matches its output schema', async () => {
    const result = await h.callTool('add', { a: 2, b: 40 });
    expect(result.content).toEqual([text('{"sum":42}')]);
    expect(result.structuredContent).toEqual({ sum: 42 });
  });

  it('get_weather returns structured output', async () => {
    const result = await h.callTool('get_weather', { city: 'Lisbon' });
    expect(result.structuredContent).toEqual(weatherOf('Lisbon'));
    expect(result.content).toEqual([text(JSON.stringify(weatherOf('Lisbon')))]);
  });

  it('long_running_operation reports progress, then completes', async () => {
    const progress: ProgressEvent[] = [];
    const result = await h.callTool(
      'long_running_operation',
      // 100 ms between steps: on a loaded machine closer steps reach a stdio client in one read.
      { duration: 0.3, steps: 3 },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.content).toEqual([text('Long running operation completed: 0.3 second(s) in 3 step(s).')]);
    const expected = [1, 2, 3].map((n) => ({ progress: n, total: 3, message: `Step ${String(n)} of 3` }));
    if (h.transport !== 'stdio') expect(progress).toEqual(expected);
    else {
      // The SDK clients dispatch notifications a microtask later than responses, and drop
      // progress that arrives after its response: when stdio delivers the last progress
      // notification and the response in one read, the last one is lost (client-side race);
      // a loaded machine may batch more than the last, so this asks for the first.
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(progress).toEqual(expected.slice(0, progress.length));
    }
  });

  it('long_running_operation stops when cancelled', async () => {
    const controller = new AbortController();
    const call = h.callTool(
      'long_running_operation',
      { duration: 30, steps: 300 },
      {
        onprogress: () => {
          controller.abort('enough');
        },
        signal: controller.signal,
      },
    );
    await expect(call).rejects.toThrow();
    // The server is still responsive.
    expect((await h.callTool('echo', { message: 'still here' })).content).toEqual([text('still here')]);
  });

  it('sample_llm asks the client model and returns its answer', async () => {
    const before = h.inbox.sampling.length;
    const result = await h.callTool('sample_llm', { prompt: 'What is 2 + 2?' });
    expect(result.content).toEqual([text(`LLM sampling result (model ${TEST_MODEL}): You said: What is 2 + 2?`)]);
    expect(h.inbox.sampling.slice(before)).toEqual([
      {
        messages: [{ role: 'user', content: text('What is 2 + 2?') }],
        maxTokens: 100,
        systemPrompt: 'You are a helpful assistant.',
      },
    ]);
  });

  it('elicit_form asks the user to fill in a form with defaults and enums', async () => {
    const before = h.inbox.elicitations.length;
    const result = await h.callTool('elicit_form');
    expect(result.content).toEqual([text(`Form elicitation result: action=accept, content=${JSON.stringify(FORM_ANSWER)}`)]);
    const asked = h.inbox.elicitations.slice(before) as { message: string; requestedSchema: unknown }[];
    expect(asked).toHaveLength(1);
    expect(asked[0]?.requestedSchema).toEqual(elicitationForm('2025-11-25'));
    expect(asked[0]?.message).toBe('Please tell us about yourself (a demonstration form).');
  });

  it('elicit_url sends the user to a page', async () => {
    const before = h.inbox.elicitations.length;
    const result = await h.callTool('elicit_url');
    expect(result.content).toEqual([text('URL elicitation result: action=accept')]);
    const asked = h.inbox.elicitations.slice(before) as { mode: string; url: string; elicitationId?: string }[];
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ mode: 'url', url: ELICIT_URL });
    if (h.stateless) {
      // 2026-07-28 has no elicitation ids and no completion notification.
      expect(asked[0]?.elicitationId).toBeUndefined();
    } else {
      const id = asked[0]?.elicitationId;
      expect(id).toBeTypeOf('string');
      await waitFor(() => h.inbox.elicitationCompletions.includes(id!), 'notifications/elicitation/complete');
    }
  });

  it('list_roots lists what the client sent', async () => {
    const result = await h.callTool('list_roots');
    expect(result.content).toEqual([
      text(`The client has 2 root(s):\n- project: ${CLIENT_ROOTS[0].uri}\n- ${CLIENT_ROOTS[1].uri}`),
    ]);
  });

  it('get_image returns a PNG', async () => {
    const result = await h.callTool('get_image');
    expect(result.content).toEqual([
      { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
      text('A 16x16 PNG: a diagonal gradient with a white border.'),
    ]);
  });

  it('get_audio returns a WAV', async () => {
    const result = await h.callTool('get_audio');
    expect(result.content).toEqual([
      { type: 'audio', data: TINY_WAV_BASE64, mimeType: 'audio/wav' },
      text('A 100 ms, 440 Hz tone (8 kHz, 16-bit mono WAV).'),
    ]);
  });

  it('get_resource_links returns links the client can read', async () => {
    const result = await h.callTool('get_resource_links', { count: 2 });
    expect(result.content).toEqual([
      text('Here are 2 items of this server:'),
      ...['1', '2'].map((id) => ({
        type: 'resource_link',
        uri: itemUri(id),
        name: `Item ${id}`,
        description: findItem(id)?.description,
        mimeType: 'application/json',
      })),
    ]);
    const link = result.content[1] as { uri: string };
    expect((await h.readResource(link.uri)).contents).toEqual([
      { uri: itemUri('1'), mimeType: 'application/json', text: itemText('1') },
    ]);
  });

  it('get_embedded_resource embeds an item, and fails as a tool for an unknown one', async () => {
    const result = await h.callTool('get_embedded_resource', { id: '4' });
    expect(result.content).toEqual([
      text('Item 4, embedded:'),
      { type: 'resource', resource: { uri: itemUri('4'), mimeType: 'application/json', text: itemText('4') } },
    ]);
    const missing = await h.callTool('get_embedded_resource', { id: '99' });
    expect(missing).toMatchObject({
      isError: true,
      content: [text(`There is no item "99"; ids are 1 to ${String(ITEM_COUNT)}.`)],
    });
  });

  it('annotated_message annotates its content', async () => {
    const result = await h.callTool('annotated_message', { messageType: 'error', includeImage: true });
    expect(result.content).toEqual([
      { type: 'text', text: 'Error: something went wrong.', annotations: { priority: 1, audience: ['user', 'assistant'] } },
      { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png', annotations: { priority: 0.5, audience: ['user'] } },
    ]);
    const debug = await h.callTool('annotated_message', { messageType: 'debug' });
    expect(debug.content).toEqual([
      {
        type: 'text',
        text: 'Debug: cache hit ratio 0.95, latency 12 ms.',
        annotations: { priority: 0.3, audience: ['assistant'] },
      },
    ]);
  });

  it('always_fails is a tool error, not a protocol error', async () => {
    const result = await h.callTool('always_fails');
    expect(result).toMatchObject({ isError: true, content: [text('This tool always fails, on purpose.')] });
  });

  it('log_messages logs at several levels, filtered by the client level', async () => {
    await h.setLogLevel('warning');
    const before = h.inbox.logs.length;
    const result = await h.callTool('log_messages');
    expect(result.content).toEqual([
      text(`Sent ${String(LOG_LEVELS_SENT.length)} log messages (${LOG_LEVELS_SENT.join(', ')}).`),
    ]);
    await waitFor(() => h.inbox.logs.length >= before + 2, 'two log messages');
    expect(h.inbox.logs.slice(before)).toEqual(
      ['warning', 'error'].map((level) => ({
        level,
        logger: 'everything',
        data: { message: `A ${level} message from the everything server` },
      })),
    );
    await h.setLogLevel('debug');
  });

  it('touch_clock and reset_clock change the subscribable clock', async () => {
    expect((await h.readResource(CLOCK_URI)).contents).toEqual([
      { uri: CLOCK_URI, mimeType: 'application/json', text: '{"tick":0}' },
    ]);
    const unwatch = await h.watch(CLOCK_URI);
    const before = h.inbox.updates.length;
    expect((await h.callTool('touch_clock')).content).toEqual([text('The clock is now at tick 1.')]);
    await waitFor(() => h.inbox.updates.length > before, 'notifications/resources/updated');
    expect(h.inbox.updates.slice(before)).toEqual([CLOCK_URI]);
    expect((await h.readResource(CLOCK_URI)).contents).toEqual([
      { uri: CLOCK_URI, mimeType: 'application/json', text: '{"tick":1}' },
    ]);
    expect((await h.callTool('reset_clock')).content).toEqual([text('The clock is back at tick 0.')]);
    await waitFor(() => h.inbox.updates.length > before + 1, 'a second update');
    expect((await h.readResource(CLOCK_URI)).contents[0]).toMatchObject({ text: '{"tick":0}' });
    await unwatch();
  });
}
