/**
 * A fake of the OpenAI Chat Completions API (`POST /v1/chat/completions`)
 * that speaks its exact wire format: a bearer key, the request checked the
 * way the API checks it (roles, `tool` messages answering the assistant's
 * `tool_calls` by id, images only in user messages), and answers streamed as
 * `chat.completion.chunk` events (tool calls in pieces by index, the finish
 * reason, a usage chunk when `stream_options.include_usage`, `[DONE]`).
 * `fakeOpenAi.sdk.test.ts` proves it with the official SDK as its client.
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

function validateUserContent(content: unknown, where: string): string | undefined {
  if (typeof content === 'string') return undefined;
  if (!Array.isArray(content)) return `${where}.content: must be a string or a list of parts`;
  for (const [i, part] of (content as Json[]).entries()) {
    if (part['type'] === 'text' && typeof part['text'] === 'string') continue;
    const url = (part['image_url'] as Json | undefined)?.['url'];
    if (part['type'] === 'image_url' && typeof url === 'string' && /^(data:image\/[a-z+.-]+;base64,|https?:)/.test(url)) continue;
    return `${where}.content[${String(i)}]: invalid part`;
  }
  return undefined;
}

/** The API's checks of a request body. */
export function validateOpenAi(body: Json): string | undefined {
  if (typeof body['model'] !== 'string') return "Missing required parameter: 'model'.";
  const messages = body['messages'];
  if (!Array.isArray(messages) || messages.length === 0) return "Missing required parameter: 'messages'.";
  const pending = new Set<string>();
  for (const [i, m] of (messages as Json[]).entries()) {
    const where = `messages[${String(i)}]`;
    const role = m['role'];
    if (role === 'tool') {
      const id = String(m['tool_call_id']);
      if (!pending.delete(id))
        return `${where}: messages with role 'tool' must be a response to a preceeding message with 'tool_calls' (${id})`;
      if (typeof m['content'] !== 'string' && !Array.isArray(m['content'])) return `${where}.content: must be a string`;
      continue;
    }
    if (pending.size > 0)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${[...pending].join(', ')}`;
    if (role === 'system' || role === 'developer') {
      if (typeof m['content'] !== 'string') return `${where}.content: must be a string`;
    } else if (role === 'user') {
      const problem = validateUserContent(m['content'], where);
      if (problem !== undefined) return problem;
    } else if (role === 'assistant') {
      const calls = m['tool_calls'];
      if (m['content'] !== null && typeof m['content'] !== 'string' && calls === undefined)
        return `${where}.content: must be a string or null`;
      if (calls !== undefined) {
        if (!Array.isArray(calls)) return `${where}.tool_calls: must be a list`;
        for (const c of calls as Json[]) {
          const fn = c['function'] as Json | undefined;
          if (
            typeof c['id'] !== 'string' ||
            c['type'] !== 'function' ||
            typeof fn?.['name'] !== 'string' ||
            typeof fn['arguments'] !== 'string'
          )
            return `${where}.tool_calls: each needs id, type function, function.name and function.arguments (a string)`;
          pending.add(c['id']);
        }
      }
    } else return `${where}.role: invalid role ${JSON.stringify(role)}`;
  }
  if (pending.size > 0) return `tool calls without responses: ${[...pending].join(', ')}`;
  const tools = body['tools'];
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return 'tools: must be a list';
    for (const [i, t] of (tools as Json[]).entries()) {
      const fn = t['function'] as Json | undefined;
      if (t['type'] !== 'function' || typeof fn?.['name'] !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(fn['name']))
        return `tools[${String(i)}].function.name: must match ^[a-zA-Z0-9_-]{1,64}$`;
    }
  }
  return undefined;
}

let counter = 0;

function finishReason(answer: FakeAnswer): string {
  return answer.stopReason ?? ((answer.toolCalls?.length ?? 0) > 0 ? 'tool_calls' : 'stop');
}

function calls(answer: FakeAnswer): Json[] {
  return (answer.toolCalls ?? []).map((c) => ({
    id: c.id ?? `call_${String(++counter)}`,
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.input) },
  }));
}

function usage(answer: FakeAnswer): Json {
  const input = answer.usage?.input ?? 10;
  const output = answer.usage?.output ?? 5;
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
}

function message(answer: FakeAnswer, request: FakeRequest): Json {
  const toolCalls = calls(answer);
  return {
    id: `chatcmpl-${String(++counter)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: answer.model ?? request.body['model'],
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text ?? null,
          refusal: null,
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: finishReason(answer),
      },
    ],
    usage: usage(answer),
  };
}

function frames(answer: FakeAnswer, request: FakeRequest): string[] {
  const id = `chatcmpl-${String(++counter)}`;
  const base = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: answer.model ?? request.body['model'],
  };
  const chunk = (delta: Json, finish: string | null = null): string =>
    frame({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const out = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const text of pieces(answer.text ?? '')) out.push(chunk({ content: text }));
  calls(answer).forEach((call, index) => {
    const fn = call['function'] as Json;
    out.push(chunk({ tool_calls: [{ index, id: call['id'], type: 'function', function: { name: fn['name'], arguments: '' } }] }));
    for (const args of pieces(String(fn['arguments']), 5))
      out.push(chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
  });
  out.push(chunk({}, finishReason(answer)));
  if ((request.body['stream_options'] as Json | undefined)?.['include_usage'] === true)
    out.push(frame({ ...base, choices: [], usage: usage(answer) }));
  out.push(frame('[DONE]'));
  return out;
}

/** The OpenAI dialect. */
export const openAiDialect: Dialect = {
  path: '/chat/completions',
  authorized: (headers, key) => headers['authorization'] === `Bearer ${key}`,
  validate: (request) => validateOpenAi(request.body),
  errorBody: (type, message) => ({ error: { message, type, param: null, code: null } }),
  message,
  frames,
};

/** Starts a fake OpenAI API; give its `url` (ending in `/v1`) as `OPENAI_BASE_URL` and `test-key` (or `key`) as the key. */
export function startFakeOpenAi(script: FakeScript, options: { key?: string } = {}): Promise<FakeApi> {
  return startFake(openAiDialect, script, { ...options, basePath: '/v1' });
}
