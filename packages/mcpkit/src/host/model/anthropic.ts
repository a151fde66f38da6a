/**
 * The Anthropic Messages API (`POST {base}/v1/messages`, streamed), as a
 * {@link ModelProvider}. The key comes from `ANTHROPIC_API_KEY` (sent as
 * `x-api-key`) or `ANTHROPIC_AUTH_TOKEN` (a bearer token), the endpoint from
 * `ANTHROPIC_BASE_URL`, read as the official SDK reads them (trimmed; empty
 * means unset).
 *
 * @see https://docs.anthropic.com/en/api/messages-streaming
 * @module
 */
import type { SseEvent } from '../../http/index.js';
import { ModelApiError } from '../errors.js';
import { eventJson, str } from './eventStream.js';
import { callModel, type AnswerReader, type ApiOptions } from './callModel.js';
import type { StreamedAnswer } from './streamedAnswer.js';
import type {
  ModelBlock,
  ModelCallOptions,
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelTool,
  ProviderBlock,
  ModelStopReason,
} from './types.js';

/** How to reach the Anthropic API (default base URL `https://api.anthropic.com`; `apiKey` is sent as `x-api-key`). */
export interface AnthropicOptions extends ApiOptions {
  /** Sent as `Authorization: Bearer` when there is no `apiKey`. */
  readonly authToken?: string | undefined;
  /** The `anthropic-version` header (default `2023-06-01`, which the API keeps serving). */
  readonly version?: string | undefined;
}

/** The options the environment gives, as the official SDK reads it. */
export function anthropicFromEnv(env: Readonly<Record<string, string | undefined>>): AnthropicOptions {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  return { apiKey: read('ANTHROPIC_API_KEY'), authToken: read('ANTHROPIC_AUTH_TOKEN'), baseUrl: read('ANTHROPIC_BASE_URL') };
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

function wireBlock(block: Exclude<ModelBlock, ProviderBlock>): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return IMAGE_TYPES.has(block.mimeType)
        ? { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } }
        : { type: 'text', text: `[image of type ${block.mimeType}, which this model API does not take]` };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.toolUseId,
        content: block.content.map(wireBlock),
        ...(block.isError === true && { is_error: true }),
      };
  }
}

/** A block as sent: another provider's blocks are left out, ours go back as the API wrote them. */
function sentBlocks(block: ModelBlock): Record<string, unknown>[] {
  if (block.type !== 'provider') return [wireBlock(block)];
  return block.provider === 'anthropic' ? [{ ...block.block }] : [];
}

function wireTool(t: ModelTool): Record<string, unknown> {
  return {
    name: t.name,
    ...(t.description !== undefined && { description: t.description }),
    input_schema: t.inputSchema,
    ...(t.deferLoading === true && { defer_loading: true }),
  };
}

/** The request body of the Messages API for `request`. */
export function anthropicBody(request: ModelRequest): Record<string, unknown> {
  const messages = request.messages.map((m: ModelMessage) => ({ role: m.role, content: m.content.flatMap(sentBlocks) }));
  const tools = request.toolChoice === 'none' ? undefined : request.tools;
  const search =
    request.toolSearch === undefined
      ? []
      : [{ type: `tool_search_tool_${request.toolSearch}_20251119`, name: `tool_search_tool_${request.toolSearch}` }];
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    ...(request.system !== undefined && { system: request.system }),
    messages,
    ...(tools !== undefined &&
      tools.length > 0 && {
        tools: [...search, ...tools.map(wireTool)],
        tool_choice: { type: request.toolChoice === 'required' ? 'any' : 'auto' },
      }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.stopSequences !== undefined && { stop_sequences: request.stopSequences }),
    stream: true,
  };
}

const STOP_REASONS: Readonly<Record<string, ModelStopReason>> = {
  end_turn: 'end_turn',
  tool_use: 'tool_use',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  refusal: 'refusal',
  // A long server-tool turn paused: the loop sends the answer back for the model to go on (see loop.ts).
  pause_turn: 'end_turn',
};

/** Anthropic's Messages API. */
export class AnthropicProvider implements ModelProvider {
  readonly name = 'anthropic';
  readonly toolSearch = true;
  readonly #options: AnthropicOptions;

  constructor(options: AnthropicOptions = {}) {
    this.#options = options;
  }

  complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<ModelResponse> {
    const o = this.#options;
    if (o.apiKey === undefined && o.authToken === undefined)
      return Promise.reject(
        new ModelApiError('anthropic', 'authentication', 'no API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)'),
      );
    const base = (o.baseUrl ?? 'https://api.anthropic.com').replace(/\/+$/, '');
    const headers: Record<string, string> = {
      'anthropic-version': o.version ?? '2023-06-01',
      ...(o.apiKey !== undefined ? { 'x-api-key': o.apiKey } : { authorization: `Bearer ${o.authToken ?? ''}` }),
    };
    const body = anthropicBody(request);
    return callModel(
      `${base}/v1/messages`,
      { headers, body, model: request.model, authHint: 'Check ANTHROPIC_API_KEY.' },
      o,
      READER,
      options,
    );
  }
}

type Json = Record<string, unknown>;

/** How Anthropic answers are read. */
const READER: AnswerReader = {
  provider: 'anthropic',
  event: (answer, event) => {
    onEvent(answer, event);
  },
  message: (answer, body) => {
    readMessage(answer, body);
  },
  endEvent: 'message_stop',
};

function onEvent(answer: StreamedAnswer, event: SseEvent): void {
  if (event.type === 'ping') return;
  const data = eventJson('anthropic', event);
  switch (event.type) {
    case 'message_start': {
      const message = (data['message'] ?? {}) as Json;
      if (typeof message['model'] === 'string') answer.model = message['model'];
      anthropicUsage(answer, message['usage']);
      return;
    }
    case 'content_block_start':
      startBlock(answer, Number(data['index']), (data['content_block'] ?? {}) as Json);
      return;
    case 'content_block_delta': {
      const delta = (data['delta'] ?? {}) as Json;
      const index = Number(data['index']);
      if (delta['type'] === 'text_delta') answer.text(index, str(delta['text']));
      else if (delta['type'] === 'input_json_delta') answer.toolArguments(index, str(delta['partial_json']));
      return;
    }
    case 'message_delta': {
      const delta = (data['delta'] ?? {}) as Json;
      if (typeof delta['stop_reason'] === 'string')
        answer.stop(delta['stop_reason'], STOP_REASONS[delta['stop_reason']] ?? 'other');
      anthropicUsage(answer, data['usage']);
      return;
    }
    case 'message_stop':
      answer.ended = true;
      return;
    case 'error': {
      const error = (data['error'] ?? {}) as Json;
      const type = str(error['type'], 'error');
      throw new ModelApiError(
        'anthropic',
        type === 'overloaded_error' || type === 'api_error' ? 'server' : 'request',
        `the stream reported ${type}: ${str(error['message'])}`,
      );
    }
    default:
    // content_block_stop and events added later: nothing to do.
  }
}

/** The blocks of its tool search, which a later request must carry back for the tools it found to stay loaded. */
const KEPT_BLOCKS = new Set(['server_tool_use', 'tool_search_tool_result']);

function startBlock(answer: StreamedAnswer, index: number, block: Json): void {
  if (block['type'] === 'text') answer.startText(index, str(block['text']));
  else if (block['type'] === 'tool_use') answer.startToolUse(index, str(block['id']), str(block['name']));
  else if (typeof block['type'] === 'string' && KEPT_BLOCKS.has(block['type'])) answer.startRaw(index, 'anthropic', block);
  // thinking, other server tools: not part of the host's conversation.
}

/** A non-streamed answer (a compatible endpoint that ignored `stream`). */
function readMessage(answer: StreamedAnswer, message: Json): void {
  if (typeof message['model'] === 'string') answer.model = message['model'];
  const content = Array.isArray(message['content']) ? (message['content'] as Json[]) : [];
  content.forEach((block, index) => {
    startBlock(answer, index, block);
    if (block['type'] === 'tool_use' || block['type'] === 'server_tool_use')
      answer.toolInput(index, (block['input'] ?? {}) as Json);
  });
  const stop = typeof message['stop_reason'] === 'string' ? message['stop_reason'] : 'end_turn';
  answer.stop(stop, STOP_REASONS[stop] ?? 'other');
  anthropicUsage(answer, message['usage']);
  answer.ended = true;
}

/** Usage counters are cumulative totals, sent when they apply: each present one replaces the last. */
function anthropicUsage(answer: StreamedAnswer, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const usage = value as Json;
  const count = (key: string): number | undefined => (typeof usage[key] === 'number' ? usage[key] : undefined);
  const input = count('input_tokens');
  // Cached input is billed input too: the total is what the conversation cost.
  const cached = (count('cache_creation_input_tokens') ?? 0) + (count('cache_read_input_tokens') ?? 0);
  answer.setUsage(input === undefined ? undefined : input + cached, count('output_tokens'));
}
