/**
 * Interop with the official v2 SDK server (`@modelcontextprotocol/server`,
 * which serves 2026-07-28 and, statelessly, the 2025 handshake era from one
 * `createMcpHandler`) over real HTTP, driven by mcpkit's JSON-RPC engine
 * through the Streamable HTTP client transport.
 */
import {
  createMcpHandler,
  fromJsonSchema,
  McpServer,
  type JsonSchemaType,
  type McpHttpHandler,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../src/http/client/httpClient.js';
import type { StreamableHttpClientTransport } from '../../src/http/client/streamableHttpClientTransport.js';
import { Connection } from '../../src/jsonrpc/connection.js';
import type { JsonRpcNotification } from '../../src/jsonrpc/message.js';
import { RpcError } from '../../src/jsonrpc/rpcError.js';
import { mcpCancellation, mcpProgress } from '../../src/protocol/conventions.js';
import { waitFor } from '../helpers.js';
import { META_2026 } from './fakeHttp.js';
import { FACES, type Face } from './faces.js';
import { listen, webHandler } from './nodeServer.js';

const state = { aborted: 0 };

/** A tool whose parameters the server wants mirrored into headers (and checks). */
const SQL_SCHEMA: object = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    tenant: { type: 'integer', 'x-mcp-header': 'Tenant' },
    query: { type: 'string' },
  },
  required: ['region', 'query'],
};

function officialServer(): McpServer {
  const server = new McpServer({ name: 'official-v2', version: '2.0.0' });
  server.registerTool(
    'sql',
    {
      inputSchema: fromJsonSchema<{ region: string; query: string }>(SQL_SCHEMA as JsonSchemaType),
    },
    (args) => ({ content: [{ type: 'text', text: `ran "${args.query}" in ${args.region}` }] }),
  );
  server.registerTool(
    'count',
    { inputSchema: fromJsonSchema<{ to: number }>({ type: 'object', properties: { to: { type: 'integer' } } }) },
    async (args, ctx: ServerContext) => {
      const token = ctx.mcpReq._meta?.progressToken;
      for (let i = 1; i <= args.to; i++) {
        if (token !== undefined)
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: i, total: args.to },
          });
      }
      return { content: [{ type: 'text', text: `counted to ${String(args.to)}` }] };
    },
  );
  server.registerTool('wait', {}, async (ctx) => {
    await new Promise<void>((resolve) => {
      ctx.mcpReq.signal.addEventListener('abort', () => {
        state.aborted++;
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'never seen' }] };
  });
  return server;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `client`, recording what goes out: the method, and the Mcp-Param headers. */
function recording(client: HttpClient, sent: string[]): HttpClient {
  return {
    request: (request) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
      const mirrored = Object.keys(headers)
        .filter((k) => k.startsWith('mcp-param-'))
        .map((k) => `${k}=${headers[k] ?? ''}`);
      sent.push([`${request.method} ${headers['mcp-method'] ?? ''}`.trim(), ...mirrored].join(' '));
      return client.request(request);
    },
  };
}

async function setup(face: Face): Promise<{
  handler: McpHttpHandler;
  transport: StreamableHttpClientTransport;
  connection: Connection;
  notes: JsonRpcNotification[];
  warnings: string[];
  sent: string[];
}> {
  const handler = createMcpHandler(() => officialServer());
  const server = await listen(webHandler((request) => handler.fetch(request)));
  const warnings: string[] = [];
  const sent: string[] = [];
  const transport = new face.StreamableHttpClientTransport({
    url: `${server.origin}/mcp`,
    onWarning: (w) => warnings.push(w),
    httpClient: recording(face.client(), sent),
  });
  const notes: JsonRpcNotification[] = [];
  const connection = new Connection(transport, {
    cancellation: mcpCancellation,
    progress: mcpProgress,
    onNotification: (n) => notes.push(n),
    timeoutMs: 5000,
  });
  await connection.start();
  cleanups.push(
    () => server.close(),
    () => handler.close(),
    () => connection.close(),
  );
  return { handler, transport, connection, notes, warnings, sent };
}

const params = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ ...extra, _meta: META_2026 });
const text = (result: unknown): string => (result as { content: { text: string }[] }).content[0]?.text ?? '';

describe.each(FACES)('$name face', (face) => {
  describe('official v2 server, 2026-07-28', () => {
    it('discovers, lists tools, and calls a tool whose x-mcp-header parameters the server checks', async () => {
      const { transport, connection, sent } = await setup(face);
      const discovered = (await connection.request('server/discover', params())) as { supportedVersions: string[] };
      expect(discovered.supportedVersions).toContain('2026-07-28');
      const list = (await connection.request('tools/list', params())) as { tools: { name: string }[] };
      expect(list.tools.map((t) => t.name)).toEqual(['sql', 'count', 'wait']);
      const result = await connection.request(
        'tools/call',
        params({ name: 'sql', arguments: { region: 'Zürich', tenant: 42, query: 'SELECT 1' } }),
      );
      expect(text(result)).toBe('ran "SELECT 1" in Zürich');
      expect(sent).toEqual([
        'POST server/discover',
        'POST tools/list',
        'POST tools/call mcp-param-region==?base64?WsO8cmljaA==?= mcp-param-tenant=42',
      ]);
      expect(transport.sessionId).toBeUndefined();
    });

    it('recovers from HeaderMismatch on a tool it never listed: lists the tools itself, then retries once', async () => {
      const { connection, sent } = await setup(face);
      const result = await connection.request(
        'tools/call',
        params({ name: 'sql', arguments: { region: 'eu-west', query: 'SELECT 2' } }),
      );
      expect(text(result)).toBe('ran "SELECT 2" in eu-west');
      expect(sent).toEqual(['POST tools/call', 'POST tools/list', 'POST tools/call mcp-param-region=eu-west']);
    });

    it('delivers progress sent on the SSE response before the result', async () => {
      const { connection } = await setup(face);
      const progress: number[] = [];
      const result = await connection.request('tools/call', params({ name: 'count', arguments: { to: 3 } }), {
        onProgress: (p) => progress.push((p as { progress: number }).progress),
      });
      expect(text(result)).toBe('counted to 3');
      expect(progress).toEqual([1, 2, 3]);
    });

    it('hands the server JSON-RPC errors to the caller with their codes: -32601 (404) and -32022 (400)', async () => {
      const { connection } = await setup(face);
      const unknown = await connection.request('no/such/method', params()).catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(RpcError);
      expect((unknown as RpcError).code).toBe(-32601);
      const future = { ...META_2026, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
      const unsupported = await connection.request('tools/list', { _meta: future }).catch((e: unknown) => e);
      expect(unsupported).toBeInstanceOf(RpcError);
      expect((unsupported as RpcError).code).toBe(-32022);
      expect(((unsupported as RpcError).data as { supported: string[] }).supported).toContain('2026-07-28');
    });

    it('cancels by closing the response stream: the server handler sees its signal abort', async () => {
      const { connection } = await setup(face);
      const before = state.aborted;
      const controller = new AbortController();
      const call = connection.request('tools/call', params({ name: 'wait', arguments: {} }), { signal: controller.signal });
      setTimeout(() => {
        controller.abort();
      }, 50);
      await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
      await waitFor(() => state.aborted === before + 1, 3000, 'the server to see the cancellation');
    });

    it('keeps a subscriptions/listen stream open and receives list changes on it', async () => {
      const { handler, connection, notes } = await setup(face);
      const listen = connection.request('subscriptions/listen', params({ notifications: { toolsListChanged: true } }), {
        timeoutMs: Infinity,
      });
      listen.catch(() => undefined);
      await waitFor(
        () => notes.some((n) => n.method === 'notifications/subscriptions/acknowledged'),
        3000,
        'the acknowledgement',
      );
      handler.notify.toolsChanged();
      await waitFor(() => notes.some((n) => n.method === 'notifications/tools/list_changed'), 3000, 'the list change');
    });
  });

  describe('official v2 server, 2025 handshake (served statelessly)', () => {
    it('initializes without a session, sends the negotiated version, and finds no GET stream', async () => {
      const { transport, connection } = await setup(face);
      const init = (await connection.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'mcpkit', version: '1' },
      })) as {
        protocolVersion: string;
      };
      expect(init.protocolVersion).toBe('2025-11-25');
      await connection.notify('notifications/initialized');
      expect(transport.sessionId).toBeUndefined();
      const result = await connection.request('tools/call', { name: 'sql', arguments: { region: 'us', query: 'SELECT 3' } });
      expect(text(result)).toBe('ran "SELECT 3" in us');
    });
  });
});
