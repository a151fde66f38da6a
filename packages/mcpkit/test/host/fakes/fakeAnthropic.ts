/**
 * A fake of the Anthropic Messages API (`POST /v1/messages`) that speaks its
 * exact wire format: `x-api-key` or a bearer token, `anthropic-version`
 * required, the request checked the way the API checks it (roles, block
 * types, every `tool_use` answered by a `tool_result` in the next message),
 * and answers streamed as `message_start`, `content_block_*`, `ping`,
 * `message_delta`, `message_stop` events. `fakeAnthropic.sdk.test.ts` proves
 * it with the official SDK as its client.
 *
 * @module
 */
import {
  frame,
  pieces,
  startFake,
  type Dialect,
  type FakeAnswer,
  type FakeApi,
  type FakeRequest,
  type FakeScript,
} from './fakeApi.js';

type Json = Record<string, unknown>;

const BLOCK_TYPES = new Set(['text', 'image', 'tool_use', 'tool_result', 'document', 'thinking', 'redacted_thinking']);

function blocksOf(content: unknown): Json[] | undefined {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Json[]) : undefined;
}

function validateBlock(block: Json, where: string): string | undefined {
  if (!BLOCK_TYPES.has(String(block['type']))) return `${where}: unknown block type ${JSON.stringify(block['type'])}`;
  if (block['type'] === 'text' && typeof block['text'] !== 'string') return `${where}: text must be a string`;
  if (block['type'] === 'image') {
    const source = block['source'] as Json | undefined;
    if (
      source?.['type'] !== 'base64' ||
      typeof source['data'] !== 'string' ||
      !['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(String(source['media_type']))
    )
      return `${where}: image.source must be base64 data of image/jpeg, png, gif or webp`;
  }
  if (
    block['type'] === 'tool_use' &&
    (typeof block['id'] !== 'string' || typeof block['name'] !== 'string' || typeof block['input'] !== 'object')
  )
    return `${where}: tool_use needs id, name and input`;
  if (block['type'] === 'tool_result') {
    if (typeof block['tool_use_id'] !== 'string') return `${where}: tool_result needs tool_use_id`;
    const inner = blocksOf(block['content'] ?? []);
    if (inner === undefined) return `${where}: tool_result.content must be a string or a list`;
    for (const [i, b] of inner.entries())
      if (b['type'] !== 'text' && b['type'] !== 'image') return `${where}.content[${String(i)}]: only text and image`;
  }
  return undefined;
}

/** The API's checks of a request body. */
export function validateAnthropic(body: Json): string | undefined {
  if (typeof body['model'] !== 'string') return 'model: Field required';
  if (typeof body['max_tokens'] !== 'number' || !Number.isInteger(body['max_tokens'])) return 'max_tokens: Field required';
  const messages = body['messages'];
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one message is required';
  let pending: Set<string> = new Set();
  for (const [i, raw] of (messages as Json[]).entries()) {
    const where = `messages.${String(i)}`;
    if (raw['role'] !== 'user' && raw['role'] !== 'assistant') return `${where}.role: must be user or assistant`;
    const blocks = blocksOf(raw['content']);
    if (blocks === undefined) return `${where}.content: must be a string or a list`;
    for (const [j, block] of blocks.entries()) {
      const problem = validateBlock(block, `${where}.content.${String(j)}`);
      if (problem !== undefined) return problem;
    }
    const results = blocks.filter((b) => b['type'] === 'tool_result').map((b) => String(b['tool_use_id']));
    for (const id of results)
      if (!pending.has(id)) return `${where}: tool_result ${id} answers no tool_use of the previous message`;
    for (const id of pending)
      if (!results.includes(id)) return `${where}: tool_use ids were found without tool_result blocks immediately after: ${id}`;
    pending = new Set(
      raw['role'] === 'assistant' ? blocks.filter((b) => b['type'] === 'tool_use').map((b) => String(b['id'])) : [],
    );
  }
  if (pending.size > 0 && (messages as Json[]).at(-1)?.['role'] === 'assistant')
    return 'the last message asks for tools nobody answered';
  const tools = body['tools'];
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return 'tools: must be a list';
    for (const [i, t] of (tools as Json[]).entries())
      if (typeof t['name'] !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(t['name']) || typeof t['input_schema'] !== 'object')
        return `tools.${String(i)}: name must match ^[a-zA-Z0-9_-]{1,64}$ and input_schema must be an object`;
  }
  return undefined;
}

let counter = 0;

function content(answer: FakeAnswer): Json[] {
  const blocks: Json[] = answer.text === undefined || answer.text === '' ? [] : [{ type: 'text', text: answer.text }];
  for (const call of answer.toolCalls ?? [])
    blocks.push({
      type: 'tool_use',
      id: call.id ?? `toolu_${String(++counter).padStart(6, '0')}`,
      name: call.name,
      input: call.input,
    });
  return blocks;
}

function stopReason(answer: FakeAnswer): string {
  return answer.stopReason ?? ((answer.toolCalls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn');
}

function message(answer: FakeAnswer, request: FakeRequest): Json {
  return {
    id: `msg_${String(++counter)}`,
    type: 'message',
    role: 'assistant',
    model: answer.model ?? request.body['model'],
    content: content(answer),
    stop_reason: stopReason(answer),
    stop_sequence: null,
    usage: { input_tokens: answer.usage?.input ?? 10, output_tokens: answer.usage?.output ?? 5 },
  };
}

function frames(answer: FakeAnswer, request: FakeRequest): string[] {
  const whole = message(answer, request);
  const out = [
    frame(
      {
        type: 'message_start',
        message: {
          ...whole,
          content: [],
          stop_reason: null,
          usage: { input_tokens: answer.usage?.input ?? 10, output_tokens: 1 },
        },
      },
      'message_start',
    ),
  ];
  (whole['content'] as Json[]).forEach((block, index) => {
    if (block['type'] === 'text') {
      out.push(frame({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start'));
      if (index === 0) out.push(frame({ type: 'ping' }, 'ping'));
      for (const text of pieces(String(block['text'])))
        out.push(frame({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }, 'content_block_delta'));
    } else {
      out.push(frame({ type: 'content_block_start', index, content_block: { ...block, input: {} } }, 'content_block_start'));
      out.push(
        frame(
          { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } },
          'content_block_delta',
        ),
      );
      for (const partial_json of pieces(JSON.stringify(block['input']), 5))
        out.push(
          frame({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }, 'content_block_delta'),
        );
    }
    out.push(frame({ type: 'content_block_stop', index }, 'content_block_stop'));
  });
  out.push(
    frame(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason(answer), stop_sequence: null },
        usage: { output_tokens: answer.usage?.output ?? 5 },
      },
      'message_delta',
    ),
    frame({ type: 'message_stop' }, 'message_stop'),
  );
  return out;
}

/** The Anthropic dialect. */
export const anthropicDialect: Dialect = {
  path: '/v1/messages',
  authorized: (headers, key) =>
    typeof headers['anthropic-version'] === 'string' &&
    (headers['x-api-key'] === key || headers['authorization'] === `Bearer ${key}`),
  validate: (request) => validateAnthropic(request.body),
  errorBody: (type, message) => ({ type: 'error', error: { type, message } }),
  message,
  frames,
};

/** Starts a fake Anthropic API; give its `url` as `ANTHROPIC_BASE_URL` and `test-key` (or `key`) as the key. */
export function startFakeAnthropic(script: FakeScript, options: { key?: string } = {}): Promise<FakeApi> {
  return startFake(anthropicDialect, script, options);
}
