/**
 * Streamable HTTP, 2026-07-28 era (messages carry `_meta` protocolVersion):
 * headers, no session, errors as answers, cancellation by closing the stream.
 */
import { describe, expect, it } from 'vitest';
import { HttpTransportError } from '../../src/http/client/transportError.js';
import { StreamableHttpClientTransport } from '../../src/http/client/streamableHttpClientTransport.js';
import { RecordingSink, waitFor } from '../helpers.js';
import {
  empty,
  event,
  FakeHttp,
  json,
  statelessRequest,
  page,
  result,
  rpcError,
  sse,
  SseWriter,
  idOf,
  type Route,
} from './fakeHttp.js';

const URL_ = 'https://mcp.example.com/mcp';

async function open(route: Route, extra: Partial<ConstructorParameters<typeof StreamableHttpClientTransport>[0]> = {}) {
  const http = new FakeHttp(route);
  const warnings: string[] = [];
  const transport = new StreamableHttpClientTransport({
    url: URL_,
    fetch: http.fetch,
    onWarning: (w) => warnings.push(w),
    ...extra,
  });
  const sink = new RecordingSink();
  await transport.start(sink);
  return { http, transport, sink, warnings };
}

const TOOLS = {
  tools: [
    {
      name: 'execute_sql',
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          query: { type: 'string' },
          tenant: { type: 'integer', 'x-mcp-header': 'Tenant' },
        },
      },
    },
    { name: 'broken', inputSchema: { type: 'object', properties: { a: { type: 'object', 'x-mcp-header': 'A' } } } },
    { name: 'plain', inputSchema: { type: 'object' } },
  ],
};

describe('Streamable HTTP client, stateless era', () => {
  it('POSTs each request with Accept, Content-Type, MCP-Protocol-Version from _meta, and Mcp-Method', async () => {
    const { http, transport, sink } = await open((call) => json(result(idOf(call), { tools: [] })));
    await transport.send(statelessRequest(1, 'tools/list'));
    const [call] = http.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe(URL_);
    expect(call?.headers).toMatchObject({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    });
    expect(call?.headers['mcp-session-id']).toBeUndefined();
    expect(call?.headers['mcp-name']).toBeUndefined();
    expect(sink.frames).toEqual([result(1, { tools: [] })]);
  });

  it('sets Mcp-Name from params.name, params.uri or params.taskId, encoding unsafe values', async () => {
    const { http, transport } = await open((call) => json(result(idOf(call), {})));
    await transport.send(statelessRequest(1, 'tools/call', { name: 'get_weather', arguments: {} }));
    await transport.send(statelessRequest(2, 'resources/read', { uri: 'file:///projects/my app/config.json' }));
    await transport.send(statelessRequest(3, 'prompts/get', { name: 'grüße' }));
    await transport.send(statelessRequest(4, 'tasks/get', { taskId: 'task-17' }));
    await transport.send(statelessRequest(5, 'resources/list'));
    expect(http.calls.map((c) => [c.headers['mcp-method'], c.headers['mcp-name']])).toEqual([
      ['tools/call', 'get_weather'],
      ['resources/read', 'file:///projects/my app/config.json'],
      ['prompts/get', '=?base64?Z3LDvMOfZQ==?='],
      ['tasks/get', 'task-17'],
      ['resources/list', undefined],
    ]);
  });

  it('learns x-mcp-header annotations from tools/list and mirrors arguments into Mcp-Param-* headers', async () => {
    const { http, transport } = await open((call) =>
      json(result(idOf(call), call.body?.method === 'tools/list' ? TOOLS : { content: [] })),
    );
    await transport.send(
      statelessRequest(1, 'tools/call', { name: 'execute_sql', arguments: { region: 'us-west1', tenant: 7 } }),
    );
    expect(Object.keys(http.calls[0]?.headers ?? {}).filter((h) => h.startsWith('mcp-param-'))).toEqual([]);
    await transport.send(statelessRequest(2, 'tools/list'));
    await transport.send(
      statelessRequest(3, 'tools/call', { name: 'execute_sql', arguments: { region: ' eu ', tenant: 7, query: 'SELECT 1' } }),
    );
    await transport.send(
      statelessRequest(4, 'tools/call', { name: 'execute_sql', arguments: { region: null, query: 'SELECT 1' } }),
    );
    const third = http.calls[2]?.headers ?? {};
    expect(third['mcp-param-region']).toBe('=?base64?IGV1IA==?=');
    expect(third['mcp-param-tenant']).toBe('7');
    expect(third['mcp-param-query']).toBeUndefined();
    expect(Object.keys(http.calls[3]?.headers ?? {}).filter((h) => h.startsWith('mcp-param-'))).toEqual([]);
  });

  it('leaves tools with invalid x-mcp-header annotations out of the tools/list result, with a warning', async () => {
    const { transport, sink, warnings } = await open((call) => json(result(idOf(call), TOOLS)));
    await transport.send(statelessRequest(1, 'tools/list'));
    const delivered = sink.frames[0] as { result: { tools: { name: string }[] } };
    expect(delivered.result.tools.map((t) => t.name)).toEqual(['execute_sql', 'plain']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/"broken"/);
  });

  it('ignores a session id a stateless server sends, and never opens a GET stream', async () => {
    const { http, transport } = await open((call) => json(result(idOf(call), {}), 200, { 'mcp-session-id': 'should-not-stick' }));
    await transport.send(statelessRequest(1, 'server/discover'));
    await transport.send(statelessRequest(2, 'tools/list'));
    expect(http.calls[1]?.headers['mcp-session-id']).toBeUndefined();
    expect(transport.sessionId).toBeUndefined();
    await transport.close();
    expect(http.of('GET')).toEqual([]);
    expect(http.of('DELETE')).toEqual([]);
  });

  it('delivers notifications on an SSE response before the final response, then resolves send', async () => {
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 0.5 } };
    const { transport, sink } = await open((call) =>
      sse(`: keep-alive\n\n${event(progress)}${event(result(idOf(call), { content: [] }))}`),
    );
    await transport.send(statelessRequest(1, 'tools/call', { name: 'slow', arguments: {} }));
    expect(sink.frames).toEqual([progress, result(1, { content: [] })]);
  });

  it('delivers a JSON-RPC error in a 4xx body to the caller: -32022 with its data, -32601 on 404, -32020 without an id', async () => {
    const unsupported = rpcError(1, -32022, 'Unsupported protocol version', {
      supported: ['2026-07-28'],
      requested: '2027-01-01',
    });
    const { transport, sink } = await open((call) => {
      if (idOf(call) === 1) return json(unsupported, 400);
      if (idOf(call) === 2) return json(rpcError(2, -32601, 'Method not found'), 404);
      return json(rpcError(null, -32020, 'Header mismatch'), 400);
    });
    await transport.send(statelessRequest(1, 'server/discover'));
    await transport.send(statelessRequest(2, 'nope/nothing'));
    await transport.send(statelessRequest(3, 'tools/call', { name: 'x' }));
    expect(sink.frames).toEqual([unsupported, rpcError(2, -32601, 'Method not found'), rpcError(3, -32020, 'Header mismatch')]);
  });

  it.each([
    ['an HTML 404', () => page(404, '<h1>Not Found</h1>'), 404, /HTTP 404.*Not Found/],
    ['an empty 400', () => empty(400), 400, /^HTTP 400/],
    [
      'a handshake-era id-less error',
      () => json(rpcError(null, -32000, 'Bad Request: Server not initialized'), 400),
      400,
      /Server not initialized/,
    ],
    ['a 500 page', () => page(500, 'oops', 'text/plain'), 500, /oops/],
  ])('rejects send with HttpTransportError(status) for %s', async (_, response, status, message) => {
    const { transport, sink } = await open(response);
    const error = await transport.send(statelessRequest(1, 'server/discover')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpTransportError);
    expect((error as HttpTransportError).code).toBe('TRANSPORT_FAILED');
    expect((error as HttpTransportError).status).toBe(status);
    expect((error as Error).message).toMatch(message);
    expect(sink.frames).toEqual([]);
  });

  it('rejects send with HttpTransportError without status on a network failure', async () => {
    const { transport } = await open(() => {
      throw new TypeError('fetch failed');
    });
    await expect(transport.send(statelessRequest(1, 'tools/list'))).rejects.toMatchObject({
      code: 'TRANSPORT_FAILED',
      status: undefined,
      message: 'POST tools/list failed: fetch failed',
    });
  });

  it('rejects send when the response stream ends before the response (stateless streams are not resumed)', async () => {
    const { http, transport } = await open(() =>
      sse(event({ jsonrpc: '2.0', method: 'notifications/message', params: {} }, 'e-1')),
    );
    await expect(transport.send(statelessRequest(1, 'tools/call', { name: 'x' }))).rejects.toThrow(/ended before the response/);
    expect(http.of('GET')).toEqual([]);
  });

  it('cancels a request by aborting its fetch, without POSTing notifications/cancelled', async () => {
    const writers: SseWriter[] = [];
    const { http, transport } = await open((call) => {
      const writer = new SseWriter(call.signal);
      writers.push(writer);
      return writer.response;
    });
    const pending = transport.send(statelessRequest(5, 'tools/call', { name: 'slow' }));
    await waitFor(() => writers.length === 1);
    writers[0]?.write(event({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 5, progress: 1 } }));
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5, reason: 'user' } });
    await pending; // resolves quietly: the caller already knows it cancelled
    expect(http.calls[0]?.signal?.aborted).toBe(true);
    expect(http.calls).toHaveLength(1);
  });

  it('keeps a subscriptions/listen stream open and delivers each notification as it comes', async () => {
    let writer: SseWriter | undefined;
    const { transport, sink } = await open((call) => {
      writer = new SseWriter(call.signal);
      return writer.response;
    });
    let settled = false;
    const listening = transport
      .send(statelessRequest(9, 'subscriptions/listen', { notifications: { toolsListChanged: true } }))
      .finally(() => {
        settled = true;
      });
    await waitFor(() => writer !== undefined);
    writer?.write(event({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: {} }));
    await sink.waitForFrames(1);
    writer?.write(': keep-alive\n\n');
    writer?.write(event({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} }));
    await sink.waitForFrames(2);
    expect(settled).toBe(false);
    expect(sink.frames.map((f) => (f as { method: string }).method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    await transport.close();
    await expect(listening).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('sends a notification on a stateless connection with the revision its requests named', async () => {
    const { http, transport } = await open((call) => (call.body?.id === undefined ? empty(202) : json(result(idOf(call), {}))));
    await transport.send(statelessRequest(1, 'server/discover'));
    await transport.send({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    expect(http.calls[1]?.headers).toMatchObject({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'notifications/roots/list_changed',
    });
  });

  it('adds static or per-request headers, and requestInit options, under the protocol headers', async () => {
    let n = 0;
    const { http, transport } = await open((call) => json(result(idOf(call), {})), {
      headers: () => ({ Authorization: `Bearer token-${String(++n)}`, 'MCP-Protocol-Version': 'overridden?' }),
      requestInit: { headers: { 'X-Trace': 'abc' }, credentials: 'include' },
    });
    await transport.send(statelessRequest(1, 'tools/list'));
    await transport.send(statelessRequest(2, 'tools/list'));
    expect(http.calls.map((c) => c.headers['authorization'])).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(http.calls[0]?.headers['x-trace']).toBe('abc');
    expect(http.calls[0]?.headers['mcp-protocol-version']).toBe('2026-07-28');
  });

  it('aborts every request in flight on close and rejects sends afterwards', async () => {
    const { http, transport, sink } = await open(() => new Promise<Response>(() => undefined));
    const pending = transport.send(statelessRequest(1, 'tools/call', { name: 'never' }));
    await waitFor(() => http.calls.length === 1);
    await transport.close();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(http.calls[0]?.signal?.aborted).toBe(true);
    expect(sink.closedWith).toEqual([undefined]);
    await expect(transport.send(statelessRequest(2, 'tools/list'))).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('hands text that is not JSON to the connection as is', async () => {
    const http = new FakeHttp(() => sse(`data: not json\n\n${event(result(1, {}))}`));
    const transport = new StreamableHttpClientTransport({ url: URL_, fetch: http.fetch });
    const frames: unknown[] = [];
    await transport.start({ receive: (frame) => frames.push(frame), reject: () => undefined, closed: () => undefined });
    await transport.send(statelessRequest(1, 'tools/list'));
    expect(frames).toEqual(['not json', result(1, {})]);
  });

  it('decodes UTF-8 split across chunks, and events split anywhere', async () => {
    let writer: SseWriter | undefined;
    const { transport, sink } = await open((call) => {
      writer = new SseWriter(call.signal);
      return writer.response;
    });
    const pending = transport.send(statelessRequest(1, 'tools/call', { name: 'x' }));
    await waitFor(() => writer !== undefined);
    const bytes = new TextEncoder().encode(event(result(1, { content: [{ type: 'text', text: 'crème brûlée 😀' }] })));
    for (let i = 0; i < bytes.length; i += 3) writer?.writeBytes(bytes.slice(i, i + 3));
    await pending;
    expect(sink.frames).toEqual([result(1, { content: [{ type: 'text', text: 'crème brûlée 😀' }] })]);
  });

  it('delivers -32021 with its data too', async () => {
    const missing = rpcError(1, -32021, 'Missing required client capability', { requiredCapabilities: { sampling: {} } });
    const { transport, sink } = await open(() => json(missing, 400));
    await transport.send(statelessRequest(1, 'tools/call', { name: 'needs-sampling' }));
    expect(sink.frames).toEqual([missing]);
  });

  it('on HeaderMismatch for a tool it never listed, lists the tools itself and retries once with the headers', async () => {
    const { http, transport, sink } = await open((call) => {
      if (call.body?.method === 'tools/list') return json(result(idOf(call), TOOLS));
      if (call.headers['mcp-param-region'] === undefined)
        return json(rpcError(idOf(call), -32020, 'Header mismatch: Mcp-Param-Region is missing'), 400);
      return json(result(idOf(call), { content: [{ type: 'text', text: 'ok' }] }));
    });
    await transport.send(
      statelessRequest(7, 'tools/call', { name: 'execute_sql', arguments: { region: 'us-west1', query: 'SELECT 1' } }),
    );
    expect(http.calls.map((c) => [c.body?.method, c.headers['mcp-param-region']])).toEqual([
      ['tools/call', undefined],
      ['tools/list', undefined],
      ['tools/call', 'us-west1'],
    ]);
    expect(http.calls[1]?.body?.params?.['_meta']).toEqual(http.calls[0]?.body?.params?.['_meta']);
    expect(http.calls[1]?.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(sink.frames).toEqual([result(7, { content: [{ type: 'text', text: 'ok' }] })]); // the internal listing is not delivered
  });

  it('delivers HeaderMismatch when listing the tools changes nothing (no retry loop)', async () => {
    const mismatch = rpcError(3, -32020, 'Header mismatch');
    const { http, transport, sink } = await open((call) =>
      call.body?.method === 'tools/list' ? json(result(idOf(call), TOOLS)) : json(mismatch, 400),
    );
    await transport.send(statelessRequest(3, 'tools/call', { name: 'plain', arguments: {} }));
    expect(http.calls.map((c) => c.body?.method)).toEqual(['tools/call', 'tools/list']);
    expect(sink.frames).toEqual([mismatch]);
  });

  it('mirrors the values of the conformance scenario http-custom-headers the way its checker reads them', async () => {
    const annotated = (type: string, header: string): Record<string, unknown> => ({ type, 'x-mcp-header': header });
    const tool = {
      name: 'test_custom_headers',
      inputSchema: {
        type: 'object',
        properties: {
          region: annotated('string', 'Region'),
          priority: annotated('number', 'Priority'),
          verbose: annotated('boolean', 'Verbose'),
          debug: annotated('boolean', 'Debug'),
          empty_val: annotated('string', 'EmptyVal'),
          method_val: annotated('string', 'Method'),
          float_val: annotated('number', 'FloatVal'),
          non_ascii_val: annotated('string', 'NonAscii'),
          whitespace_val: annotated('string', 'Whitespace'),
          internal_space_val: annotated('string', 'InternalSpace'),
          crlf_val: annotated('string', 'CrLf'),
          tab_val: annotated('string', 'Tab'),
          query: { type: 'string' },
        },
      },
    };
    const { http, transport, sink } = await open((call) =>
      json(result(idOf(call), call.body?.method === 'tools/list' ? { tools: [tool] } : { content: [] })),
    );
    await transport.send(statelessRequest(1, 'tools/list'));
    // `number` is not allowed by the spec: the tool is left out of the list, but its headers are still mirrored.
    expect((sink.frames[0] as { result: { tools: unknown[] } }).result.tools).toEqual([]);
    const args = {
      region: 'us-west1',
      priority: 42,
      verbose: false,
      debug: true,
      empty_val: '',
      method_val: 'test-method',
      float_val: 3.14159,
      non_ascii_val: 'Hello, 世界',
      whitespace_val: ' padded ',
      internal_space_val: 'us west 1',
      crlf_val: 'line1\r\nline2',
      tab_val: '\tindented',
      query: 'SELECT * FROM users',
    };
    await transport.send(statelessRequest(2, 'tools/call', { name: 'test_custom_headers', arguments: args }));
    const headers = http.calls[1]?.headers ?? {};
    const decode = (v: string | undefined): string | undefined =>
      v?.startsWith('=?base64?') === true ? Buffer.from(v.slice(9, -2), 'base64').toString('utf8') : v;
    expect(headers['mcp-param-region']).toBe('us-west1');
    expect(headers['mcp-param-priority']).toBe('42');
    expect(headers['mcp-param-verbose']).toBe('false');
    expect(headers['mcp-param-debug']).toBe('true');
    expect(decode(headers['mcp-param-emptyval'])).toBe('');
    expect(headers['mcp-param-method']).toBe('test-method');
    expect(headers['mcp-method']).toBe('tools/call');
    expect(headers['mcp-param-floatval']).toBe('3.14159');
    expect(headers['mcp-param-nonascii']).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(headers['mcp-param-whitespace']).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(headers['mcp-param-internalspace']).toBe('us west 1');
    expect(decode(headers['mcp-param-crlf'])).toBe('line1\r\nline2');
    expect(decode(headers['mcp-param-tab'])).toBe('\tindented');
    expect(headers['mcp-param-query']).toBeUndefined();
  });

  it('leaves out exactly the invalid tools of the conformance scenario http-invalid-tool-headers', async () => {
    const tool = (name: string, properties: Record<string, unknown>): Record<string, unknown> => ({
      name,
      inputSchema: { type: 'object', properties },
    });
    const s = (header: unknown, type = 'string'): Record<string, unknown> => ({ type, 'x-mcp-header': header });
    const tools = [
      tool('valid_tool', { region: s('Region') }),
      tool('invalid_empty_header', { value: s('') }),
      tool('invalid_object_header', { data: s('Data', 'object') }),
      tool('invalid_array_header', { items: { ...s('Items', 'array'), items: { type: 'string' } } }),
      tool('invalid_null_header', { nil: s('Nil', 'null') }),
      tool('invalid_duplicate_same_case', { field1: s('Region'), field2: s('Region') }),
      tool('invalid_duplicate_diff_case', { field1: s('MyField'), field2: s('myfield') }),
      tool('invalid_space_in_name', { value: s('My Region') }),
      tool('invalid_colon_in_name', { value: s('Region:Primary') }),
      tool('invalid_non_ascii_name', { value: s('Région') }),
      tool('invalid_control_char_name', { value: s('Region\t1') }),
    ];
    const { transport, sink, warnings } = await open((call) => json(result(idOf(call), { tools })));
    await transport.send(statelessRequest(1, 'tools/list'));
    expect((sink.frames[0] as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toEqual(['valid_tool']);
    expect(warnings).toHaveLength(10);
  });
});
