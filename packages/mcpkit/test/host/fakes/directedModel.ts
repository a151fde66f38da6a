/**
 * A fake model that does what the prompt tells it, so a test reads like the
 * scenario it runs: a prompt of lines `call <tool> <json>` makes it call those
 * tools (all in one turn, so they run concurrently); once tool results come
 * back it answers `Results: <each result's text>`; any other prompt is answered
 * `You said: <prompt>`. Works on either fake dialect's requests.
 *
 * @module
 */
import type { FakeReply, FakeRequest, FakeScript } from './fakeApi.js';

type Json = Record<string, unknown>;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Json[])
    .map((b) => (b['type'] === 'text' ? String(b['text']) : b['type'] === 'image' || b['type'] === 'image_url' ? '[image]' : ''))
    .join('');
}

/** The tool results of the request's last turn, as text (Anthropic `tool_result` blocks or OpenAI `tool` messages). */
function lastResults(messages: Json[]): string[] | undefined {
  const last = messages.at(-1);
  if (last === undefined) return undefined;
  if (last['role'] === 'user' && Array.isArray(last['content'])) {
    const results = (last['content'] as Json[]).filter((b) => b['type'] === 'tool_result');
    if (results.length > 0) return results.map((r) => `${r['is_error'] === true ? 'ERROR ' : ''}${textOf(r['content'])}`);
  }
  const tools: string[] = [];
  for (
    let i = messages.length - 1;
    i >= 0 &&
    (messages[i]?.['role'] === 'tool' || (messages[i]?.['role'] === 'user' && tools.length === 0 && i === messages.length - 1));
    i--
  ) {
    const m = messages[i] as Json;
    if (m['role'] === 'tool') tools.unshift(textOf(m['content']));
  }
  return tools.length > 0 ? tools : undefined;
}

/** The text of the last user message. */
function lastPrompt(messages: Json[]): string {
  const user = [...messages].reverse().find((m) => m['role'] === 'user');
  return user === undefined ? '' : textOf(user['content']);
}

/** What the directed model answers to `request`. */
export function directedReply(request: FakeRequest): FakeReply {
  const messages = (request.body['messages'] as Json[] | undefined) ?? [];
  const results = lastResults(messages);
  if (results !== undefined) return { kind: 'answer', text: `Results: ${results.join(' | ')}`, usage: { input: 20, output: 8 } };
  const prompt = lastPrompt(messages);
  const calls = [...prompt.matchAll(/^call (\S+) (\{.*\})$/gm)].map((m, i) => ({
    id: `call_${String(i + 1)}`,
    name: m[1] ?? '',
    input: JSON.parse(m[2] ?? '{}') as Json,
  }));
  if (calls.length > 0) return { kind: 'answer', text: 'Calling tools.', toolCalls: calls, usage: { input: 15, output: 6 } };
  return { kind: 'answer', text: `You said: ${prompt}`, usage: { input: 5, output: 3 } };
}

/** The directed model as a fake's script. */
export const directed: FakeScript = (request) => directedReply(request);
