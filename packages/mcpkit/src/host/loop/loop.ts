/**
 * The loop: the model answers; the tool calls it asks for run concurrently
 * (each through the policy); their results go back; until the model answers
 * without tools, `maxTurns` model calls were made, or the signal fires. It
 * returns the transcript whatever way it ends, except when the model's API
 * fails (a `ModelApiError` rejects).
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/index.js';
import type { OfferedTools, ToolOffer } from '../context/toolOffer.js';
import type { ModelMessage, ModelProvider, ModelResponse, ModelStopReason, ToolUseBlock, Usage } from '../model/types.js';
import type { HostEvent, ToolCallRecord } from './events.js';
import type { LoopTracing } from './loopTelemetry.js';
import type { ToolRun } from './toolRunner.js';

/** How a conversation's last ask ended. */
export type TranscriptStop = ModelStopReason | 'max_turns' | 'cancelled';

/** What one `ask` did. */
export interface Transcript {
  /** The provider and the model that answered. */
  readonly provider: string;
  readonly model: string;
  /** The whole conversation, this ask's prompt, answers and tool results included. */
  readonly messages: readonly ModelMessage[];
  /** This ask's tool calls, in the order they finished. */
  readonly toolCalls: readonly ToolCallRecord[];
  /** Tokens this ask used (all its model calls). */
  readonly usage: Usage;
  /** Model calls this ask made. */
  readonly turns: number;
  /** The tool definitions each model call carried, in order. */
  readonly toolOffers: readonly ToolOffer[];
  readonly stopReason: TranscriptStop;
  /** The text of the model's last answer. */
  readonly answer: string;
}

/** What the loop runs with. */
export interface LoopOptions {
  readonly provider: ModelProvider;
  readonly model: string;
  readonly system?: string | undefined;
  readonly maxTokens: number;
  readonly maxTurns: number;
  /** The tools offered, read before each model call (a server's list may change, a search may find more). */
  readonly tools: () => OfferedTools | Promise<OfferedTools>;
  readonly runTool: (use: ToolUseBlock) => Promise<ToolRun>;
  readonly signal?: AbortSignal | undefined;
  readonly emit: (event: HostEvent) => void;
  /** The host's spans (`invoke_agent`, `chat`, `execute_tool`); absent: none. */
  readonly tracing?: LoopTracing | undefined;
}

/** True once `signal` fired (a function, so the compiler does not narrow it across awaits). */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function isCancelled(error: unknown, signal: AbortSignal | undefined): boolean {
  return aborted(signal) || (error instanceof LocalError && error.code === 'CANCELLED');
}

/** Runs the loop on `messages` (the conversation, ending with the user's prompt), appending to it. */
export function runLoop(messages: ModelMessage[], options: LoopOptions): Promise<Transcript> {
  const tracing = options.tracing;
  return tracing === undefined ? loop(messages, options) : tracing.agent(() => loop(messages, options));
}

async function loop(messages: ModelMessage[], options: LoopOptions): Promise<Transcript> {
  const { provider, signal, emit } = options;
  const tracing = options.tracing;
  const toolCalls: ToolCallRecord[] = [];
  const toolOffers: ToolOffer[] = [];
  let input = 0;
  let output = 0;
  let model = options.model;
  let answer = '';
  let turns = 0;
  const done = (stopReason: TranscriptStop): Transcript => ({
    provider: provider.name,
    model,
    messages: [...messages],
    toolCalls,
    usage: { inputTokens: input, outputTokens: output },
    turns,
    toolOffers,
    stopReason,
    answer,
  });
  while (turns < options.maxTurns) {
    if (aborted(signal)) return done('cancelled');
    turns++;
    emit({ type: 'model-request', turn: turns, model: options.model });
    const { tools, toolSearch, offer } = await options.tools();
    toolOffers.push(offer);
    emit({ type: 'tools-offered', turn: turns, offer });
    let response;
    try {
      const call = (): Promise<ModelResponse> =>
        provider.complete(
          {
            model: options.model,
            ...(options.system !== undefined && { system: options.system }),
            messages,
            ...(tools.length > 0 && { tools }),
            ...(toolSearch !== undefined && { toolSearch }),
            maxTokens: options.maxTokens,
          },
          {
            signal,
            onTextDelta: (delta) => {
              emit({ type: 'text', delta });
            },
            onRetry: (retry) => {
              emit({ type: 'model-retry', ...retry });
            },
          },
        );
      response = await (tracing === undefined ? call() : tracing.chat(provider.name, options.model, call));
    } catch (error) {
      if (isCancelled(error, signal)) return done('cancelled');
      throw error;
    }
    model = response.model;
    input += response.usage.inputTokens;
    output += response.usage.outputTokens;
    messages.push({ role: 'assistant', content: response.content });
    answer = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    emit({ type: 'model-response', turn: turns, stopReason: response.stopReason, usage: response.usage });
    const uses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    // Anthropic pauses a long server-tool turn (its tool search); sent back as it is, the model goes on.
    if (uses.length === 0 && response.rawStopReason === 'pause_turn') continue;
    if (uses.length === 0) return done(response.stopReason);
    const runs = await Promise.all(uses.map((use) => options.runTool(use)));
    for (const run of runs) toolCalls.push(run.record);
    messages.push({ role: 'user', content: runs.map((run) => run.block) });
    if (aborted(signal)) return done('cancelled');
  }
  return done('max_turns');
}
