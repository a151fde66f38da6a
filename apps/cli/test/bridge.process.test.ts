// `mcpkit bridge` as a real process: mcpkit's own client as the host in both
// directions and eras, a dead upstream, stdin closing, HTTP+SSE, the
// translation for a stateless-only server, malformed input, a server process
// that dies, cleanup of server processes, and usage errors.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import {
  Client as SdkClient,
  ClientCredentialsProvider,
  StreamableHTTPClientTransport as SdkHttpTransport,
} from '@modelcontextprotocol/client';
import { McpClient } from 'mcpkit/client';
import { nodeHttpTransport, serveHttp, NodeSseClientTransport, type HttpServerHandle } from 'mcpkit/node';
import { McpServer } from 'mcpkit/server';
import { StdioClientTransport } from 'mcpkit/stdio';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startAuthServer } from '../../../test/support/authProcess.js';
import { startHttpBridge } from '../../../test/support/bridgeProcess.js';
import { FORM_ANSWER } from '../../../test/support/clientHandlers.js';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import {
  assertCliBuilt,
  cliPeer,
  startHttpServer,
  type HttpServerProcess,
  type LinePeer,
} from '../../../test/support/process.js';

const INITIALIZE = {
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'bridge-test', version: '1.0.0' },
  },
};

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});
beforeAll(() => {
  assertCliBuilt();
});

function peer(...args: string[]): LinePeer {
  const p = cliPeer(args);
  cleanup.push(() => {
    p.kill();
  });
  return p;
}

async function everythingOnHttp(): Promise<HttpServerProcess> {
  const server = await startHttpServer();
  cleanup.push(() => server.stop());
  return server;
}

function client(era: 'handshake' | 'stateless'): McpClient {
  const c = new McpClient({
    name: 'bridge-test',
    version: '1.0.0',
    era,
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { ...FORM_ANSWER } }) } },
  });
  cleanup.push(() => c.close());
  return c;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes `pid` started. */
function childrenOf(pid: number): number[] {
  return spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
}

describe('mcpkit bridge URL (process)', () => {
  for (const era of ['handshake', 'stateless'] as const) {
    it(`serves the URL on stdio to mcpkit's client (${era})`, async () => {
      const server = await everythingOnHttp();
      const c = client(era);
      await c.connect(
        new StdioClientTransport({ command: process.execPath, args: [CLI_ENTRY, 'bridge', server.url.href], stderr: 'pipe' }),
      );
      expect(c.era).toBe(era);
      const progress: number[] = [];
      const result = await c.callTool(
        { name: 'long_running_operation', arguments: { duration: 0.05, steps: 2 } },
        { onProgress: (p) => progress.push(p.progress) },
      );
      expect(result).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('completed') as string }] });
      expect(progress.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(await c.callTool({ name: 'elicit_form' }))).toContain('Grace Hopper');
    });
  }

  it('answers every request with a JSON-RPC error when the server is unreachable, and keeps answering', async () => {
    const port = await closedPort();
    const p = peer('bridge', `http://127.0.0.1:${String(port)}/mcp`);
    const init = await p.request(INITIALIZE);
    expect(init).toMatchObject({
      id: 1,
      error: { code: -32000, message: expect.stringContaining('did not answer initialize') as string },
    });
    const list = await p.request({ id: 2, method: 'tools/list' });
    expect(list).toMatchObject({ id: 2, error: { code: -32000 } });
    expect(p.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('exits when stdin closes, with nothing but the protocol on stdout', async () => {
    const server = await everythingOnHttp();
    const p = peer('bridge', server.url.href);
    expect(await p.request(INITIALIZE)).toMatchObject({ id: 1, result: { serverInfo: { name: 'mcpkit-everything' } } });
    p.child.stdin.end();
    const exit = await Promise.race([p.exited, new Promise((resolve) => setTimeout(resolve, 10_000, 'still running'))]);
    expect(exit).toEqual({ code: 0, signal: null });
    for (const line of p.stdout.trim().split('\n')) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });

  it('answers malformed input with JSON-RPC errors and goes on', async () => {
    const server = await everythingOnHttp();
    const p = peer('bridge', server.url.href);
    p.child.stdin.write('this is not json\n');
    expect(await p.next()).toMatchObject({ id: null, error: { code: -32700 } });
    p.send({ jsonrpc: '2.0', id: 7, method: 3 });
    expect(await p.next()).toMatchObject({ error: { code: -32600 } });
    expect(await p.request(INITIALIZE)).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
  });

  it('falls back to HTTP+SSE for a 2024-11-05 endpoint', async () => {
    const server = await everythingOnHttp();
    const c = client('handshake');
    const sse = new URL('/sse', server.url).href;
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_ENTRY, 'bridge', sse], stderr: 'pipe' }));
    expect(await c.callTool({ name: 'echo', arguments: { message: 'over sse' } })).toMatchObject({
      content: [{ type: 'text', text: 'over sse' }],
    });
  });

  it('connects again over HTTP+SSE when the server comes back, replaying the handshake', async () => {
    const port = await closedPort();
    const serve = (): LinePeer => peer('serve', 'everything', '--http', String(port));
    let server = serve();
    await server.stderrContains('(Ctrl-C to stop)', 15_000);
    const c = client('handshake');
    const sse = `http://127.0.0.1:${String(port)}/sse`;
    let stderr = '';
    const bridge = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_ENTRY, 'bridge', sse],
      stderr: 'pipe',
      onStderr: (text) => (stderr += text),
    });
    await c.connect(bridge);
    expect(await c.callTool({ name: 'echo', arguments: { message: 'before' } })).toMatchObject({ content: [{ text: 'before' }] });
    server.child.kill('SIGTERM');
    await server.exited;
    server = serve();
    await server.stderrContains('(Ctrl-C to stop)', 15_000);
    const after = await c.callTool({ name: 'echo', arguments: { message: 'after' } }, { timeoutMs: 20_000 });
    expect(after).toMatchObject({ content: [{ text: 'after' }] });
    expect(stderr).toContain('starting it again');
  });

  it('translates for a handshake-era host when the server speaks only 2026-07-28', async () => {
    const server = new McpServer({ name: 'stateless-only', version: '1.0.0', revisions: ['2026-07-28'] });
    server.tool({ name: 'ask', input: z.object({}) }, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      });
      await ctx.progress(1, 1);
      return `hello ${String(answer.content?.['name'])}`;
    });
    const handle: HttpServerHandle = await serveHttp(server, { port: 0 });
    cleanup.push(() => handle.close());
    const p = peer('bridge', handle.url);
    const init = await p.request(INITIALIZE);
    expect(init).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25', serverInfo: { name: 'stateless-only' } } });
    p.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    p.onRequest = (method, params) => {
      expect(method).toBe('elicitation/create');
      expect(params).toMatchObject({ message: 'Name?' });
      return { action: 'accept', content: { name: 'Ada' } };
    };
    const seen: unknown[] = [];
    const call = await p.request(
      { id: 2, method: 'tools/call', params: { name: 'ask', arguments: {}, _meta: { progressToken: 'p' } } },
      seen,
    );
    expect(call).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'hello Ada' }] } });
    expect(seen).toContainEqual(expect.objectContaining({ method: 'notifications/progress' }));
    expect(await p.request({ id: 3, method: 'ping' })).toMatchObject({ id: 3, result: {} });
  });
});

describe('mcpkit bridge --http (process)', () => {
  for (const era of ['handshake', 'stateless'] as const) {
    it(`serves the stdio server on Streamable HTTP to mcpkit's client (${era})`, async () => {
      const bridge = await startHttpBridge();
      cleanup.push(() => bridge.stop());
      const c = client(era);
      await c.connect(nodeHttpTransport(bridge.url));
      expect(c.era).toBe(era);
      expect(await c.callTool({ name: 'echo', arguments: { message: 'hi' } })).toMatchObject({
        content: [{ type: 'text', text: 'hi' }],
      });
      expect(JSON.stringify(await c.callTool({ name: 'elicit_form' }))).toContain('Grace Hopper');
    });
  }

  it('serves HTTP+SSE too', async () => {
    const bridge = await startHttpBridge();
    cleanup.push(() => bridge.stop());
    const c = client('handshake');
    await c.connect(new NodeSseClientTransport({ url: new URL('/sse', bridge.url) }));
    expect(await c.callTool({ name: 'echo', arguments: { message: 'sse' } })).toMatchObject({
      content: [{ type: 'text', text: 'sse' }],
    });
  });

  it('asks for a token with --auth-server, as serve --http does, and serves a client that has one', async () => {
    // The development authorization server prints its issuer on stdout (not JSON-RPC: not a LinePeer).
    const { issuer, stop } = await startAuthServer(['--client-id', 'machine', '--client-secret', 'machine-secret']);
    cleanup.push(stop);
    const p = peer('bridge', '--http', '0', '--auth-server', issuer, '--', process.execPath, CLI_ENTRY, 'serve', 'everything');
    await p.stderrContains('(Ctrl-C to stop)', 15_000);
    const url = new URL(/ on (http:\/\/\S+)/.exec(p.stderr)?.[1] ?? '');
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', ...INITIALIZE }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('/.well-known/oauth-protected-resource/mcp');
    expect(childrenOf(p.child.pid ?? 0)).toEqual([]); // nothing was started for the refused request
    const provider = new ClientCredentialsProvider({
      clientId: 'machine',
      clientSecret: 'machine-secret',
      expectedIssuer: issuer,
    });
    const sdk = new SdkClient({ name: 'bridge-test', version: '1.0.0' });
    cleanup.push(() => sdk.close());
    await sdk.connect(new SdkHttpTransport(url, { authProvider: provider }));
    expect(await sdk.callTool({ name: 'echo', arguments: { message: 'authorized' } })).toMatchObject({
      content: [{ type: 'text', text: 'authorized' }],
    });
  });

  it('reports a server process that dies as a JSON-RPC error', async () => {
    const p = peer('bridge', '--http', '0', '--', process.execPath, '-e', 'process.exit(3)');
    await p.stderrContains('(Ctrl-C to stop)', 15_000);
    const url = / on (http:\/\/\S+)/.exec(p.stderr)?.[1] ?? '';
    const c = client('handshake');
    await expect(c.connect(nodeHttpTransport(url))).rejects.toThrow(/stopped: .*(exited|code 3)/);
  });

  it('starts the session process again when it dies, and the session goes on', async () => {
    const bridge = await startHttpBridge();
    cleanup.push(() => bridge.stop());
    const c = client('handshake');
    await c.connect(nodeHttpTransport(bridge.url));
    expect(await c.callTool({ name: 'echo', arguments: { message: 'one' } })).toMatchObject({ content: [{ text: 'one' }] });
    const [pid] = childrenOf(bridge.peer.child.pid ?? 0);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid ?? 0, 'SIGKILL');
    await bridge.peer.stderrContains('starting it again', 10_000);
    // The same session goes on, on a new process that was given the session's initialize again.
    expect(await c.callTool({ name: 'echo', arguments: { message: 'two' } })).toMatchObject({ content: [{ text: 'two' }] });
    expect(await c.callTool({ name: 'long_running_operation', arguments: { duration: 0.02, steps: 1 } })).toMatchObject({
      content: [{ text: expect.stringContaining('completed') as string }],
    });
    expect(childrenOf(bridge.peer.child.pid ?? 0)).not.toContain(pid);
  });

  it('stops its server processes when it stops', async () => {
    const bridge = await startHttpBridge();
    const c = client('handshake');
    await c.connect(nodeHttpTransport(bridge.url));
    const children = childrenOf(bridge.peer.child.pid ?? 0);
    expect(children.length).toBeGreaterThanOrEqual(1);
    // A second session has a process of its own; ending it (DELETE) stops that process.
    const other = client('handshake');
    await other.connect(nodeHttpTransport(bridge.url));
    const [second] = childrenOf(bridge.peer.child.pid ?? 0).filter((pid) => !children.includes(pid));
    expect(second).toBeGreaterThan(0);
    await other.close();
    await waitUntil(() => !alive(second ?? 0), 'the second session process to stop');
    await c.close();
    expect(await bridge.stop()).toMatchObject({ code: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pid of children) expect(alive(pid)).toBe(false);
  });
});

describe('mcpkit bridge usage', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI_ENTRY, 'bridge', ...args], { encoding: 'utf8' });
  it.each([
    [[], 'needs the URL'],
    [['ftp://example.com'], 'http:// or https://'],
    [['--http', '0'], 'needs the command'],
    [['https://example.com/mcp', '--', 'node'], 'needs --http'],
    [['--http', 'x', '--', 'node'], 'port number'],
    [['--http', '0', '--header', 'A: b', '--', 'node'], '--header applies to a URL'],
    [['https://example.com/mcp', '--auth-server', 'https://as.example'], '--auth-server applies with --http'],
    [['--http', '0', '--resource', 'https://r.example', '--', 'node'], '--resource only applies with --auth-server'],
    [['--http', '0', '--auth-server', 'as.example', '--', 'node'], '--auth-server needs an http(s) URL'],
    [['https://example.com/mcp', '--header', 'no colon'], "--header needs 'Name: value'"],
  ])('refuses %j', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });
});
