/**
 * The fake model APIs are right: each is driven by the official provider SDK
 * (`@anthropic-ai/sdk`, `openai`) as its client, streaming and not, with tool
 * calls, usage, errors and retries. Where the SDK accepts what a fake sends,
 * mcpkit's own adapters can be tested against the fake with confidence.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { sequence, type FakeApi } from './fakes/fakeApi.js';
import { startFakeAnthropic, validateAnthropic } from './fakes/fakeAnthropic.js';
import { startFakeOpenAi, validateOpenAi } from './fakes/fakeOpenAi.js';

let fake: FakeApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const weather = {
  kind: 'answer',
  text: 'Let me check.',
  toolCalls: [
    { id: 'call_1', name: 'weather__get', input: { city: 'Paris', days: 2 } },
    { id: 'call_2', name: 'weather__get', input: { city: 'Oslo' } },
  ],
  usage: { input: 42, output: 17 },
} as const;

describe('the fake Anthropic API, checked with @anthropic-ai/sdk', () => {
  const client = (url: string, maxRetries = 0): Anthropic => new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries });
  const tools = [
    {
      name: 'weather__get',
      description: 'Weather',
      input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
    },
  ];

  it('streams text and parallel tool calls that the SDK assembles, with usage and the stop reason', async () => {
    fake = await startFakeAnthropic(sequence(weather));
    const texts: string[] = [];
    const stream = client(fake.url).messages.stream({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather?' }],
      tools,
    });
    stream.on('text', (t) => texts.push(t));
    const message = await stream.finalMessage();
    expect(texts.join('')).toBe('Let me check.');
    expect(texts.length).toBeGreaterThan(1);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 42, output_tokens: 17 });
    expect(message.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'call_1', name: 'weather__get', input: { city: 'Paris', days: 2 } },
      { type: 'tool_use', id: 'call_2', name: 'weather__get', input: { city: 'Oslo' } },
    ]);
    expect(fake.requests[0]?.headers['anthropic-version']).toBeDefined();
  });

  it('answers a non-streamed request with a message object', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', text: 'Hi.' }));
    const message = await client(fake.url).messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(message).toMatchObject({ role: 'assistant', stop_reason: 'end_turn', content: [{ type: 'text', text: 'Hi.' }] });
  });

  it('accepts a tool result with an image that answers the previous tool_use', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', text: 'Sunny.' }));
    const message = await client(fake.url).messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'weather__get', input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'call_1',
              content: [
                { type: 'text', text: '21 C' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
              ],
            },
          ],
        },
      ],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
  });

  it('refuses what the API refuses, as the SDK error classes say', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', text: 'x' }));
    const bad = client(fake.url).messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'nope', content: 'x' }] }],
    });
    await expect(bad).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    const wrongKey = new Anthropic({ apiKey: 'wrong', baseURL: fake.url, maxRetries: 0 }).messages.create({
      model: 'm',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(wrongKey).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('asks for a retry in the way the SDK honours (429 with retry-after-ms, then success)', async () => {
    fake = await startFakeAnthropic(
      sequence(
        { kind: 'error', status: 429, type: 'rate_limit_error', headers: { 'retry-after-ms': '20' } },
        { kind: 'answer', text: 'ok' },
      ),
    );
    const message = await client(fake.url, 2).messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(fake.requests).toHaveLength(2);
  });

  it('checks the rules the adapters must keep', () => {
    expect(validateAnthropic({ model: 'm', max_tokens: 1, messages: [] })).toMatch(/at least one/);
    expect(
      validateAnthropic({
        model: 'm',
        max_tokens: 1,
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'n', input: {} }] },
          { role: 'user', content: 'y' },
        ],
      }),
    ).toMatch(/without tool_result/);
  });
});

describe('the fake Anthropic tool search, checked with @anthropic-ai/sdk', () => {
  const client = (url: string): Anthropic => new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
  const deferred: Anthropic.Messages.ToolUnion[] = [
    { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    {
      name: 'weather__get_forecast',
      description: 'Weather forecast for a city',
      input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      defer_loading: true,
    },
    { name: 'files__read', description: 'Read a file', input_schema: { type: 'object' }, defer_loading: true },
  ];
  const searching = {
    kind: 'answer',
    text: 'Searching.',
    toolSearch: { query: 'weather forecast' },
    afterSearch: (found: readonly string[]) =>
      found.slice(0, 1).map((name) => ({ id: 'toolu_w', name, input: { city: 'Oslo' } })),
  } as const;

  it('streams server_tool_use, tool_search_tool_result with tool_references, then the found tool called, as the SDK assembles them', async () => {
    fake = await startFakeAnthropic(sequence(searching));
    const stream = client(fake.url).messages.stream({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: deferred,
    });
    const message = await stream.finalMessage();
    const [text, use, result, call] = message.content;
    expect(text).toEqual({ type: 'text', text: 'Searching.' });
    expect(use).toMatchObject({ type: 'server_tool_use', name: 'tool_search_tool_bm25', input: { query: 'weather forecast' } });
    expect(result).toEqual({
      type: 'tool_search_tool_result',
      tool_use_id: use?.type === 'server_tool_use' ? use.id : '',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: 'weather__get_forecast' }],
      },
    });
    expect(call).toEqual({ type: 'tool_use', id: 'toolu_w', name: 'weather__get_forecast', input: { city: 'Oslo' } });
    expect(message.stop_reason).toBe('tool_use');
  });

  it('takes the blocks back in the next request, and answers the same non-streamed', async () => {
    fake = await startFakeAnthropic(sequence(searching, { kind: 'answer', text: 'Sunny.' }));
    const first = await client(fake.url).messages.create({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: deferred,
    });
    expect(first.content.map((b) => b.type)).toEqual(['text', 'server_tool_use', 'tool_search_tool_result', 'tool_use']);
    const second = await client(fake.url).messages.create({
      model: 'claude-test',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_w', content: '21 C' }] },
      ],
      tools: deferred,
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
  });

  it('refuses what the API refuses: deferred tools without a search tool, a deferred search tool, a reference to no deferred tool', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', text: 'x' }));
    const base = { model: 'claude-test', max_tokens: 10, messages: [{ role: 'user' as const, content: 'x' }] };
    await expect(client(fake.url).messages.create({ ...base, tools: deferred.slice(1) })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError,
    );
    await expect(
      client(fake.url).messages.create({
        ...base,
        tools: [
          { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex', defer_loading: true },
          ...deferred.slice(1),
        ],
      }),
    ).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(
      client(fake.url).messages.create({
        ...base,
        messages: [
          { role: 'user', content: 'x' },
          {
            role: 'assistant',
            content: [
              { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_bm25', input: { query: 'x' } },
              {
                type: 'tool_search_tool_result',
                tool_use_id: 'srvtoolu_1',
                content: {
                  type: 'tool_search_tool_search_result',
                  tool_references: [{ type: 'tool_reference', tool_name: 'nope' }],
                },
              },
            ],
          },
          { role: 'user', content: 'y' },
        ],
        tools: deferred,
      }),
    ).rejects.toThrow(/no corresponding tool definition/);
  });

  it('a script cannot call a deferred tool no search found (the real model could not see it)', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', toolCalls: [{ name: 'files__read', input: {} }] }));
    await expect(
      client(fake.url).messages.create({
        model: 'claude-test',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
        tools: deferred,
      }),
    ).rejects.toThrow(/deferred and no tool search found it/);
  });

  it('the regex variant finds by pattern over names, descriptions and argument names', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', toolSearch: { query: '^files__|city' } }));
    const message = await client(fake.url).messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }, ...deferred.slice(1)],
    });
    const result = message.content.find((b) => b.type === 'tool_search_tool_result');
    expect(result?.content).toEqual({
      type: 'tool_search_tool_search_result',
      tool_references: [
        { type: 'tool_reference', tool_name: 'weather__get_forecast' },
        { type: 'tool_reference', tool_name: 'files__read' },
      ],
    });
  });
});

describe('the fake OpenAI API, checked with openai', () => {
  const client = (url: string, maxRetries = 0): OpenAI => new OpenAI({ apiKey: 'test-key', baseURL: url, maxRetries });
  const tools = [
    {
      type: 'function' as const,
      function: { name: 'weather__get', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  ];

  it('streams text and parallel tool calls that the SDK assembles, with usage and the finish reason', async () => {
    fake = await startFakeOpenAi(sequence(weather));
    const stream = client(fake.url).chat.completions.stream({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Weather?' }],
      tools,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    stream.on('content', (delta) => deltas.push(delta));
    const completion = await stream.finalChatCompletion();
    const choice = completion.choices[0];
    expect(deltas.join('')).toBe('Let me check.');
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.tool_calls?.map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([
      ['call_1', 'weather__get', { city: 'Paris', days: 2 }],
      ['call_2', 'weather__get', { city: 'Oslo' }],
    ]);
    expect(completion.usage).toMatchObject({ prompt_tokens: 42, completion_tokens: 17 });
  });

  it('sends chunks the raw streaming iterator reads, ending with a usage chunk', async () => {
    fake = await startFakeOpenAi(sequence({ kind: 'answer', text: 'Hello there' }));
    const stream = await client(fake.url).chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello there');
    expect(usage).toMatchObject({ total_tokens: 15 });
  });

  it('answers a non-streamed request and accepts tool messages and images in user messages', async () => {
    fake = await startFakeOpenAi(sequence({ kind: 'answer', text: 'Sunny.' }));
    const completion = await client(fake.url).chat.completions.create({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather__get', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '21 C' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Image:' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe('Sunny.');
  });

  it('refuses what the API refuses, as the SDK error classes say, and retries a 503', async () => {
    fake = await startFakeOpenAi(
      sequence({ kind: 'error', status: 503, headers: { 'retry-after-ms': '10' } }, { kind: 'answer', text: 'ok' }),
    );
    const ok = await client(fake.url, 1).chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(ok.choices[0]?.message.content).toBe('ok');
    const orphan = client(fake.url).chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'tool', tool_call_id: 'x', content: 'y' }],
    });
    await expect(orphan).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    const wrongKey = new OpenAI({ apiKey: 'wrong', baseURL: fake.url, maxRetries: 0 }).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(wrongKey).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('checks the rules the adapters must keep', () => {
    expect(
      validateOpenAi({
        model: 'm',
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'a', type: 'function', function: { name: 'n', arguments: '{}' } }],
          },
          { role: 'user', content: 'x' },
        ],
      }),
    ).toMatch(/followed by tool messages/);
    expect(
      validateOpenAi({ model: 'm', messages: [{ role: 'tool', tool_call_id: 'a', content: [{ type: 'image_url' }] }] }),
    ).toMatch(/preceeding/);
  });
});
