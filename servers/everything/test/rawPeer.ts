/**
 * The raw JSON-RPC peer's side of the everything tests: the client's canned
 * answers, each tool's exact expected result, and peers connected in either
 * era (a handshake at a given revision, or 2026-07-28 requests that answer
 * their own input_required rounds).
 *
 * @module
 */
import { expect } from 'vitest';
import { initialize, meta2026, rawPeer, type RawPeer } from '../../../packages/mcpkit/test/rawClient.js';
import {
  createEverythingServer,
  itemText,
  itemUri,
  TINY_PNG_BASE64,
  TINY_WAV_BASE64,
  weatherOf,
  type EverythingOptions,
} from '../src/index.js';

/** A JSON object. */
export type Json = Record<string, unknown>;

/** The client capabilities of every peer: everything a server may ask for. */
export const CAPS = { sampling: {}, elicitation: { form: {}, url: {} }, roots: {} };
/** The roots the peer answers `roots/list` with. */
export const ROOTS = { roots: [{ uri: 'file:///work', name: 'work' }] };
/** The form the peer submits. */
export const FORM = { name: 'Ada', email: 'ada@example.com' };

/** The client's answer to each server-to-client request. */
export function answer(method: string, params: unknown): unknown {
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

/** A text content block. */
export const text = (t: string): Json => ({ type: 'text', text: t });

/** Each tool, its arguments and its exact result (2025-11-25 and 2026-07-28 alike). */
// The time changes from call to call: its shape is what holds.
const SERVER_TIME: Json = {
  content: [{ type: 'text', text: expect.stringMatching(/^The server time is \d{4}-/) as unknown }],
  structuredContent: { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown },
};

export const CASES: readonly { name: string; args?: Json; result: Json }[] = [
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
  { name: 'show_server_time', result: SERVER_TIME },
  { name: 'get_server_time', result: SERVER_TIME },
];

/** A peer that completed the handshake at `revision`, answering server-to-client requests. */
export async function handshakePeer(revision: string, options?: EverythingOptions): Promise<RawPeer> {
  // The raw peer speaks to mcpkit's source; the server was built against its dist: same shape.
  const peer = await rawPeer(createEverythingServer(options) as unknown as Parameters<typeof rawPeer>[0]);
  peer.onRequest = answer;
  await initialize(peer, revision, CAPS);
  return peer;
}

/** A peer for 2026-07-28 requests (no handshake). */
export async function statelessPeer(options?: EverythingOptions): Promise<RawPeer> {
  return rawPeer(createEverythingServer(options) as unknown as Parameters<typeof rawPeer>[0]);
}

/** A 2026-07-28 request, answering `input_required` rounds until the result is complete. */
export async function request2026(
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
export function undecorated(result: Json): Json {
  expect(result['resultType']).toBe('complete');
  expect(result['_meta']).toMatchObject({
    'io.modelcontextprotocol/serverInfo': { name: 'mcpkit-everything', version: '0.1.0' },
  });
  const { resultType: _r, _meta: _m, ttlMs: _t, cacheScope: _c, ...rest } = result;
  return rest;
}
