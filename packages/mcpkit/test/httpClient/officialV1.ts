/**
 * Servers built from the official v1 SDK (`@modelcontextprotocol/sdk` 1.x),
 * mounted on `node:http` on an ephemeral 127.0.0.1 port, for interop tests.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { listen, readBody, type Listening } from './nodeServer.js';

/** The official server's tools. */
export function officialServer(): McpServer {
  const server = new McpServer({ name: 'official-v1', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text }) => ({ content: [{ type: 'text', text }] }));
  server.registerTool('steps', { inputSchema: { count: z.number() } }, async ({ count }, extra) => {
    for (let i = 1; i <= count; i++) {
      await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `step ${String(i)}` } });
    }
    return { content: [{ type: 'text', text: `did ${String(count)} steps` }] };
  });
  server.registerTool('ask', {}, async (extra) => {
    const answer = await extra.sendRequest(
      {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 5 },
      },
      CreateMessageResultSchema,
    );
    return { content: [{ type: 'text', text: `model said: ${answer.content.type === 'text' ? answer.content.text : '?'}` }] };
  });
  server.registerTool('cut', {}, async (extra) => {
    // Drop the response stream mid-request; the client must resume it with GET + Last-Event-ID.
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'before the cut' } });
    extra.closeSSEStream?.();
    await new Promise((r) => setTimeout(r, 150));
    return { content: [{ type: 'text', text: 'after the cut' }] };
  });
  server.registerTool('announce', {}, () => {
    setTimeout(() => {
      void server.server.sendLoggingMessage({ level: 'info', data: 'unrelated news' });
    }, 20);
    return { content: [{ type: 'text', text: 'will announce' }] };
  });
  return server;
}

/** The official stateful Streamable HTTP setup: one transport per session, an event store for resumability. */
/** What the server saw: HTTP method, JSON-RPC method, and the headers that matter. */
export interface Seen {
  readonly http: string;
  readonly rpc: string | undefined;
  readonly session: string | undefined;
  readonly lastEventId: string | undefined;
  readonly version: string | undefined;
}

export async function streamableServer(): Promise<
  Listening & { sessions: Map<string, StreamableHTTPServerTransport>; deleted: string[]; seen: Seen[] }
> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const deleted: string[] = [];
  const seen: Seen[] = [];
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const id = req.headers['mcp-session-id'];
    const raw = req.method === 'POST' ? (await readBody(req)).toString('utf8') : '';
    const body = raw === '' ? undefined : (JSON.parse(raw) as { method?: string });
    const header = (name: string): string | undefined => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    seen.push({
      http: req.method ?? '',
      rpc: body?.method,
      session: header('mcp-session-id'),
      lastEventId: header('last-event-id'),
      version: header('mcp-protocol-version'),
    });
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (typeof id === 'string') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: new InMemoryEventStore(),
        retryInterval: 50,
        onsessioninitialized: (sid) => {
          sessions.set(sid, created);
        },
        onsessionclosed: (sid) => {
          deleted.push(sid);
          sessions.delete(sid);
        },
      });
      await officialServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  };
  const server = await listen((req, res) => {
    void handler(req, res);
  });
  return { ...server, sessions, deleted, seen };
}

/** The official HTTP+SSE setup: `GET /sse` opens an `SSEServerTransport` naming `/messages`; anything else is an HTML 404. */
export async function legacyServer(): Promise<Listening> {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the HTTP+SSE transport is what this test is about
  const transports = new Map<string, SSEServerTransport>();
  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/sse') {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the HTTP+SSE transport is what this test is about
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      void officialServer().connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const transport = transports.get(url.searchParams.get('sessionId') ?? '');
      if (transport === undefined) res.writeHead(404).end('No session');
      else void transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end(`<pre>Cannot ${req.method ?? ''} ${url.pathname}</pre>`);
  });
  return server;
}
