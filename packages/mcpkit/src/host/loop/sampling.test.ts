import { describe, expect, it } from 'vitest';
import { RpcError } from '../../jsonrpc/index.js';
import type { ModelProvider, ModelRequest, ModelResponse } from '../model/types.js';
import type { HostEvent } from './events.js';
import { answerSampling, pickModel, type SamplingContext } from './sampling.js';

function stub(
  model: string,
  answer: (request: ModelRequest) => Partial<ModelResponse> = () => ({}),
): { provider: ModelProvider; requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  const provider: ModelProvider = {
    name: 'stub',
    complete: (request) => {
      requests.push(request);
      return Promise.resolve({
        model,
        content: [{ type: 'text', text: 'sunny' }],
        stopReason: 'end_turn',
        rawStopReason: 'end_turn',
        usage: { inputTokens: 1, outputTokens: 1 },
        ...answer(request),
      });
    },
  };
  return { provider, requests };
}

const params = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Weather in Paris?' } }],
  maxTokens: 50,
  systemPrompt: 'Be brief.',
};

function context(overrides: Partial<SamplingContext> = {}): SamplingContext & { events: HostEvent[] } {
  const events: HostEvent[] = [];
  return {
    server: 'weather',
    models: { main: { provider: stub('big-model').provider, model: 'big-model' } },
    policy: { sampling: 'allow' },
    instructions: (scope) => (scope === 'thisServer' ? 'Weather server instructions.' : 'All instructions.'),
    emit: (e) => events.push(e),
    events,
    ...overrides,
  };
}

describe('sampling', () => {
  it('picks a model by hint, then by priorities, else the main one', () => {
    const main = { provider: stub('m').provider, model: 'claude-sonnet-x' };
    const small = { provider: stub('s').provider, model: 'claude-haiku-x' };
    expect(pickModel({ main, small }, { hints: [{ name: 'haiku' }] })).toBe(small);
    expect(pickModel({ main, small }, { hints: [{ name: 'gpt' }], speedPriority: 0.9, intelligencePriority: 0.2 })).toBe(small);
    expect(pickModel({ main, small }, { intelligencePriority: 0.9, speedPriority: 0.5 })).toBe(main);
    expect(pickModel({ main }, { speedPriority: 1 })).toBe(main);
  });

  it('answers with the host model, the system prompt and includeContext honoured', async () => {
    const { provider, requests } = stub('big-model');
    const ctx = context({ models: { main: { provider, model: 'big-model' } } });
    const result = await answerSampling({ ...params, includeContext: 'thisServer', temperature: 0.2 }, ctx);
    expect(result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'sunny' },
      model: 'big-model',
      stopReason: 'endTurn',
    });
    expect(requests[0]).toMatchObject({
      model: 'big-model',
      system: 'Be brief.\n\nWeather server instructions.',
      maxTokens: 50,
      temperature: 0.2,
    });
    expect(ctx.events).toEqual([{ type: 'sampling', server: 'weather', outcome: 'answered', model: 'big-model' }]);
  });

  it('offers the request tools to the model and returns its tool calls', async () => {
    const { provider, requests } = stub('big-model', () => ({
      content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } }],
      stopReason: 'tool_use',
    }));
    const tools = [{ name: 'get_weather', inputSchema: { type: 'object' as const } }];
    const result = await answerSampling(
      { ...params, tools, toolChoice: { mode: 'required' } },
      context({ models: { main: { provider, model: 'big-model' } } }),
    );
    expect(requests[0]).toMatchObject({
      tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
      toolChoice: 'required',
    });
    expect(result).toMatchObject({
      content: { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } },
      stopReason: 'toolUse',
    });
  });

  it('refuses with the user-rejected error when the policy denies, or nobody approves an ask', async () => {
    const denied = await answerSampling(params, context({ policy: { sampling: 'deny' } })).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(RpcError);
    expect(denied).toMatchObject({ code: -1 });
    await expect(answerSampling(params, context({ policy: {} }))).rejects.toMatchObject({ code: -1 });
    const asked: unknown[] = [];
    await answerSampling(params, context({ policy: { approver: (r) => (asked.push(r), true) } }));
    expect(asked).toEqual([{ kind: 'sampling', server: 'weather', summary: 'Weather in Paris?', model: 'big-model' }]);
  });

  it('refuses when the host has no model', async () => {
    await expect(answerSampling(params, context({ models: undefined }))).rejects.toThrow(/no model/);
  });
});
