/**
 * Context control through the host's loop against the fake APIs: with 8
 * servers of 60 tools, each provider's requests carry a fraction of the
 * definitions and the scripted model still reaches the one deep tool on the
 * right server (Anthropic through its own tool search, OpenAI and Anthropic
 * in `host` mode through `search_tools`); below the threshold nothing
 * changes; switched-off tools are neither offered, found nor callable.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/host/config/types.js';
import { Host } from '../../src/host/host.js';
import type { HostOptions } from '../../src/host/hostOptions.js';
import { AnthropicProvider } from '../../src/host/model/anthropic.js';
import { OpenAiProvider } from '../../src/host/model/openai.js';
import type { ModelProvider } from '../../src/host/model/types.js';
import type { FakeApi, FakeScript } from './fakes/fakeApi.js';
import { startFakeAnthropic } from './fakes/fakeAnthropic.js';
import { startFakeOpenAi } from './fakes/fakeOpenAi.js';
import {
  catalog,
  catalogConnector,
  DEEP_TOOL,
  offeredNames,
  searchingModel,
  targetServer,
  type CatalogTool,
} from './manyTools.js';

let fake: FakeApi | undefined;
let host: Host | undefined;
afterEach(async () => {
  await host?.close();
  await fake?.close();
  host = undefined;
  fake = undefined;
});

interface Dialect {
  readonly name: string;
  start(script: FakeScript): Promise<FakeApi>;
  provider(url: string): ModelProvider;
  readonly mode: 'auto' | 'host';
  readonly expected: 'provider-search' | 'host-search';
}

const dialects: Dialect[] = [
  {
    name: 'anthropic (its own tool search)',
    start: (s) => startFakeAnthropic(s),
    provider: (url) => new AnthropicProvider({ apiKey: 'test-key', baseUrl: url }),
    mode: 'auto',
    expected: 'provider-search',
  },
  {
    name: 'anthropic (the host search)',
    start: (s) => startFakeAnthropic(s),
    provider: (url) => new AnthropicProvider({ apiKey: 'test-key', baseUrl: url }),
    mode: 'host',
    expected: 'host-search',
  },
  {
    name: 'openai (the host search)',
    start: (s) => startFakeOpenAi(s),
    provider: (url) => new OpenAiProvider({ apiKey: 'test-key', baseUrl: url }),
    mode: 'auto',
    expected: 'host-search',
  },
];

function configs(tools: Map<string, CatalogTool[]>, extra: Partial<Record<string, Partial<ServerConfig>>> = {}): ServerConfig[] {
  return [...tools.keys()].map(
    (name) => ({ name, type: 'http', url: 'http://127.0.0.1:9/mcp', headers: {}, ...extra[name] }) as ServerConfig,
  );
}

async function startHost(
  dialect: Dialect,
  tools: Map<string, CatalogTool[]>,
  script: FakeScript,
  options: Partial<HostOptions> = {},
): Promise<Host> {
  fake = await dialect.start(script);
  host = new Host({
    servers: configs(tools),
    connector: catalogConnector(tools),
    model: { provider: dialect.provider(fake.url), model: 'm-test' },
    policy: { default: 'allow' },
    toolSearch: { mode: dialect.mode },
    ...options,
  });
  await host.start();
  return host;
}

/** The bytes of the tool definitions a request carried, as the provider's JSON. */
function toolBytes(body: Record<string, unknown>): number {
  return JSON.stringify(body['tools'] ?? []).length;
}

describe.each(dialects)('$name', (dialect) => {
  it('with 8 servers of 60 tools, a turn carries under a fifth of the definitions, and the model reaches the deep tool', async () => {
    const tools = catalog();
    const server = targetServer(tools);
    const h = await startHost(dialect, tools, searchingModel(server));
    expect(h.tools()).toHaveLength(480);
    const transcript = await h.ask('Rotate the KMS key k1 of our cloud.');
    expect(transcript.answer).toBe(`Done: ${server}/${DEEP_TOOL.name} ok`);
    const deep = transcript.toolCalls.find((c) => c.tool === DEEP_TOOL.name);
    expect(deep).toMatchObject({ server, outcome: 'ok' });
    for (const offer of transcript.toolOffers) {
      expect(offer.mode).toBe(dialect.expected);
      expect(offer.tokens).toBeLessThanOrEqual(offer.allTokens * 0.2);
      expect(offer.deferred).toBeGreaterThan(470);
    }
    const requests = fake?.requests ?? [];
    if (dialect.expected === 'host-search') {
      const all = JSON.stringify(h.tools()).length;
      for (const r of requests) expect(toolBytes(r.body)).toBeLessThan(all * 0.2);
      expect(offeredNames(requests[0] ?? { path: '', headers: {}, body: {} })).toEqual(['search_tools']);
      expect(offeredNames(requests.at(-1) ?? { path: '', headers: {}, body: {} })).toContain(`${server}__${DEEP_TOOL.name}`);
    } else {
      const first = (requests[0]?.body['tools'] ?? []) as Record<string, unknown>[];
      expect(first[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
      expect(first.slice(1).every((t) => t['defer_loading'] === true)).toBe(true);
      // The search's blocks went back with the next request, as the API needs.
      const second = JSON.stringify(requests[1]?.body['messages']);
      expect(second).toContain('"type":"server_tool_use"');
      expect(second).toContain('"type":"tool_search_tool_result"');
    }
  });

  it('below the threshold, every definition every turn, as before', async () => {
    const tools = catalog(2, 5);
    const server = [...tools.keys()][1] ?? '';
    const h = await startHost(dialect, tools, searchingModel(server), { toolSearch: { mode: dialect.mode, threshold: 100_000 } });
    // The catalog's second server has the lookalike, not the deep tool: the model says it is stuck.
    const transcript = await h.ask('anything');
    expect(transcript.toolOffers[0]).toMatchObject({ mode: 'all', loaded: 10, deferred: 0 });
    const names = offeredNames(fake?.requests[0] ?? { path: '', headers: {}, body: {} });
    expect(names).toHaveLength(10);
    expect(names.some((n) => n.includes('search'))).toBe(false);
  });

  it('a switched-off server is neither offered, found nor callable', async () => {
    const tools = catalog();
    const server = targetServer(tools);
    const h = await startHost(dialect, tools, searchingModel(server));
    expect(h.setToolsEnabled(server, false)).toBe(60);
    expect(h.tools()).toHaveLength(420);
    expect(h.searchTools(DEEP_TOOL.query).some((hit) => hit.value.server === server)).toBe(false);
    const transcript = await h.ask('Rotate the KMS key k1 of our cloud.');
    expect(transcript.toolCalls.some((c) => c.tool === DEEP_TOOL.name)).toBe(false);
    expect(JSON.stringify(fake?.requests.map((r) => r.body['tools']))).not.toContain(`${server}__`);
    await expect(h.callTool(`${server}/${DEEP_TOOL.name}`)).rejects.toThrow(/switched off/);
    expect(() => h.setToolsEnabled('nope', false)).toThrow(/no server "nope"/);
    expect(() => h.setToolsEnabled(`${server}/rotate_kms_key_versio`, true)).toThrow(/did you mean/);
  });
});

describe('the host search', () => {
  it('keeps what it found for the rest of the conversation', async () => {
    const tools = catalog();
    const server = targetServer(tools);
    const h = await startHost(dialects[2] as Dialect, tools, searchingModel(server));
    const conversation = h.conversation();
    await conversation.ask('Rotate the KMS key k1 of our cloud.');
    const second = await conversation.ask('And again.');
    expect(second.toolOffers[0]?.loadedTools).toContain(`${server}__${DEEP_TOOL.name}`);
    // A new conversation starts with the search alone.
    const fresh = await h.ask('Hello');
    expect(fresh.toolOffers[0]?.loaded).toBe(1);
  });

  it('answers a missing or empty query with an error the model reads, and a huge query without failing', async () => {
    const tools = catalog();
    const huge = `rotate kms key ${'spam '.repeat(20_000)}`;
    let step = 0;
    const script: FakeScript = () => {
      step++;
      if (step === 1)
        return {
          kind: 'answer',
          toolCalls: [
            { id: 'a', name: 'search_tools', input: {} },
            { id: 'b', name: 'search_tools', input: { query: huge } },
          ],
        };
      return { kind: 'answer', text: 'ok' };
    };
    const h = await startHost(dialects[2] as Dialect, tools, script);
    const transcript = await h.ask('go');
    const [a, b] = ['a', 'b'].map((id) => transcript.toolCalls.find((c) => c.id === id));
    expect(a?.result).toMatchObject({ isError: true });
    expect(JSON.stringify(b?.result)).toContain(DEEP_TOOL.name);
  });

  it('the config lists and the top-level toolSearch of a config are honoured', async () => {
    const tools = catalog();
    const server = targetServer(tools);
    fake = await startFakeOpenAi(searchingModel(server));
    host = new Host({
      servers: {
        servers: configs(tools, { [server]: { excludeTools: [DEEP_TOOL.name] }, github: { includeTools: ['list_issue'] } }),
        warnings: [],
        toolSearch: { threshold: 0 },
      },
      connector: catalogConnector(tools),
      model: { provider: new OpenAiProvider({ apiKey: 'test-key', baseUrl: fake.url }), model: 'm' },
      policy: { default: 'allow' },
    });
    await host.start();
    expect(host.tools()).toHaveLength(480 - 1 - 59);
    expect(host.disabledTools().map((t) => `${t.server}/${t.tool.name}`)).toContain(`${server}/${DEEP_TOOL.name}`);
    const report = host.toolContext();
    expect(report).toMatchObject({ threshold: 0, searching: true, mode: 'auto' });
    expect(report.servers.find((s) => s.server === 'github')).toMatchObject({ tools: 60, enabled: 1 });
    expect(report.servers.find((s) => s.server === server)?.disabledTokens).toBeGreaterThan(0);
    host.setToolsEnabled(`${server}/${DEEP_TOOL.name}`, true);
    const transcript = await host.ask('Rotate the KMS key k1 of our cloud.');
    expect(transcript.answer).toBe(`Done: ${server}/${DEEP_TOOL.name} ok`);
  });

  it('sends a paused Anthropic turn back for the model to go on', async () => {
    const tools = catalog();
    let step = 0;
    const script: FakeScript = () =>
      ++step === 1
        ? { kind: 'answer', text: 'Searching…', toolSearch: { query: 'kms key' }, stopReason: 'pause_turn' }
        : { kind: 'answer', text: 'Found it.' };
    const h = await startHost(dialects[0] as Dialect, tools, script);
    const transcript = await h.ask('go');
    expect(transcript).toMatchObject({ turns: 2, answer: 'Found it.', stopReason: 'end_turn' });
    const second = fake?.requests[1]?.body['messages'] as { role: string; content: { type: string }[] }[];
    expect(second.at(-1)?.role).toBe('assistant');
    expect(second.at(-1)?.content.map((b) => b.type)).toEqual(['text', 'server_tool_use', 'tool_search_tool_result']);
  });

  it("a conversation that used Anthropic's search goes on after the found tool is switched off (a stand-in keeps its history valid)", async () => {
    const tools = catalog();
    const server = targetServer(tools);
    const h = await startHost(dialects[0] as Dialect, tools, searchingModel(server));
    const conversation = h.conversation();
    expect((await conversation.ask('Rotate the KMS key k1 of our cloud.')).answer).toMatch(/^Done:/);
    h.setToolsEnabled(server, false);
    const again = await conversation.ask('Rotate it again.');
    expect(again.toolOffers[0]?.mode).toBe('provider-search');
    const sent = (fake?.requests.at(-1)?.body['tools'] ?? []) as Record<string, unknown>[];
    expect(sent.find((t) => t['name'] === `${server}__${DEEP_TOOL.name}`)).toMatchObject({
      defer_loading: true,
      description: expect.stringMatching(/^Not available now/) as string,
    });
  });
});
