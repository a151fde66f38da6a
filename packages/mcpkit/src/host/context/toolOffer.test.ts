import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../model/types.js';
import { SEARCH_TOOL_NAME } from './searchTool.js';
import { toolTokens } from './tokens.js';
import { offerTools, referencedTools, type OfferableTool } from './toolOffer.js';

function tools(count: number): OfferableTool[] {
  return Array.from({ length: count }, (_, i) => {
    const definition = {
      name: `s__tool_${String(i)}`,
      description: `Tool number ${String(i)} does a thing.`,
      inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
    };
    return { definition, tokens: toolTokens(definition) };
  });
}

const base = { found: new Set<string>(), messages: [] as ModelMessage[], nativeSearch: false, servers: ['s'] };

describe('offerTools', () => {
  it('below the threshold sends every definition, unchanged', () => {
    const all = tools(10);
    const offered = offerTools({ ...base, tools: all, options: {} });
    expect(offered.tools).toEqual(all.map((t) => t.definition));
    expect(offered.toolSearch).toBeUndefined();
    expect(offered.offer).toMatchObject({ mode: 'all', loaded: 10, deferred: 0 });
    expect(offered.offer.tokens).toBe(offered.offer.allTokens);
  });

  it('at exactly the threshold still sends all; one token over searches', () => {
    const all = tools(10);
    const total = all.reduce((s, t) => s + t.tokens, 0);
    expect(offerTools({ ...base, tools: all, options: { threshold: total } }).offer.mode).toBe('all');
    expect(offerTools({ ...base, tools: all, options: { threshold: total - 1 } }).offer.mode).toBe('host-search');
  });

  it('above it, without a provider search: the host search tool and the tools found so far', () => {
    const all = tools(50);
    const offered = offerTools({ ...base, tools: all, found: new Set(['s__tool_3', 's__tool_7']), options: { threshold: 100 } });
    expect(offered.tools.map((t) => t.name)).toEqual([SEARCH_TOOL_NAME, 's__tool_3', 's__tool_7']);
    expect(offered.offer).toMatchObject({
      mode: 'host-search',
      loaded: 3,
      deferred: 48,
      loadedTools: ['s__tool_3', 's__tool_7'],
    });
    expect(offered.offer.tokens).toBeLessThan(offered.offer.allTokens / 5);
  });

  it('above it, with a provider search: every definition deferred and the provider search asked for', () => {
    const all = tools(50);
    const offered = offerTools({
      ...base,
      tools: all,
      nativeSearch: true,
      options: { threshold: 100, anthropicVariant: 'regex' },
    });
    expect(offered.toolSearch).toBe('regex');
    expect(offered.tools).toHaveLength(50);
    expect(offered.tools.every((t) => t.deferLoading === true)).toBe(true);
    expect(offered.offer).toMatchObject({ mode: 'provider-search', loaded: 1, deferred: 50 });
  });

  it('mode host uses the host search even where the provider has one; off never searches; 0 always does', () => {
    const all = tools(50);
    expect(offerTools({ ...base, tools: all, nativeSearch: true, options: { threshold: 1, mode: 'host' } }).offer.mode).toBe(
      'host-search',
    );
    expect(offerTools({ ...base, tools: all, options: { threshold: 1, mode: 'off' } }).offer.mode).toBe('all');
    expect(offerTools({ ...base, tools: tools(1), options: { threshold: 0 } }).offer.mode).toBe('host-search');
    expect(offerTools({ ...base, tools: [], options: { threshold: 0 } }).offer.mode).toBe('all');
  });

  it('counts what the provider search found as loaded', () => {
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          {
            type: 'provider',
            provider: 'anthropic',
            block: {
              type: 'tool_search_tool_result',
              tool_use_id: 'srvtoolu_1',
              content: {
                type: 'tool_search_tool_search_result',
                tool_references: [{ type: 'tool_reference', tool_name: 's__tool_4' }],
              },
            },
          },
        ],
      },
    ];
    expect([...referencedTools(messages)]).toEqual(['s__tool_4']);
    const offered = offerTools({ ...base, tools: tools(50), messages, nativeSearch: true, options: { threshold: 1 } });
    expect(offered.offer).toMatchObject({ loaded: 2, deferred: 49, loadedTools: ['s__tool_4'] });
  });

  it('a conversation that used the provider search keeps it below the threshold, with stand-ins for tools gone since', () => {
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          {
            type: 'provider',
            provider: 'anthropic',
            block: {
              type: 'tool_search_tool_result',
              tool_use_id: 'srvtoolu_1',
              content: {
                type: 'tool_search_tool_search_result',
                tool_references: [
                  { type: 'tool_reference', tool_name: 's__tool_1' },
                  { type: 'tool_reference', tool_name: 'down__tool' },
                ],
              },
            },
          },
        ],
      },
    ];
    const offered = offerTools({ ...base, tools: tools(3), messages, nativeSearch: true, options: {} });
    expect(offered.offer.mode).toBe('provider-search');
    expect(offered.toolSearch).toBe('bm25');
    expect(offered.tools.map((t) => [t.name, t.deferLoading])).toEqual([
      ['s__tool_0', true],
      ['s__tool_1', true],
      ['s__tool_2', true],
      ['down__tool', true],
    ]);
    // Without the provider's search, the history's blocks are dropped and nothing is sticky.
    expect(offerTools({ ...base, tools: tools(3), messages, options: {} }).offer.mode).toBe('all');
  });
});
