/**
 * The OpenAI Chat Completions API (`POST {base}/chat/completions`, streamed),
 * as a {@link ModelProvider}; through it every compatible server (Ollama,
 * llama.cpp's server, vLLM, LM Studio). The key comes from `OPENAI_API_KEY`
 * (a bearer token; optional for a local endpoint), the endpoint from
 * `OPENAI_BASE_URL`, the organization and project from `OPENAI_ORG_ID` and
 * `OPENAI_PROJECT_ID`, read as the official SDK reads them.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 * @module
 */
import type { SseEvent } from '../../http/index.js';
import { ModelApiError } from '../errors.js';
import { eventJson, str } from './eventStream.js';
import { callModel, type AnswerReader, type ApiOptions } from './callModel.js';
import type { StreamedAnswer } from './streamedAnswer.js';
import type {
  ImageBlock,
  ModelCallOptions,
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelStopReason,
  TextBlock,
} from './types.js';

/** How to reach an OpenAI-compatible API (default base URL `https://api.openai.com/v1`; `apiKey` is a bearer token, optional for a local server). */
export interface OpenAiOptions extends ApiOptions {
  /** `OpenAI-Organization`. */
  readonly organization?: string | undefined;
  /** `OpenAI-Project`. */
  readonly project?: string | undefined;
  /**
   * The name of the token limit: `max_completion_tokens` (OpenAI's own API,
   * the default there) or `max_tokens` (what compatible servers read; the
   * default elsewhere).
   */
  readonly maxTokensField?: 'max_completion_tokens' | 'max_tokens' | undefined;
}

const OPENAI_BASE = 'https://api.openai.com/v1';

/** The options the environment gives, as the official SDK reads it. */
export function openAiFromEnv(env: Readonly<Record<string, string | undefined>>): OpenAiOptions {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  return {
    apiKey: read('OPENAI_API_KEY'),
    baseUrl: read('OPENAI_BASE_URL'),
    organization: read('OPENAI_ORG_ID'),
    project: read('OPENAI_PROJECT_ID'),
  };
}

type Json = Record<string, unknown>;

function part(block: TextBlock | ImageBlock): Json {
  return block.type === 'text'
    ? { type: 'text', text: block.text }
    : { type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data}` } };
}

/** The user content: a plain string when it is only text (what every compatible server reads). */
function userContent(blocks: readonly (TextBlock | ImageBlock)[]): string | Json[] {
  return blocks.every((b) => b.type === 'text') ? blocks.map((b) => b.text).join('\n\n') : blocks.map(part);
}

/**
 * Our messages as Chat Completions messages. Tool results become `tool`
 * messages, which carry text only; images a tool returned follow in one user
 * message, which is where the API takes images.
 */
export function openAiMessages(system: string | undefined, messages: readonly ModelMessage[]): Json[] {
  const out: Json[] = system === undefined ? [] : [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'assistant') {
      const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      const calls = message.content.flatMap((b) =>
        b.type === 'tool_use'
          ? [{ id: b.id, type: 'function', function: { name: b.name, arguments: JSON.stringify(b.input) } }]
          : [],
      );
      out.push({ role: 'assistant', content: text === '' ? null : text, ...(calls.length > 0 && { tool_calls: calls }) });
      continue;
    }
    const images: (TextBlock | ImageBlock)[] = [];
    const plain: (TextBlock | ImageBlock)[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        const text = block.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
        out.push({
          role: 'tool',
          tool_call_id: block.toolUseId,
          content: `${block.isError === true ? '[tool error] ' : ''}${text}`,
        });
        const shown = block.content.filter((b): b is ImageBlock => b.type === 'image');
        if (shown.length > 0) images.push({ type: 'text', text: `Images returned by tool call ${block.toolUseId}:` }, ...shown);
      } else if (block.type === 'text' || block.type === 'image') plain.push(block);
    }
    const content = [...images, ...plain];
    if (content.length > 0) out.push({ role: 'user', content: userContent(content) });
  }
  return out;
}

/** The request body of Chat Completions for `request`. */
export function openAiBody(request: ModelRequest, maxTokensField: string): Json {
  const tools = request.tools ?? [];
  return {
    model: request.model,
    messages: openAiMessages(request.system, request.messages),
    ...(tools.length > 0 && {
      tools: tools.map((t) => ({
        type: 'function',
        function: { name: t.name, ...(t.description !== undefined && { description: t.description }), parameters: t.inputSchema },
      })),
      tool_choice: request.toolChoice ?? 'auto',
    }),
    [maxTokensField]: request.maxTokens,
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.stopSequences !== undefined && request.stopSequences.length > 0 && { stop: request.stopSequences }),
    stream: true,
    stream_options: { include_usage: true },
  };
}

const STOP_REASONS: Readonly<Record<string, ModelStopReason>> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  content_filter: 'refusal',
};

/** OpenAI's Chat Completions API, or a compatible server's. */
export class OpenAiProvider implements ModelProvider {
  readonly name = 'openai';
  readonly #options: OpenAiOptions;

  constructor(options: OpenAiOptions = {}) {
    this.#options = options;
  }

  complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<ModelResponse> {
    const o = this.#options;
    const base = (o.baseUrl ?? OPENAI_BASE).replace(/\/+$/, '');
    const official = base === OPENAI_BASE;
    if (o.apiKey === undefined && official)
      return Promise.reject(new ModelApiError('openai', 'authentication', 'no API key: set OPENAI_API_KEY'));
    const headers: Record<string, string> = {
      ...(o.apiKey !== undefined && { authorization: `Bearer ${o.apiKey}` }),
      ...(o.organization !== undefined && { 'openai-organization': o.organization }),
      ...(o.project !== undefined && { 'openai-project': o.project }),
    };
    const body = openAiBody(request, o.maxTokensField ?? (official ? 'max_completion_tokens' : 'max_tokens'));
    const authHint = official ? 'Check OPENAI_API_KEY.' : `Check OPENAI_API_KEY for ${base}.`;
    return callModel(`${base}/chat/completions`, { headers, body, model: request.model, authHint }, o, READER, options);
  }
}

/** How Chat Completions answers are read. */
const READER: AnswerReader = {
  provider: 'openai',
  event: (answer, event) => {
    onChunk(answer, event);
  },
  message: (answer, body) => {
    readCompletion(answer, body);
  },
};

/** Text is slot 0; tool call `i` is slot `i + 1`, so the answer keeps the text first. */
function onChunk(answer: StreamedAnswer, event: SseEvent): void {
  if (event.data === '[DONE]') {
    answer.ended = true;
    return;
  }
  const chunk = eventJson('openai', event);
  if (chunk['error'] !== undefined) {
    const error = chunk['error'] as Json;
    throw new ModelApiError('openai', 'server', `the stream reported an error: ${str(error['message'], JSON.stringify(error))}`);
  }
  if (typeof chunk['model'] === 'string' && chunk['model'] !== '') answer.model = chunk['model'];
  readUsage(answer, chunk['usage']);
  const choices = Array.isArray(chunk['choices']) ? (chunk['choices'] as Json[]) : [];
  const choice = choices.find((c) => (c['index'] ?? 0) === 0);
  if (choice === undefined) return;
  const delta = (choice['delta'] ?? {}) as Json;
  if (typeof delta['content'] === 'string') answer.text(0, delta['content']);
  for (const call of Array.isArray(delta['tool_calls']) ? (delta['tool_calls'] as Json[]) : []) {
    const slot = Number(call['index'] ?? 0) + 1;
    const fn = (call['function'] ?? {}) as Json;
    answer.toolIdentity(
      slot,
      typeof call['id'] === 'string' ? call['id'] : undefined,
      typeof fn['name'] === 'string' ? fn['name'] : undefined,
    );
    if (typeof fn['arguments'] === 'string') answer.toolArguments(slot, fn['arguments']);
  }
  const finish = choice['finish_reason'];
  if (typeof finish === 'string') answer.stop(finish, STOP_REASONS[finish] ?? 'other');
}

function readUsage(answer: StreamedAnswer, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const usage = value as Json;
  const count = (key: string): number | undefined => (typeof usage[key] === 'number' ? usage[key] : undefined);
  answer.setUsage(count('prompt_tokens'), count('completion_tokens'));
}

/** A non-streamed completion (a compatible server that ignored `stream`). */
function readCompletion(answer: StreamedAnswer, completion: Json): void {
  if (typeof completion['model'] === 'string') answer.model = completion['model'];
  readUsage(answer, completion['usage']);
  const choice = (Array.isArray(completion['choices']) ? (completion['choices'] as Json[])[0] : undefined) ?? {};
  const message = (choice['message'] ?? {}) as Json;
  if (typeof message['content'] === 'string') answer.startText(0, message['content']);
  const calls = Array.isArray(message['tool_calls']) ? (message['tool_calls'] as Json[]) : [];
  calls.forEach((call, i) => {
    const fn = (call['function'] ?? {}) as Json;
    answer.startToolUse(i + 1, str(call['id'], `call_${String(i)}`), str(fn['name']));
    answer.toolArguments(i + 1, typeof fn['arguments'] === 'string' ? fn['arguments'] : '');
  });
  const finish = typeof choice['finish_reason'] === 'string' ? choice['finish_reason'] : 'stop';
  answer.stop(finish, STOP_REASONS[finish] ?? 'other');
  answer.ended = true;
}
