/**
 * A fake of the Anthropic Messages API (`POST /v1/messages`) that speaks its
 * exact wire format: `x-api-key` or a bearer token, `anthropic-version`
 * required, the request checked the way the API checks it (roles, block
 * types, every `tool_use` answered by a `tool_result` in the next message),
 * and answers streamed as `message_start`, `content_block_*`, `ping`,
 * `message_delta`, `message_stop` events. It runs the API's tool search
 * (`tool_search_tool_regex_20251119`/`_bm25_20251119` beside tools marked
 * `defer_loading`): a scripted answer's `toolSearch` becomes the
 * `server_tool_use` and `tool_search_tool_result` blocks (with
 * `tool_reference`s) the API sends, the request's checks include the tool
 * search's own (a deferred tool only with a search tool, references only to
 * deferred tools), and a scripted call of a deferred tool nobody found is
 * refused, as a real model could not make it. `fakes.sdk.test.ts` proves it
 * with the official SDK as its client.
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

const BLOCK_TYPES = new Set([
  'text',
  'image',
  'tool_use',
  'tool_result',
  'document',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'tool_search_tool_result',
]);
/** The tool search tools, by `type` (dated and undated), and the name each must have. */
const SEARCH_TOOL_TYPES: Readonly<Record<string, string>> = {
  tool_search_tool_regex_20251119: 'tool_search_tool_regex',
  tool_search_tool_regex: 'tool_search_tool_regex',
  tool_search_tool_bm25_20251119: 'tool_search_tool_bm25',
  tool_search_tool_bm25: 'tool_search_tool_bm25',
};

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
  if (block['type'] === 'server_tool_use' && (typeof block['id'] !== 'string' || typeof block['name'] !== 'string'))
    return `${where}: server_tool_use needs id and name`;
  if (block['type'] === 'tool_search_tool_result') {
    const content = block['content'] as Json | undefined;
    if (typeof block['tool_use_id'] !== 'string') return `${where}: tool_search_tool_result needs tool_use_id`;
    if (content?.['type'] === 'tool_search_tool_search_result') {
      const refs = content['tool_references'];
      if (
        !Array.isArray(refs) ||
        !(refs as Json[]).every((r) => r['type'] === 'tool_reference' && typeof r['tool_name'] === 'string')
      )
        return `${where}.content.tool_references: each must be a tool_reference with a tool_name`;
    } else if (content?.['type'] !== 'tool_search_tool_result_error')
      return `${where}.content: must be a tool_search_tool_search_result or a tool_search_tool_result_error`;
  }
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
    const problem = validateTools(tools as Json[]);
    if (problem !== undefined) return problem;
  }
  return validateReferences(messages as Json[], (tools ?? []) as Json[]);
}

/** The tool list's checks, the tool search's included. */
function validateTools(tools: readonly Json[]): string | undefined {
  let searches = 0;
  let deferred = 0;
  for (const [i, t] of tools.entries()) {
    const searchName = typeof t['type'] === 'string' ? SEARCH_TOOL_TYPES[t['type']] : undefined;
    if (searchName !== undefined) {
      if (t['name'] !== searchName) return `tools.${String(i)}.name: must be ${searchName}`;
      if (t['defer_loading'] === true) return `tools.${String(i)}: the tool search tool cannot have defer_loading set`;
      searches++;
      continue;
    }
    if (t['type'] !== undefined && t['type'] !== 'custom')
      return `tools.${String(i)}.type: unknown tool type ${JSON.stringify(t['type'])}`;
    if (typeof t['name'] !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(t['name']) || typeof t['input_schema'] !== 'object')
      return `tools.${String(i)}: name must match ^[a-zA-Z0-9_-]{1,64}$ and input_schema must be an object`;
    if (t['defer_loading'] !== undefined && typeof t['defer_loading'] !== 'boolean')
      return `tools.${String(i)}.defer_loading: must be a boolean`;
    if (t['defer_loading'] === true) deferred++;
  }
  if (searches > 1) return 'tools: at most one tool search tool';
  if (deferred > 0 && searches === 0)
    return 'tools: defer_loading needs a tool search tool (tool_search_tool_regex or tool_search_tool_bm25)';
  return undefined;
}

/** Every `tool_reference` names a deferred tool of this request. */
function validateReferences(messages: readonly Json[], tools: readonly Json[]): string | undefined {
  const deferred = new Set(tools.filter((t) => t['defer_loading'] === true).map((t) => String(t['name'])));
  for (const name of referencedIn(messages))
    if (!deferred.has(name)) return `Tool reference '${name}' has no corresponding tool definition with defer_loading`;
  return undefined;
}

/** The tool names the conversation's tool searches found. */
function referencedIn(messages: readonly Json[]): string[] {
  const names: string[] = [];
  for (const m of messages)
    for (const b of blocksOf(m['content']) ?? []) {
      const content = b['content'] as Json | undefined;
      if (b['type'] === 'tool_search_tool_result' && Array.isArray(content?.['tool_references']))
        for (const r of content['tool_references'] as Json[]) names.push(String(r['tool_name']));
    }
  return names;
}

/** What the API's tool search finds for `query`: regex (Python `re.search`, case-insensitive here) or BM25, 5 at most. */
export function fakeToolSearch(tools: readonly Json[], variant: 'regex' | 'bm25', query: string): string[] {
  const deferred = tools.filter((t) => t['defer_loading'] === true);
  const text = (t: Json): string => {
    const props = ((t['input_schema'] as Json | undefined)?.['properties'] ?? {}) as Record<string, Json>;
    const args = Object.entries(props).map(([k, v]) => `${k} ${typeof v['description'] === 'string' ? v['description'] : ''}`);
    return `${String(t['name'])} ${typeof t['description'] === 'string' ? t['description'] : ''} ${args.join(' ')}`;
  };
  if (variant === 'regex') {
    const pattern = new RegExp(query, 'i');
    return deferred
      .filter((t) => pattern.test(text(t)))
      .slice(0, 5)
      .map((t) => String(t['name']));
  }
  // BM25 (k1 1.2, b 0.75) over each tool's whole text, as the API names its search.
  const words = (s: string): string[] =>
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2);
  const docs = deferred.map((t) => words(text(t)));
  const avg = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const wanted = [...new Set(words(query))];
  const df = new Map(wanted.map((w) => [w, docs.filter((d) => d.includes(w)).length]));
  return deferred
    .map((t, i) => {
      const doc = docs[i] ?? [];
      let score = 0;
      for (const w of wanted) {
        const tf = doc.filter((x) => x === w).length;
        if (tf === 0) continue;
        const n = df.get(w) ?? 0;
        const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / avg));
      }
      return { name: String(t['name']), i, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, 5)
    .map((r) => r.name);
}

let counter = 0;

/** The request's tool search variant, if it offers one. */
function searchVariant(request: FakeRequest): 'regex' | 'bm25' | undefined {
  for (const t of (request.body['tools'] ?? []) as Json[]) {
    const name = typeof t['type'] === 'string' ? SEARCH_TOOL_TYPES[t['type']] : undefined;
    if (name !== undefined) return name === 'tool_search_tool_regex' ? 'regex' : 'bm25';
  }
  return undefined;
}

/** The server_tool_use and tool_search_tool_result blocks of a scripted search, and what it found. */
function searchBlocks(answer: FakeAnswer, request: FakeRequest): { blocks: Json[]; found: string[] } {
  const variant = searchVariant(request);
  if (answer.toolSearch === undefined || variant === undefined) return { blocks: [], found: [] };
  const id = `srvtoolu_${String(++counter).padStart(6, '0')}`;
  const found = fakeToolSearch((request.body['tools'] ?? []) as Json[], variant, answer.toolSearch.query);
  return {
    found,
    blocks: [
      {
        type: 'server_tool_use',
        id,
        name: `tool_search_tool_${variant}`,
        input: { query: answer.toolSearch.query },
        caller: { type: 'direct' },
      },
      {
        type: 'tool_search_tool_result',
        tool_use_id: id,
        content: {
          type: 'tool_search_tool_search_result',
          tool_references: found.map((tool_name) => ({ type: 'tool_reference', tool_name })),
        },
      },
    ],
  };
}

/** Why a real model could not give this answer: a search without a search tool, or a deferred tool called unfound. */
function impossible(answer: FakeAnswer, request: FakeRequest): string | undefined {
  if (answer.toolSearch !== undefined && searchVariant(request) === undefined)
    return 'the script searches tools, but the request offers no tool search tool';
  const tools = (request.body['tools'] ?? []) as Json[];
  const deferred = new Set(tools.filter((t) => t['defer_loading'] === true).map((t) => String(t['name'])));
  const { found } = searchBlocks(answer, request);
  const visible = new Set([...referencedIn((request.body['messages'] ?? []) as Json[]), ...found]);
  const calls = [...(answer.toolCalls ?? []), ...(answer.afterSearch?.(found) ?? [])];
  const hidden = calls.find((c) => deferred.has(c.name) && !visible.has(c.name));
  return hidden === undefined ? undefined : `the model cannot call ${hidden.name}: it is deferred and no tool search found it`;
}

function content(answer: FakeAnswer, request: FakeRequest): Json[] {
  const blocks: Json[] = answer.text === undefined || answer.text === '' ? [] : [{ type: 'text', text: answer.text }];
  const search = searchBlocks(answer, request);
  blocks.push(...search.blocks);
  for (const call of [...(answer.toolCalls ?? []), ...(answer.afterSearch?.(search.found) ?? [])])
    blocks.push({
      type: 'tool_use',
      id: call.id ?? `toolu_${String(++counter).padStart(6, '0')}`,
      name: call.name,
      input: call.input,
    });
  return blocks;
}

function stopReason(blocks: readonly Json[], answer: FakeAnswer): string {
  return answer.stopReason ?? (blocks.some((b) => b['type'] === 'tool_use') ? 'tool_use' : 'end_turn');
}

function message(answer: FakeAnswer, request: FakeRequest): Json {
  const blocks = content(answer, request);
  return {
    id: `msg_${String(++counter)}`,
    type: 'message',
    role: 'assistant',
    model: answer.model ?? request.body['model'],
    content: blocks,
    stop_reason: stopReason(blocks, answer),
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
    } else if (block['type'] === 'tool_search_tool_result') {
      out.push(frame({ type: 'content_block_start', index, content_block: block }, 'content_block_start'));
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
        delta: { stop_reason: whole['stop_reason'], stop_sequence: null },
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
  impossible,
  message,
  frames,
};

/** Starts a fake Anthropic API; give its `url` as `ANTHROPIC_BASE_URL` and `test-key` (or `key`) as the key. */
export function startFakeAnthropic(script: FakeScript, options: { key?: string } = {}): Promise<FakeApi> {
  return startFake(anthropicDialect, script, options);
}
