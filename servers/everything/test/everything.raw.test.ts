// Every tool, resource and prompt of the everything server over mcpkit's
// in-memory pair, driven by a raw JSON-RPC peer that sees exactly what goes
// over the wire: the handshake era (2025-11-25, and what older revisions get
// instead) and the stateless era (2026-07-28, with input_required rounds).
import { describe, expect, it } from 'vitest';
import { initialize, meta2026, rawPeer, type RawPeer } from '../../../packages/mcpkit/test/rawClient.js';
import {
  CLOCK_URI,
  createEverythingServer,
  ELICIT_URL,
  elicitationForm,
  HELLO_TEXT,
  itemText,
  itemUri,
  TEXT_URI,
  TINY_PNG_BASE64,
  TINY_WAV_BASE64,
  TONE_URI,
  weatherOf,
  type EverythingOptions,
} from '../src/index.js';

type Json = Record<string, unknown>;

const CAPS = { sampling: {}, elicitation: { form: {}, url: {} }, roots: {} };
const ROOTS = { roots: [{ uri: 'file:///work', name: 'work' }] };
const FORM = { name: 'Ada', email: 'ada@example.com' };

/** The client's answer to each server-to-client request. */
function answer(method: string, params: unknown): unknown {
  switch (method) {
    case 'sampling/createMessage':
      return {
        role: 'assistant',
        content: { type: 'text', text: `echo ${JSON.stringify((params as { messages: unknown[] }).messages.length)}` },
        model: 'raw-model',
      };
    case 'elicitation/create':
      return (params as { mode?: string }).mode === 'url' ? { action: 'accept' } : { action: 'accept', content: FORM };
    case 'roots/list':
      return ROOTS;
    default:
      throw new Error(`unexpected ${method}`);
  }
}

const text = (t: string): Json => ({ type: 'text', text: t });

/** Each tool, its arguments and its exact result (2025-11-25 and 2026-07-28 alike). */
const CASES: readonly { name: string; args?: Json; result: Json }[] = [
  { name: 'echo', args: { message: 'raw' }, result: { content: [text('raw')] } },
  { name: 'add', args: { a: 1.5, b: 2 }, result: { content: [text('{"sum":3.5}')], structuredContent: { sum: 3.5 } } },
  {
    name: 'get_weather',
    args: { city: 'Tokyo' },
    result: { content: [text(JSON.stringify(weatherOf('Tokyo')))], structuredContent: weatherOf('Tokyo') },
  },
  {
    name: 'long_running_operation',
    args: { duration: 0, steps: 2 },
    result: { content: [text('Long running operation completed: 0 second(s) in 2 step(s).')] },
  },
  { name: 'sample_llm', args: { prompt: 'hi' }, result: { content: [text('LLM sampling result (model raw-model): echo 1')] } },
  { name: 'elicit_form', result: { content: [text(`Form elicitation result: action=accept, content=${JSON.stringify(FORM)}`)] } },
  { name: 'elicit_url', result: { content: [text('URL elicitation result: action=accept')] } },
  { name: 'list_roots', result: { content: [text('The client has 1 root(s):\n- work: file:///work')] } },
  {
    name: 'get_image',
    result: {
      content: [
        { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
        text('A 16x16 PNG: a diagonal gradient with a white border.'),
      ],
    },
  },
  {
    name: 'get_audio',
    result: {
      content: [
        { type: 'audio', data: TINY_WAV_BASE64, mimeType: 'audio/wav' },
        text('A 100 ms, 440 Hz tone (8 kHz, 16-bit mono WAV).'),
      ],
    },
  },
  {
    name: 'get_resource_links',
    args: { count: 1 },
    result: {
      content: [
        text('Here are 1 items of this server:'),
        {
          type: 'resource_link',
          uri: itemUri('1'),
          name: 'Item 1',
          description: 'The item number 1 of 20',
          mimeType: 'application/json',
        },
      ],
    },
  },
  {
    name: 'get_embedded_resource',
    args: { id: '20' },
    result: {
      content: [
        text('Item 20, embedded:'),
        { type: 'resource', resource: { uri: itemUri('20'), mimeType: 'application/json', text: itemText('20') } },
      ],
    },
  },
  {
    name: 'annotated_message',
    args: { messageType: 'success' },
    result: {
      content: [{ type: 'text', text: 'Success: the operation completed.', annotations: { priority: 0.7, audience: ['user'] } }],
    },
  },
  { name: 'always_fails', result: { content: [text('This tool always fails, on purpose.')], isError: true } },
  { name: 'log_messages', result: { content: [text('Sent 5 log messages (debug, info, notice, warning, error).')] } },
  { name: 'touch_clock', result: { content: [text('The clock is now at tick 1.')] } },
  { name: 'reset_clock', result: { content: [text('The clock is back at tick 0.')] } },
];

async function handshakePeer(revision: string, options?: EverythingOptions): Promise<RawPeer> {
  // The raw peer speaks to mcpkit's source; the server was built against its dist: same shape.
  const peer = await rawPeer(createEverythingServer(options) as unknown as Parameters<typeof rawPeer>[0]);
  peer.onRequest = answer;
  await initialize(peer, revision, CAPS);
  return peer;
}

async function statelessPeer(options?: EverythingOptions): Promise<RawPeer> {
  return rawPeer(createEverythingServer(options) as unknown as Parameters<typeof rawPeer>[0]);
}

/** A 2026-07-28 request, answering `input_required` rounds until the result is complete. */
async function request2026(
  peer: RawPeer,
  method: string,
  params: Json,
  extraMeta: Json = {},
): Promise<{ result: Json; rounds: Json[] }> {
  const rounds: Json[] = [];
  let retry: Json = {};
  for (;;) {
    const result = (await peer.request(method, { ...params, ...retry, _meta: meta2026(CAPS, extraMeta) })) as Json;
    if (result['resultType'] !== 'input_required') return { result, rounds };
    rounds.push(result);
    const requests = result['inputRequests'] as Record<string, { method: string; params: unknown }>;
    const inputResponses = Object.fromEntries(Object.entries(requests).map(([key, r]) => [key, answer(r.method, r.params)]));
    retry = { inputResponses, requestState: result['requestState'] };
  }
}

/** A complete 2026 result without the stateless decorations. */
function undecorated(result: Json): Json {
  expect(result['resultType']).toBe('complete');
  expect(result['_meta']).toMatchObject({
    'io.modelcontextprotocol/serverInfo': { name: 'mcpkit-everything', version: '0.1.0' },
  });
  const { resultType: _r, _meta: _m, ttlMs: _t, cacheScope: _c, ...rest } = result;
  return rest;
}

describe('everything over a raw peer, handshake era (2025-11-25)', () => {
  it('covers every tool', async () => {
    const peer = await handshakePeer('2025-11-25');
    const listed = (await peer.request('tools/list')) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(CASES.map((c) => c.name));
    await peer.close();
  });

  for (const c of CASES) {
    it(`calls ${c.name}`, async () => {
      const peer = await handshakePeer('2025-11-25');
      expect(await peer.request('tools/call', { name: c.name, ...(c.args !== undefined && { arguments: c.args }) })).toEqual(
        c.result,
      );
      await peer.close();
    });
  }

  it('sends progress with the request token, and log messages at the session level', async () => {
    const peer = await handshakePeer('2025-11-25');
    const progress: unknown[] = [];
    await peer.request(
      'tools/call',
      { name: 'long_running_operation', arguments: { duration: 0, steps: 2 } },
      { onProgress: (p) => progress.push(p) },
    );
    expect(progress).toEqual(
      [1, 2].map((n) => ({
        progressToken: expect.anything() as unknown,
        progress: n,
        total: 2,
        message: `Step ${String(n)} of 2`,
      })),
    );
    await peer.request('logging/setLevel', { level: 'notice' });
    await peer.request('tools/call', { name: 'log_messages' });
    const logs = peer.notifications
      .filter((n) => n.method === 'notifications/message')
      .map((n) => (n.params as { level: string }).level);
    expect(logs).toEqual(['notice', 'warning', 'error']);
    await peer.close();
  });

  it('stops the long operation when the client cancels it', async () => {
    const peer = await handshakePeer('2025-11-25');
    const controller = new AbortController();
    const progress: unknown[] = [];
    const call = peer.request(
      'tools/call',
      { name: 'long_running_operation', arguments: { duration: 2, steps: 100 } },
      {
        signal: controller.signal,
        onProgress: (p) => {
          progress.push(p);
          controller.abort();
        },
      },
    );
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
    const seen = peer.notifications.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // No progress after the cancellation: the handler stopped.
    expect(peer.notifications.length).toBe(seen);
    expect(progress).toHaveLength(1);
    await peer.close();
  });

  it('tells subscribers when the clock changes, and completes URL elicitations', async () => {
    const peer = await handshakePeer('2025-11-25');
    await peer.request('resources/subscribe', { uri: CLOCK_URI });
    await peer.request('tools/call', { name: 'touch_clock' });
    await peer.request('tools/call', { name: 'elicit_url' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const methods = peer.notifications.map((n) => n.method);
    expect(methods).toContain('notifications/resources/updated');
    expect(methods).toContain('notifications/elicitation/complete');
    await peer.close();
  });

  it('serves resources, templates, prompts and completion with their titles', async () => {
    const peer = await handshakePeer('2025-11-25');
    expect(await peer.request('resources/read', { uri: TEXT_URI })).toEqual({
      contents: [{ uri: TEXT_URI, mimeType: 'text/plain', text: HELLO_TEXT }],
    });
    expect(await peer.request('resources/read', { uri: TONE_URI })).toEqual({
      contents: [{ uri: TONE_URI, mimeType: 'audio/wav', blob: TINY_WAV_BASE64 }],
    });
    await expect(peer.request('resources/read', { uri: itemUri('0') })).rejects.toMatchObject({
      code: -32002,
      data: { uri: itemUri('0') },
    });
    const prompts = (await peer.request('prompts/list')) as { prompts: { arguments?: unknown[] }[] };
    expect(prompts.prompts[1]?.arguments).toEqual([
      { name: 'city', title: 'City', description: 'The city to ask about', required: true },
      { name: 'style', title: 'Style', description: 'How to answer: haiku, limerick, news report, poem' },
    ]);
    expect(
      await peer.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'args_prompt' },
        argument: { name: 'city', value: 'to' },
      }),
    ).toEqual({
      completion: { values: ['Tokyo', 'Toronto'], total: 2, hasMore: false },
    });
    await peer.close();
  });

  it('pages lists with sealed cursors', async () => {
    const peer = await handshakePeer('2025-11-25', { pageSize: 10 });
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await peer.request('resources/list', cursor === undefined ? {} : { cursor })) as {
        resources: { uri: string }[];
        nextCursor?: string;
      };
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(uris).toHaveLength(24);
    await expect(peer.request('resources/list', { cursor: 'forged' })).rejects.toMatchObject({ code: -32602 });
    await peer.close();
  });
});

describe('everything over a raw peer, older handshake revisions', () => {
  it('2025-06-18: resource links, structured content, and a form without 2025-11-25 fields', async () => {
    const peer = await handshakePeer('2025-06-18');
    const asked: unknown[] = [];
    peer.onRequest = (method, params) => {
      asked.push(params);
      return answer(method, params);
    };
    expect(await peer.request('tools/call', { name: 'get_resource_links', arguments: { count: 1 } })).toEqual(
      CASES.find((c) => c.name === 'get_resource_links')?.result,
    );
    expect(await peer.request('tools/call', { name: 'add', arguments: { a: 1, b: 1 } })).toEqual({
      content: [text('{"sum":2}')],
      structuredContent: { sum: 2 },
    });
    await peer.request('tools/call', { name: 'elicit_form' });
    expect(asked).toEqual([
      { message: 'Please tell us about yourself (a demonstration form).', requestedSchema: elicitationForm('2025-06-18') },
    ]);
    expect(JSON.stringify(asked)).not.toMatch(/"default":"|oneOf|anyOf/);
    // URL mode is 2025-11-25: refused, as a protocol error naming the capability.
    await expect(peer.request('tools/call', { name: 'elicit_url' })).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
    await peer.close();
  });

  it('2025-03-26: no structured content, resource links embedded; elicitation refused', async () => {
    const peer = await handshakePeer('2025-03-26');
    expect(await peer.request('tools/call', { name: 'add', arguments: { a: 1, b: 1 } })).toEqual({
      content: [text('{"sum":2}')],
    });
    expect(await peer.request('tools/call', { name: 'get_resource_links', arguments: { count: 1 } })).toEqual({
      content: [
        text('Here are 1 items of this server:'),
        { type: 'resource', resource: { uri: itemUri('1'), mimeType: 'application/json', text: itemText('1') } },
      ],
    });
    expect(await peer.request('tools/call', { name: 'get_audio' })).toEqual(CASES.find((c) => c.name === 'get_audio')?.result);
    await expect(peer.request('tools/call', { name: 'elicit_form' })).rejects.toMatchObject({ code: -32021 });
    await peer.close();
  });

  it('2024-11-05: audio arrives as an embedded WAV resource', async () => {
    const peer = await handshakePeer('2024-11-05');
    expect(await peer.request('tools/call', { name: 'get_audio' })).toEqual({
      content: [
        { type: 'resource', resource: { uri: TONE_URI, mimeType: 'audio/wav', blob: TINY_WAV_BASE64 } },
        text('A 100 ms, 440 Hz tone (8 kHz, 16-bit mono WAV).'),
      ],
    });
    // Invalid arguments are a protocol error before 2025-11-25.
    await expect(peer.request('tools/call', { name: 'echo', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await peer.close();
  });
});

describe('everything over a raw peer, stateless era (2026-07-28)', () => {
  it('covers every tool', async () => {
    const peer = await statelessPeer();
    const { result } = await request2026(peer, 'tools/list', {});
    expect((result['tools'] as { name: string }[]).map((t) => t.name)).toEqual(CASES.map((c) => c.name));
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    await peer.close();
  });

  const INTERACTIVE: Readonly<Record<string, string>> = {
    sample_llm: 'sampling/createMessage',
    elicit_form: 'elicitation/create',
    elicit_url: 'elicitation/create',
    list_roots: 'roots/list',
  };

  for (const c of CASES) {
    it(`calls ${c.name}`, async () => {
      const peer = await statelessPeer();
      const { result, rounds } = await request2026(peer, 'tools/call', {
        name: c.name,
        ...(c.args !== undefined && { arguments: c.args }),
      });
      expect(undecorated(result)).toEqual(c.result);
      const asked = INTERACTIVE[c.name];
      if (asked === undefined) expect(rounds).toEqual([]);
      else {
        expect(rounds).toHaveLength(1);
        expect(Object.values(rounds[0]?.['inputRequests'] as object)).toEqual([expect.objectContaining({ method: asked })]);
        expect(rounds[0]?.['requestState']).toBeTypeOf('string');
      }
      // Nothing but the response: no server-to-client request, and no log message without a log level.
      expect(peer.notifications).toEqual([]);
      await peer.close();
    });
  }

  it('asks by URL without an elicitation id', async () => {
    const peer = await statelessPeer();
    const { rounds } = await request2026(peer, 'tools/call', { name: 'elicit_url' });
    expect(rounds[0]?.['inputRequests']).toEqual({
      confirm: {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: 'Please open the page to confirm (a demonstration; nothing happens there).',
          url: ELICIT_URL,
        },
      },
    });
    await peer.close();
  });

  it('logs only at the level the request names', async () => {
    const peer = await statelessPeer();
    await request2026(peer, 'tools/call', { name: 'log_messages' }, { 'io.modelcontextprotocol/logLevel': 'error' });
    expect(peer.notifications.map((n) => n.params)).toEqual([
      { level: 'error', logger: 'everything', data: { message: 'A error message from the everything server' } },
    ]);
    await peer.close();
  });

  it('refuses a tool that needs a capability the request does not declare', async () => {
    const peer = await statelessPeer();
    await expect(
      peer.request('tools/call', { name: 'sample_llm', arguments: { prompt: 'x' }, _meta: meta2026({}) }),
    ).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { sampling: {} } },
    });
    await peer.close();
  });

  it('reads, completes and gets prompts; an unknown item is -32602', async () => {
    const peer = await statelessPeer();
    const text1 = await request2026(peer, 'resources/read', { uri: TEXT_URI });
    expect(text1.result).toMatchObject({
      contents: [{ uri: TEXT_URI, text: HELLO_TEXT }],
      ttlMs: 3_600_000,
      cacheScope: 'public',
    });
    await expect(peer.request('resources/read', { uri: itemUri('21'), _meta: meta2026(CAPS) })).rejects.toMatchObject({
      code: -32602,
      data: { uri: itemUri('21') },
    });
    const prompt = await request2026(peer, 'prompts/get', { name: 'resource_prompt', arguments: { itemId: '2' } });
    expect(undecorated(prompt.result)).toEqual({
      messages: [
        { role: 'user', content: text('Here is item 2:') },
        {
          role: 'user',
          content: { type: 'resource', resource: { uri: itemUri('2'), mimeType: 'application/json', text: itemText('2') } },
        },
        { role: 'user', content: text('Please summarise it.') },
      ],
    });
    const completion = await request2026(peer, 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'everything://items/{id}' },
      argument: { name: 'id', value: '2' },
    });
    expect(undecorated(completion.result)).toEqual({ completion: { values: ['2', '20'], total: 2, hasMore: false } });
    await peer.close();
  });

  it('streams clock updates to a subscriptions/listen stream', async () => {
    const peer = await statelessPeer();
    const controller = new AbortController();
    const listening = peer.request(
      'subscriptions/listen',
      { notifications: { resourceSubscriptions: [CLOCK_URI] }, _meta: meta2026(CAPS) },
      { signal: controller.signal, timeoutMs: Infinity },
    );
    listening.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await request2026(peer, 'tools/call', { name: 'touch_clock' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(peer.notifications.map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/resources/updated',
    ]);
    expect(peer.notifications[1]?.params).toMatchObject({ uri: CLOCK_URI });
    controller.abort();
    await peer.close();
  });
});
