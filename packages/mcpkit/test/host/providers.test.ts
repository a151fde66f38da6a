/**
 * mcpkit's model adapters against the fake APIs (which the official SDKs
 * vouch for, `fakes.sdk.test.ts`): streaming, parallel tool calls, usage,
 * stop reasons, images in tool results, retries that honour `retry-after`,
 * a 401 that is reported and not retried, cancellation, a broken stream, and
 * the environment read the way the SDKs read it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FetchHttpClient, type HttpClient } from '../../src/http/index.js';
import { LocalError } from '../../src/jsonrpc/index.js';
import { NodeHttpClient } from '../../src/node/index.js';
import { ModelApiError } from '../../src/host/errors.js';
import { AnthropicProvider, anthropicFromEnv } from '../../src/host/model/anthropic.js';
import { resolveModel, splitModelSpec } from '../../src/host/model/modelSpec.js';
import { OpenAiProvider, openAiFromEnv } from '../../src/host/model/openai.js';
import type { ModelMessage, ModelProvider, ModelRequest } from '../../src/host/model/types.js';
import { sequence, type FakeApi, type FakeScript } from './fakes/fakeApi.js';
import { startFakeAnthropic } from './fakes/fakeAnthropic.js';
import { startFakeOpenAi } from './fakes/fakeOpenAi.js';

let fake: FakeApi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const tools = [
  { name: 'weather__get', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
];
const question: ModelRequest = {
  model: 'm-test',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Oslo?' }] }],
  tools,
  maxTokens: 100,
};
const twoCalls = {
  kind: 'answer',
  text: 'Checking both.',
  toolCalls: [
    { id: 'c1', name: 'weather__get', input: { city: 'Paris' } },
    { id: 'c2', name: 'weather__get', input: { city: 'Oslo' } },
  ],
  usage: { input: 30, output: 12 },
} as const;

interface Dialect {
  readonly name: string;
  readonly face: string;
  start(script: FakeScript, key?: string): Promise<FakeApi>;
  provider(url: string, options?: { key?: string; maxRetries?: number }): ModelProvider;
}

const faces: [string, () => HttpClient][] = [
  ['fetch', () => new FetchHttpClient()],
  ['node:http', () => new NodeHttpClient()],
];
const dialects: Dialect[] = faces.flatMap(([face, httpClient]): Dialect[] => [
  {
    name: 'anthropic',
    face,
    start: (script, key) => startFakeAnthropic(script, key === undefined ? {} : { key }),
    provider: (url, o = {}) =>
      new AnthropicProvider({
        apiKey: o.key ?? 'test-key',
        baseUrl: url,
        maxRetries: o.maxRetries ?? 2,
        httpClient: httpClient(),
      }),
  },
  {
    name: 'openai',
    face,
    start: (script, key) => startFakeOpenAi(script, key === undefined ? {} : { key }),
    provider: (url, o = {}) =>
      new OpenAiProvider({ apiKey: o.key ?? 'test-key', baseUrl: url, maxRetries: o.maxRetries ?? 2, httpClient: httpClient() }),
  },
]);

describe.each(dialects)('the $name adapter over $face', (dialect) => {
  it('streams the text as it comes and returns parallel tool calls, usage and the stop reason', async () => {
    fake = await dialect.start(sequence(twoCalls));
    const deltas: string[] = [];
    const answer = await dialect.provider(fake.url).complete(question, { onTextDelta: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Checking both.');
    expect(answer.stopReason).toBe('tool_use');
    expect(answer.usage).toEqual({ inputTokens: 30, outputTokens: 12 });
    expect(answer.model).toBe('m-test');
    expect(answer.content).toEqual([
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'c1', name: 'weather__get', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'c2', name: 'weather__get', input: { city: 'Oslo' } },
    ]);
    expect(fake.requests[0]?.body['stream']).toBe(true);
  });

  it('sends tool results (text and images) back in a form the API accepts', async () => {
    fake = await dialect.start(
      sequence({ kind: 'answer', text: 'Sunny in both.', stopReason: dialect.name === 'openai' ? 'stop' : 'end_turn' }),
    );
    const messages: ModelMessage[] = [
      ...question.messages,
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'c1', name: 'weather__get', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'c2', name: 'weather__get', input: { city: 'Oslo' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            toolUseId: 'c1',
            content: [
              { type: 'text', text: '21 C' },
              { type: 'image', data: PNG, mimeType: 'image/png' },
            ],
          },
          { type: 'tool_result', toolUseId: 'c2', content: [{ type: 'text', text: 'no such city' }], isError: true },
        ],
      },
    ];
    const answer = await dialect.provider(fake.url).complete({ ...question, messages, system: 'Be brief.' });
    expect(answer).toMatchObject({ stopReason: 'end_turn', content: [{ type: 'text', text: 'Sunny in both.' }] });
    const sent = JSON.stringify(fake.requests[0]?.body);
    expect(sent).toContain(PNG);
    expect(sent).toContain('Be brief.');
  });

  it('reports a refused key clearly and does not retry it', async () => {
    fake = await dialect.start(sequence({ kind: 'answer', text: 'x' }), 'the-right-key');
    const error = await dialect
      .provider(fake.url, { key: 'wrong' })
      .complete(question)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelApiError);
    expect(error).toMatchObject({ failure: 'authentication', status: 401, provider: dialect.name });
    expect((error as Error).message).toMatch(/authentication failed \(HTTP 401\).*Check .*_API_KEY/);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 429 after the retry-after the API asked for', async () => {
    fake = await dialect.start(
      sequence(
        { kind: 'error', status: 429, type: 'rate_limit_error', headers: { 'retry-after': '1' } },
        { kind: 'answer', text: 'ok' },
      ),
    );
    const retries: unknown[] = [];
    const started = Date.now();
    const answer = await dialect.provider(fake.url).complete(question, { onRetry: (r) => retries.push(r) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(answer.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(retries).toEqual([{ attempt: 1, delayMs: 1000, status: 429 }]);
  });

  it('gives up on 5xx after its retries with the status and the API message', async () => {
    fake = await dialect.start(sequence({ kind: 'error', status: 500, message: 'boom', headers: { 'retry-after-ms': '5' } }));
    const error = await dialect
      .provider(fake.url, { maxRetries: 2 })
      .complete(question)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'server', status: 500 });
    expect((error as Error).message).toMatch(/HTTP 500\) \(after 2 retries\): boom/);
    expect(fake.requests).toHaveLength(3);
  });

  it('refuses to wait for a retry-after longer than it allows', async () => {
    fake = await dialect.start(sequence({ kind: 'error', status: 429, headers: { 'retry-after': '3600' } }));
    const error = await dialect
      .provider(fake.url)
      .complete(question)
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/asks to wait 3600 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it('is cancelled by its signal while the API hangs', async () => {
    fake = await dialect.start(sequence({ kind: 'hang' }));
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 50);
    const error = await dialect
      .provider(fake.url)
      .complete(question, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toMatchObject({ code: 'CANCELLED' });
  });

  it('reports a stream that breaks off as a network failure', async () => {
    fake = await dialect.start(sequence({ kind: 'break' }));
    const error = await dialect
      .provider(fake.url, { maxRetries: 0 })
      .complete(question)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelApiError);
    expect((error as ModelApiError).failure).toMatch(/network|protocol/);
  });

  it('reports an unreachable endpoint as a network failure after retrying', async () => {
    const error = await dialect
      .provider('http://127.0.0.1:9', { maxRetries: 1 })
      .complete(question)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'network' });
    expect((error as Error).message).toMatch(/cannot reach/);
  });
});

describe('keys and endpoints', () => {
  it('are read from the environment the way the official SDKs read them', () => {
    expect(anthropicFromEnv({ ANTHROPIC_API_KEY: ' k ', ANTHROPIC_BASE_URL: '' })).toEqual({
      apiKey: 'k',
      authToken: undefined,
      baseUrl: undefined,
    });
    expect(
      openAiFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_ORG_ID: 'org' }),
    ).toMatchObject({
      apiKey: 'k',
      baseUrl: 'http://localhost:11434/v1',
      organization: 'org',
    });
  });

  it('uses ANTHROPIC_AUTH_TOKEN as a bearer token when there is no key', async () => {
    fake = await startFakeAnthropic(sequence({ kind: 'answer', text: 'ok' }));
    const { provider, model } = resolveModel('anthropic/claude-x', {
      ANTHROPIC_AUTH_TOKEN: 'test-key',
      ANTHROPIC_BASE_URL: fake.url,
    });
    await provider.complete({ ...question, model });
    expect(fake.requests[0]?.headers['authorization']).toBe('Bearer test-key');
    expect(fake.requests[0]?.body['model']).toBe('claude-x');
  });

  it('talks to a compatible local server without a key, with max_tokens', async () => {
    fake = await startFakeOpenAi(sequence({ kind: 'answer', text: 'ok' }));
    const body = { model: 'llama3.2', messages: [{ role: 'user', content: 'x' }] };
    const provider = new OpenAiProvider({
      baseUrl: fake.url,
      // No key is sent; the fake (which wants one) gets it from the carrier, as a proxy in front of a local server might add it.
      httpClient: new FetchHttpClient((url, init) =>
        fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: 'Bearer test-key' } }),
      ),
    });
    await provider.complete({ ...question, model: body.model });
    expect(fake.requests[0]?.body['max_tokens']).toBe(100);
    expect(fake.requests[0]?.body['max_completion_tokens']).toBeUndefined();
  });

  it('fails at once without a key for the official endpoints', async () => {
    await expect(new AnthropicProvider({}).complete(question)).rejects.toMatchObject({ failure: 'authentication' });
    await expect(new OpenAiProvider({}).complete(question)).rejects.toThrow(/set OPENAI_API_KEY/);
  });

  it('splits PROVIDER/MODEL, keeping slashes in the model name, and refuses anything else', () => {
    expect(splitModelSpec('openai/meta-llama/Llama-3.1-8B')).toEqual({ provider: 'openai', model: 'meta-llama/Llama-3.1-8B' });
    expect(() => splitModelSpec('claude-x')).toThrow(/PROVIDER\/MODEL/);
    expect(() => splitModelSpec('gemini/x')).toThrow(/anthropic, openai/);
  });
});

describe('the Anthropic adapter and its tool search', () => {
  const deferredTools = [
    { ...(tools[0] as (typeof tools)[number]), deferLoading: true },
    { name: 'files__read', description: 'Read a file', inputSchema: { type: 'object' }, deferLoading: true },
  ];
  const searching = {
    kind: 'answer',
    toolSearch: { query: 'weather' },
    afterSearch: (found: readonly string[]) => found.map((name) => ({ id: 'c9', name, input: { city: 'Oslo' } })),
  } as const;

  it.each(faces)(
    'over %s: asks for the search tool and deferred tools, keeps its blocks (input streamed in pieces), and sends them back',
    async (_face, httpClient) => {
      fake = await startFakeAnthropic(sequence(searching, { kind: 'answer', text: 'Sunny.' }));
      const provider = new AnthropicProvider({ apiKey: 'test-key', baseUrl: fake.url, httpClient: httpClient() });
      expect(provider.toolSearch).toBe(true);
      const request: ModelRequest = { ...question, tools: deferredTools, toolSearch: 'regex' };
      const answer = await provider.complete(request);
      expect(fake.requests[0]?.body['tools']).toEqual([
        { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' },
        { name: 'weather__get', description: 'Weather', input_schema: tools[0]?.inputSchema, defer_loading: true },
        { name: 'files__read', description: 'Read a file', input_schema: { type: 'object' }, defer_loading: true },
      ]);
      const [use, result, call] = answer.content;
      expect(use).toMatchObject({
        type: 'provider',
        provider: 'anthropic',
        block: { type: 'server_tool_use', name: 'tool_search_tool_regex', input: { query: 'weather' } },
      });
      expect(result).toMatchObject({ type: 'provider', block: { type: 'tool_search_tool_result' } });
      expect(call).toEqual({ type: 'tool_use', id: 'c9', name: 'weather__get', input: { city: 'Oslo' } });
      const messages: ModelMessage[] = [
        ...question.messages,
        { role: 'assistant', content: answer.content },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 'c9', content: [{ type: 'text', text: '21 C' }] }] },
      ];
      const next = await provider.complete({ ...request, messages });
      expect(next.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
      const sent = (fake.requests[1]?.body['messages'] as { content: { type: string }[] }[])[1]?.content.map((b) => b.type);
      expect(sent).toEqual(['server_tool_use', 'tool_search_tool_result', 'tool_use']);
    },
  );

  it("another provider's blocks are left out, and OpenAI leaves Anthropic's out", async () => {
    const block = {
      type: 'provider',
      provider: 'anthropic',
      block: { type: 'server_tool_use', id: 's', name: 'x', input: {} },
    } as const;
    const other = { ...block, provider: 'someone' } as const;
    const messages: ModelMessage[] = [
      ...question.messages,
      { role: 'assistant', content: [other, { type: 'text', text: 'Hm.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Go on.' }] },
    ];
    fake = await startFakeAnthropic(sequence({ kind: 'answer', text: 'ok' }));
    await new AnthropicProvider({ apiKey: 'test-key', baseUrl: fake.url }).complete({ ...question, messages });
    expect(JSON.stringify(fake.requests[0]?.body['messages'])).not.toContain('server_tool_use');
    await fake.close();
    fake = await startFakeOpenAi(sequence({ kind: 'answer', text: 'ok' }));
    const withAnthropic: ModelMessage[] = [
      messages[0] as ModelMessage,
      { role: 'assistant', content: [block, { type: 'text', text: 'Hm.' }] },
      messages[2] as ModelMessage,
    ];
    await new OpenAiProvider({ apiKey: 'test-key', baseUrl: fake.url }).complete({ ...question, messages: withAnthropic });
    expect(JSON.stringify(fake.requests[0]?.body['messages'])).not.toContain('server_tool_use');
  });
});
