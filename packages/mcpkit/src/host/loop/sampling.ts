/**
 * A server's sampling request answered by the host's model, after the policy
 * approves. The server's model preferences pick among the models the host
 * allows (a hint that is part of a model's name wins; otherwise a server that
 * puts speed or cost above intelligence gets the host's small model, if it
 * has one). `includeContext` adds the servers' instructions to the system
 * prompt; tools in the request are offered to the model as given.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/client/sampling
 * @module
 */
import { RpcError } from '../../jsonrpc/index.js';
import type * as T from '../../protocol/index.js';
import type { ModelChoice } from '../model/modelSpec.js';
import type { ModelBlock, ModelMessage, ModelResponse } from '../model/types.js';
import { decideSampling, settleAsk, type PolicyOptions } from '../policy/policy.js';
import type { HostEvent } from './events.js';
import { modelContent } from './toolResult.js';

/** The spec's code for "the user rejected the sampling request". */
export const USER_REJECTED = -1;

/** The models a host samples with. */
export interface SamplingModels {
  /** The host's model. */
  readonly main: ModelChoice;
  /** A faster or cheaper one, for servers that prefer speed or cost. */
  readonly small?: ModelChoice | undefined;
}

/** What answering a server's sampling request needs. */
export interface SamplingContext {
  readonly server: string;
  readonly models: SamplingModels | undefined;
  readonly policy: PolicyOptions;
  /** The instructions of this server (`thisServer`) or of every server (`allServers`). */
  readonly instructions: (scope: 'thisServer' | 'allServers') => string | undefined;
  readonly emit: (event: HostEvent) => void;
  readonly signal?: AbortSignal | undefined;
}

/** The model the preferences pick (see the module note). */
export function pickModel(models: SamplingModels, preferences: T.ModelPreferences | undefined): ModelChoice {
  const candidates = [models.main, ...(models.small === undefined ? [] : [models.small])];
  for (const hint of preferences?.hints ?? []) {
    const name = hint.name?.toLowerCase();
    if (name === undefined || name === '') continue;
    const found = candidates.find((c) => c.model.toLowerCase().includes(name));
    if (found !== undefined) return found;
  }
  const rush = Math.max(preferences?.speedPriority ?? 0, preferences?.costPriority ?? 0);
  if (models.small !== undefined && rush > (preferences?.intelligencePriority ?? 0.5)) return models.small;
  return models.main;
}

function contentBlocks(content: T.SamplingMessage['content']): readonly T.SamplingMessageContentBlock[] {
  return Array.isArray(content)
    ? (content as readonly T.SamplingMessageContentBlock[])
    : [content as T.SamplingMessageContentBlock];
}

function toModelBlock(block: T.SamplingMessageContentBlock): ModelBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.data, mimeType: block.mimeType };
    case 'audio':
      return { type: 'text', text: `[audio: ${block.mimeType}; audio is not passed to the model]` };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'tool_result': {
      const result: T.CallToolResult = {
        content: block.content,
        ...(block.structuredContent !== undefined && { structuredContent: block.structuredContent }),
      };
      return {
        type: 'tool_result',
        toolUseId: block.toolUseId,
        content: modelContent(result),
        ...(block.isError === true && { isError: true }),
      };
    }
  }
}

/** The server's messages as the model's. */
export function samplingMessages(messages: readonly T.SamplingMessage[]): ModelMessage[] {
  return messages.map((m) => ({ role: m.role, content: contentBlocks(m.content).map(toModelBlock) }));
}

const STOP: Readonly<Record<string, T.StopReason>> = {
  end_turn: 'endTurn',
  max_tokens: 'maxTokens',
  stop_sequence: 'stopSequence',
  tool_use: 'toolUse',
};

/** The model's answer as the server's result; one block when it can be (every revision reads that). */
export function samplingResult(response: ModelResponse, withTools: boolean): T.CreateMessageResult {
  const blocks: T.SamplingMessageContentBlock[] = response.content.flatMap((b): T.SamplingMessageContentBlock[] => {
    if (b.type === 'text') return [{ type: 'text', text: b.text }];
    if (b.type === 'image') return [{ type: 'image', data: b.data, mimeType: b.mimeType }];
    if (b.type === 'tool_use' && withTools) return [{ type: 'tool_use', id: b.id, name: b.name, input: b.input }];
    return [];
  });
  const texts = blocks.filter((b): b is T.TextContent => b.type === 'text');
  const single: T.SamplingMessageContentBlock | undefined =
    blocks.length === 1
      ? blocks[0]
      : blocks.length === texts.length
        ? { type: 'text', text: texts.map((t) => t.text).join('') }
        : undefined;
  return {
    role: 'assistant',
    content: single ?? blocks,
    model: response.model,
    stopReason: STOP[response.stopReason] ?? response.rawStopReason ?? response.stopReason,
  };
}

function lastText(messages: readonly T.SamplingMessage[]): string {
  const last = messages.at(-1);
  if (last === undefined) return '';
  const text = contentBlocks(last.content)
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join(' ');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Answers one `sampling/createMessage`; a refusal is the spec's user-rejected error (-1). */
export async function answerSampling(params: T.CreateMessageParams, ctx: SamplingContext): Promise<T.CreateMessageResult> {
  const { server } = ctx;
  const refuse = (why: string, outcome: 'denied' | 'failed'): RpcError => {
    ctx.emit({ type: 'sampling', server, outcome, error: why });
    return new RpcError(USER_REJECTED, why);
  };
  if (ctx.models === undefined) throw refuse('Sampling declined: the host has no model', 'failed');
  const choice = pickModel(ctx.models, params.modelPreferences);
  const decision = decideSampling(ctx.policy, server);
  const allowed =
    decision === 'allow' ||
    (decision === 'ask' &&
      (await settleAsk(ctx.policy, { kind: 'sampling', server, summary: lastText(params.messages), model: choice.model }).catch(
        () => false,
      )));
  if (!allowed) throw refuse('Sampling declined by the user', 'denied');
  const context =
    params.includeContext === 'thisServer' || params.includeContext === 'allServers'
      ? ctx.instructions(params.includeContext)
      : undefined;
  const system = [params.systemPrompt, context].filter((s) => s !== undefined && s !== '').join('\n\n');
  const withTools = params.tools !== undefined && params.tools.length > 0;
  let response: ModelResponse;
  try {
    response = await choice.provider.complete(
      {
        model: choice.model,
        ...(system !== '' && { system }),
        messages: samplingMessages(params.messages),
        ...(withTools && {
          tools: (params.tools ?? []).map((t) => ({
            name: t.name,
            ...(t.description !== undefined && { description: t.description }),
            inputSchema: t.inputSchema,
          })),
        }),
        ...(params.toolChoice?.mode !== undefined && { toolChoice: params.toolChoice.mode }),
        maxTokens: params.maxTokens,
        ...(params.temperature !== undefined && { temperature: params.temperature }),
        ...(params.stopSequences !== undefined && { stopSequences: params.stopSequences }),
      },
      { signal: ctx.signal },
    );
  } catch (error) {
    throw refuse(`Sampling failed: ${error instanceof Error ? error.message : String(error)}`, 'failed');
  }
  ctx.emit({ type: 'sampling', server, outcome: 'answered', model: response.model });
  return samplingResult(response, withTools);
}
