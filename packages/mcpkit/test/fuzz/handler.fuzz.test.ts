// Property-based fuzzing of the HTTP handler: random methods, paths,
// headers, bodies and orderings against one server, sometimes inside a real
// session. Every request gets an answer promptly, never a 500, and every
// error is a JSON-RPC error body with a code.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryShared } from '../../src/scaleout/index.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture } from '../http/fixture.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './fuzz.js';

// The same properties in one process and over the scale-out path (two handlers sharing a store, used in turn).
const shared = new MemoryShared();
const single = createWebHandler(makeFixture().server, { maxBodyBytes: 4096, keepAliveMs: 0 });
const pair = [0, 1].map(() =>
  createWebHandler(makeFixture().server, { maxBodyBytes: 4096, keepAliveMs: 0, store: shared.store() }),
);
let turn = 0;
const SETUPS: { name: string; handler: (request: Request) => Promise<Response> }[] = [
  { name: 'one process', handler: single },
  { name: 'two handlers sharing a store', handler: (r) => (pair[turn++ % 2] as WebHandler)(r) },
];
afterAll(async () => {
  for (const h of [single, ...pair]) await h.close();
});

const ALLOWED = new Set([200, 202, 204, 400, 403, 404, 405, 406, 409, 413, 415, 503]);
const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', 'bogus', ''];
const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/read', 'prompts/get', 'server/discover', 'nope'];

/** A JSON-RPC-ish body: valid messages, near misses, batches, garbage. */
const body = fc.oneof(
  fc
    .record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.jsonValue()),
        method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 10 })),
        params: fc.oneof(
          fc.record(
            {
              protocolVersion: fc.constantFrom(...REVISIONS),
              name: fc.constantFrom('echo', 'region', 'nope'),
              arguments: fc.jsonValue({ maxDepth: 2 }),
              capabilities: fc.constant({}),
              clientInfo: fc.constant({ name: 'fuzz', version: '1' }),
              _meta: fc.oneof(
                fc.constant({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
                fc.dictionary(fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
              ),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant('x'.repeat(5000)),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'DELETE', 'PUT', 'OPTIONS', 'PATCH'),
  path: fc.constantFrom('/mcp', '/mcp', '/mcp', '/sse', '/messages', '/other', '/mcp?x=1'),
  accept: fc.constantFrom(
    'application/json, text/event-stream',
    'application/json',
    'text/event-stream',
    '*/*',
    'text/html',
    undefined,
  ),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', undefined),
  session: fc.constantFrom('live', 'random', undefined),
  version: fc.option(fc.constantFrom(...REVISIONS), { nil: undefined }),
  lastEventId: fc.option(fc.constantFrom('0_0', '1_1', 'x', '99_5', '2_0'), { nil: undefined }),
  extra: fc.option(fc.constantFrom('origin', 'mcp-method', 'mcp-name', 'host'), { nil: undefined }),
  body,
});
type Sent = typeof request extends fc.Arbitrary<infer T> ? T : never;

async function openSession(handler: (request: Request) => Promise<Response>): Promise<string> {
  const response = await handler(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
      }),
    }),
  );
  await response.text();
  return response.headers.get('mcp-session-id') ?? '';
}

function build(sent: Sent, session: string): Request {
  const headers: Record<string, string> = {};
  if (sent.accept !== undefined) headers['accept'] = sent.accept;
  if (sent.contentType !== undefined) headers['content-type'] = sent.contentType;
  if (sent.session === 'live') headers['mcp-session-id'] = session;
  if (sent.session === 'random') headers['mcp-session-id'] = crypto.randomUUID();
  if (sent.version !== undefined) headers['mcp-protocol-version'] = sent.version;
  if (sent.lastEventId !== undefined) headers['last-event-id'] = sent.lastEventId;
  if (sent.extra === 'origin') headers['origin'] = 'https://evil.example';
  if (sent.extra === 'mcp-method') headers['mcp-method'] = 'tools/call';
  if (sent.extra === 'mcp-name') headers['mcp-name'] = 'echo';
  const withBody = sent.method === 'POST' || sent.method === 'PUT' || sent.method === 'PATCH';
  return new Request(`http://localhost${sent.path}`, { method: sent.method, headers, ...(withBody && { body: sent.body }) });
}

async function answered(response: Promise<Response>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error('no answer within 5 s'));
    }, 5000);
  });
  try {
    return await Promise.race([response, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(SETUPS)('HTTP handler, fuzzed: $name', ({ handler }) => {
  it(
    'answers any sequence of requests promptly, never with a 500, errors as JSON-RPC bodies',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 5 }), async (sequence) => {
          const session = await openSession(handler);
          for (const sent of sequence) {
            const response = await answered(handler(build(sent, session)));
            expect(ALLOWED, `${sent.method} ${sent.path} → ${String(response.status)}`).toContain(response.status);
            const type = response.headers.get('content-type') ?? '';
            if (type.startsWith('text/event-stream')) {
              await response.body?.cancel();
              continue;
            }
            const text = await response.text();
            if (response.status >= 400 && type.startsWith('application/json')) {
              const error = (JSON.parse(text) as { error?: { code?: unknown } }).error;
              expect(typeof error?.code).toBe('number');
            }
          }
        }),
        fuzzParameters(0.5),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
