// The host side of the MCP Apps bridge over a fake port: initialization,
// delivery of the tool's input and result, the app's requests under the
// host's decisions, and hostile app messages.
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../jsonrpc/index.js';
import type { CallToolResult, Tool } from '../../protocol/index.js';
import { AppBridge } from './appBridge.js';
import type { AppBridgeOptions, AppDecisions, AppPort } from './appPort.js';

type Msg = Record<string, unknown>;

class FakePort implements AppPort {
  readonly sent: Msg[] = [];
  #listener: ((m: unknown) => void) | undefined;
  post(message: unknown): void {
    this.sent.push(message as Msg);
  }
  onMessage(listener: (m: unknown) => void): () => void {
    this.#listener = listener;
    return () => (this.#listener = undefined);
  }
  /** The app sends, without waiting for an answer. */
  deliver(message: unknown): void {
    this.#listener?.(message);
  }
  /** The app sends; resolves with the host's answer to `id` (if any). */
  async app(message: unknown): Promise<Msg | undefined> {
    this.#listener?.(message);
    const id = typeof message === 'object' && message !== null ? (message as Msg)['id'] : undefined;
    for (let i = 0; i < 50; i++) {
      const answer = this.sent.find((m) => m['id'] === id && m['method'] === undefined);
      if (answer !== undefined || id === undefined) return answer;
      await new Promise((r) => setTimeout(r, 0));
    }
    return undefined;
  }
  get listening(): boolean {
    return this.#listener !== undefined;
  }
}

const SHOW: Tool = { name: 'show', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://t/app.html' } } };
const APP_ONLY: Tool = { name: 'refresh', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } };
const MODEL_ONLY: Tool = { name: 'delete_all', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } };
const RESULT: CallToolResult = { content: [{ type: 'text', text: 'done' }] };

function setup(decisions: AppDecisions = {}, extra: Partial<AppBridgeOptions> = {}) {
  const port = new FakePort();
  const calls: unknown[] = [];
  const traffic: string[] = [];
  const bridge = new AppBridge({
    port,
    tool: SHOW,
    tools: [SHOW, APP_ONLY, MODEL_ONLY],
    hostInfo: { name: 'test-host', version: '1.0.0' },
    server: {
      callTool: (params) => {
        calls.push(params);
        if (params.name === 'show' && params.arguments?.['fail'] === true)
          return Promise.reject(new RpcError(-32602, 'bad args'));
        return Promise.resolve(RESULT);
      },
      readResource: ({ uri }) => Promise.resolve({ contents: [{ uri, text: 'hello' }] }),
    },
    decisions,
    onTraffic: (direction, m) =>
      traffic.push(
        `${direction} ${typeof m === 'object' && m !== null ? JSON.stringify((m as Msg)['method'] ?? 'reply') : 'junk'}`,
      ),
    ...extra,
  });
  return { port, bridge, calls, traffic };
}

let nextId = 1;
const req = (method: string, params: unknown = {}): Msg => ({ jsonrpc: '2.0', id: nextId++, method, params });
const note = (method: string, params: unknown = {}): Msg => ({ jsonrpc: '2.0', method, params });

async function ready(decisions: AppDecisions = {}, extra: Partial<AppBridgeOptions> = {}) {
  const s = setup(decisions, extra);
  const init = await s.port.app(
    req('ui/initialize', { appInfo: { name: 'a', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' }),
  );
  await s.port.app(note('ui/notifications/initialized'));
  return { ...s, init };
}

describe('AppBridge: initialization and delivery', () => {
  it('answers ui/initialize with the host, its capabilities and context, then delivers input and result', async () => {
    const s = setup({ openLink: () => true, message: () => true, approveToolCall: () => true });
    s.bridge.toolInput({ city: 'Oslo' });
    s.bridge.toolResult(RESULT);
    expect(s.port.sent).toEqual([]); // queued until the app is ready
    const init = await s.port.app(
      req('ui/initialize', { appInfo: { name: 'a', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' }),
    );
    expect(init?.['result']).toMatchObject({
      protocolVersion: '2026-01-26',
      hostInfo: { name: 'test-host' },
      hostCapabilities: { serverTools: {}, serverResources: {}, openLinks: {}, message: { text: {} } },
      hostContext: { displayMode: 'inline', toolInfo: { tool: SHOW } },
    });
    await s.port.app(note('ui/notifications/initialized'));
    await s.bridge.ready;
    expect(s.port.sent.slice(1)).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { city: 'Oslo' } } },
      { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: RESULT },
    ]);
    expect(s.traffic).toContain('app→host "ui/initialize"');
    expect(s.traffic).toContain('host→app "ui/notifications/tool-result"');
  });

  it('offers no open-link or message capability without a decision for it', async () => {
    const { init } = await ready();
    const caps = (init?.['result'] as Msg)['hostCapabilities'] as Msg;
    expect(caps['openLinks']).toBeUndefined();
    expect(caps['message']).toBeUndefined();
  });

  it('refuses a second ui/initialize and requests before it', async () => {
    const s = setup();
    expect((await s.port.app(req('tools/call', { name: 'refresh' })))?.['error']).toMatchObject({ code: -32600 });
    expect(s.calls).toEqual([]);
    await s.port.app(req('ui/initialize'));
    expect((await s.port.app(req('ui/initialize')))?.['error']).toMatchObject({ code: -32600 });
  });

  it('sends cancellation, context changes, and tears the app down', async () => {
    const s = await ready();
    s.bridge.toolCancelled('user action');
    s.bridge.setHostContext({ theme: 'dark' });
    expect(s.port.sent.slice(-2)).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/tool-cancelled', params: { reason: 'user action' } },
      { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark' } },
    ]);
    const done = s.bridge.teardown(60_000);
    const teardown = s.port.sent.at(-1) as Msg;
    expect(teardown['method']).toBe('ui/resource-teardown');
    await s.port.app({ jsonrpc: '2.0', id: teardown['id'], result: {} });
    await done;
    expect(s.bridge.state).toBe('closed');
    expect(s.port.listening).toBe(false);
  });

  it('tears down without waiting forever for an app that never answers', async () => {
    const s = await ready();
    await s.bridge.teardown(10);
    expect(s.bridge.state).toBe('closed');
  });
});

describe('AppBridge: the app calls the server through the host', () => {
  it('runs tools visible to apps, under the host policy', async () => {
    const asked: string[] = [];
    const s = await ready({ approveToolCall: (name) => (asked.push(name), true) });
    expect((await s.port.app(req('tools/call', { name: 'refresh', arguments: { n: 1 } })))?.['result']).toEqual(RESULT);
    expect((await s.port.app(req('tools/call', { name: 'show' })))?.['result']).toEqual(RESULT);
    expect(s.calls).toEqual([
      { name: 'refresh', arguments: { n: 1 } },
      { name: 'show', arguments: {} },
    ]);
    expect(asked).toEqual(['refresh', 'show']);
  });

  it('returns a tool error when the policy declines, without calling the server', async () => {
    const s = await ready({ approveToolCall: () => false });
    expect((await s.port.app(req('tools/call', { name: 'refresh' })))?.['result']).toMatchObject({ isError: true });
    expect(s.calls).toEqual([]);
  });

  it('refuses tools hidden from apps and unknown tools alike, without asking anyone', async () => {
    const asked: string[] = [];
    const s = await ready({ approveToolCall: (name) => (asked.push(name), true) });
    for (const name of ['delete_all', 'no_such_tool']) {
      const answer = await s.port.app(req('tools/call', { name }));
      expect(answer?.['error']).toEqual({ code: -32602, message: `Tool ${name} is not available to apps` });
    }
    for (const params of [{}, { name: 7 }, { name: 'refresh', arguments: [1] }]) {
      expect((await s.port.app(req('tools/call', params)))?.['error']).toMatchObject({ code: -32602 });
    }
    expect(s.calls).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('refuses every tool call when the host gives no decision, with an error the app sees', async () => {
    const s = await ready({});
    const answer = await s.port.app(req('tools/call', { name: 'refresh' }));
    expect(answer?.['error']).toEqual({ code: -32600, message: 'This host lets apps call no tools' });
    expect(s.calls).toEqual([]);
  });

  it("passes the server's JSON-RPC errors on with their code", async () => {
    const s = await ready({ approveToolCall: () => true });
    expect((await s.port.app(req('tools/call', { name: 'show', arguments: { fail: true } })))?.['error']).toEqual({
      code: -32602,
      message: 'bad args',
    });
  });

  it('reads resources under the host policy', async () => {
    const s = await ready({ approveResourceRead: (uri) => uri.startsWith('ui://') });
    expect((await s.port.app(req('resources/read', { uri: 'ui://t/data' })))?.['result']).toEqual({
      contents: [{ uri: 'ui://t/data', text: 'hello' }],
    });
    expect((await s.port.app(req('resources/read', { uri: 'file:///etc/passwd' })))?.['error']).toMatchObject({ code: -32600 });
  });
});

describe('AppBridge: requests the embedding application decides', () => {
  it('opens only safe links, and only when the application agrees', async () => {
    const opened: string[] = [];
    const s = await ready({ openLink: (url) => (opened.push(url.href), url.hostname !== 'declined.example') });
    expect((await s.port.app(req('ui/open-link', { url: 'https://modelcontextprotocol.io/' })))?.['result']).toEqual({});
    expect((await s.port.app(req('ui/open-link', { url: 'https://declined.example/' })))?.['result']).toEqual({ isError: true });
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,hi',
      'http://evil.example/',
      'https://a@evil.example/',
      'not a url',
    ]) {
      expect((await s.port.app(req('ui/open-link', { url })))?.['error'], url).toMatchObject({ code: -32602 });
    }
    expect(opened).toEqual(['https://modelcontextprotocol.io/', 'https://declined.example/']);
  });

  it('refuses links and messages when the application decides nothing', async () => {
    const s = await ready();
    expect((await s.port.app(req('ui/open-link', { url: 'https://example.com/' })))?.['result']).toEqual({ isError: true });
    expect((await s.port.app(req('ui/message', { role: 'user', content: [{ type: 'text', text: 'hi' }] })))?.['result']).toEqual({
      isError: true,
    });
  });

  it('hands messages, display modes, model context, sizes, logs and teardown requests over', async () => {
    const seen: unknown[] = [];
    const s = await ready({
      message: (m) => (seen.push(m), true),
      displayMode: (mode) => (mode === 'pip' ? 'inline' : mode),
      modelContext: (c) => (seen.push(c), true),
      sizeChanged: (size) => seen.push(size),
      log: (entry) => seen.push(entry),
      requestTeardown: () => seen.push('teardown'),
    });
    expect((await s.port.app(req('ui/message', { role: 'user', content: [{ type: 'text', text: 'hi' }] })))?.['result']).toEqual(
      {},
    );
    expect((await s.port.app(req('ui/message', { role: 'assistant', content: [] })))?.['error']).toMatchObject({ code: -32602 });
    expect((await s.port.app(req('ui/message', { role: 'user', content: 'hi' })))?.['error']).toMatchObject({ code: -32602 });
    expect((await s.port.app(req('ui/request-display-mode', { mode: 'fullscreen' })))?.['result']).toEqual({
      mode: 'fullscreen',
    });
    expect((await s.port.app(req('ui/request-display-mode', { mode: 'pip' })))?.['result']).toEqual({ mode: 'inline' });
    expect((await s.port.app(req('ui/request-display-mode', { mode: 'kiosk' })))?.['error']).toMatchObject({ code: -32602 });
    expect((await s.port.app(req('ui/update-model-context', { structuredContent: { a: 1 } })))?.['result']).toEqual({});
    await s.port.app(note('ui/notifications/size-changed', { width: 300.2, height: 120 }));
    await s.port.app(note('ui/notifications/size-changed', { width: -1, height: Number.POSITIVE_INFINITY }));
    await s.port.app(note('notifications/message', { level: 'info', data: 'x' }));
    await s.port.app(note('ui/notifications/request-teardown'));
    expect(seen).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { structuredContent: { a: 1 } },
      { width: 301, height: 120 },
      { level: 'info', data: 'x' },
      'teardown',
    ]);
  });
});

describe('AppBridge: hostile messages', () => {
  it('answers unknown methods and unsupported ones with -32601', async () => {
    const s = await ready();
    for (const method of [
      'eval',
      'ui/download-file',
      'sampling/createMessage',
      'ui/update-model-context',
      '__proto__',
      'constructor',
    ]) {
      expect((await s.port.app(req(method)))?.['error'], method).toMatchObject({ code: -32601 });
    }
  });

  it('refuses oversized messages before reading them', async () => {
    const s = await ready({}, { maxMessageBytes: 1000 });
    const answer = await s.port.app(req('tools/call', { name: 'refresh', arguments: { blob: 'x'.repeat(5000) } }));
    expect(answer?.['error']).toMatchObject({ code: -32600 });
    expect(s.calls).toEqual([]);
  });

  it('answers malformed messages with -32600 and keeps working', async () => {
    const s = await ready({ approveToolCall: () => true });
    const cyclic: Msg = { jsonrpc: '2.0', id: 'c', method: 'ping' };
    cyclic['self'] = cyclic;
    for (const bad of [
      null,
      'text',
      42,
      [1, 2],
      { id: 1, method: 'ping' },
      { jsonrpc: '1.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', id: 3, method: 5 },
      cyclic,
    ]) {
      s.port.sent.length = 0;
      await s.port.app(bad);
      expect(s.port.sent[0]?.['error'], JSON.stringify(bad === cyclic ? 'cyclic' : bad)).toMatchObject({ code: -32600 });
    }
    expect((await s.port.app(req('tools/call', { name: 'refresh', arguments: {} })))?.['result']).toEqual(RESULT);
    expect((await s.port.app({ jsonrpc: '2.0', id: 'p', method: 'ping', params: [1] }))?.['error']).toMatchObject({
      code: -32602,
    });
  });

  it('refuses more requests at once than it allows', async () => {
    const port = new FakePort();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    new AppBridge({
      port,
      tool: SHOW,
      tools: [APP_ONLY],
      hostInfo: { name: 'h', version: '1' },
      maxPending: 2,
      decisions: { approveToolCall: () => true },
      server: { callTool: async () => (await gate, RESULT), readResource: () => Promise.reject(new Error('no')) },
    });
    await port.app(req('ui/initialize'));
    await port.app(note('ui/notifications/initialized'));
    for (const id of [1001, 1002, 1003]) port.deliver({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'refresh' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(port.sent.find((m) => m['id'] === 1003)?.['error']).toMatchObject({ code: -32600 });
    expect(port.sent.find((m) => m['id'] === 1001)).toBeUndefined();
    release();
  });

  it('ignores everything once closed', async () => {
    const s = await ready();
    s.bridge.close();
    s.port.sent.length = 0;
    s.bridge.toolResult(RESULT);
    expect(s.port.sent).toEqual([]);
  });
});
