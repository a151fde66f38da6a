// The two faces are one protocol: for a table of requests, the web-standard
// handler (called with a Request, no port) and the native node:http handler
// (over a live port) give identical statuses, headers and bodies.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpHandlerOptions } from '../../src/http/server/options.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { createNodeHandler, type NodeHandler } from '../../src/node/http/server/nodeHandler.js';
import { meta2026 } from '../rawClient.js';
import { makeFixture } from './fixture.js';
import { ACCEPT_BOTH, parseSse } from './webClient.js';

const OPTIONS: HttpHandlerOptions = { maxBodyBytes: 2048, keepAliveMs: 0 };
const JSON_POST = { accept: ACCEPT_BOTH, 'content-type': 'application/json' };
const STATELESS = { ...JSON_POST, 'mcp-protocol-version': '2026-07-28' };
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
};

interface Case {
  readonly name: string;
  readonly path?: string;
  readonly init: RequestInit;
}

const statelessRequest = (
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): RequestInit => ({
  method: 'POST',
  headers: { ...STATELESS, 'mcp-method': method, ...headers },
  body: JSON.stringify({ jsonrpc: '2.0', id: 'c', method, params: { ...params, _meta: meta2026() } }),
});

const CASES: readonly Case[] = [
  { name: 'initialize', init: { method: 'POST', headers: JSON_POST, body: JSON.stringify(INIT) } },
  {
    name: 'request without a session',
    init: { method: 'POST', headers: JSON_POST, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) },
  },
  {
    name: 'unknown session',
    init: {
      method: 'POST',
      headers: { ...JSON_POST, 'mcp-session-id': 'nope' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    },
  },
  { name: 'stateless tools/list', init: statelessRequest('tools/list', {}) },
  {
    name: 'stateless call',
    init: statelessRequest('tools/call', { name: 'echo', arguments: { text: 'same' } }, { 'mcp-name': 'echo' }),
  },
  {
    name: 'stateless progress (SSE)',
    init: statelessRequest(
      'tools/call',
      { name: 'progress', arguments: { steps: 2 }, _meta: { progressToken: 7 } },
      { 'mcp-name': 'progress' },
    ),
  },
  { name: 'stateless unknown method', init: statelessRequest('nope/nothing', {}) },
  { name: 'stateless header mismatch', init: statelessRequest('tools/list', {}, { 'mcp-method': 'prompts/list' }) },
  {
    name: 'stateless missing capability',
    init: statelessRequest('tools/call', { name: 'sample', arguments: { prompt: 'p' } }, { 'mcp-name': 'sample' }),
  },
  {
    name: 'stateless notification',
    init: {
      method: 'POST',
      headers: { ...STATELESS, 'mcp-method': 'notifications/cancelled' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
    },
  },
  {
    name: 'foreign origin',
    init: { method: 'POST', headers: { ...JSON_POST, origin: 'https://evil.example' }, body: JSON.stringify(INIT) },
  },
  {
    name: 'wrong content type',
    init: { method: 'POST', headers: { ...JSON_POST, 'content-type': 'text/plain' }, body: JSON.stringify(INIT) },
  },
  {
    name: 'bad Accept',
    init: { method: 'POST', headers: { ...JSON_POST, accept: 'application/json' }, body: JSON.stringify(INIT) },
  },
  { name: 'invalid JSON', init: { method: 'POST', headers: JSON_POST, body: '{"jsonrpc":' } },
  {
    name: 'oversized body',
    init: { method: 'POST', headers: JSON_POST, body: JSON.stringify({ ...INIT, pad: 'x'.repeat(4096) }) },
  },
  { name: 'PUT', init: { method: 'PUT', headers: JSON_POST, body: '{}' } },
  { name: 'OPTIONS without CORS', init: { method: 'OPTIONS' } },
  { name: 'GET without a session', init: { headers: { accept: 'text/event-stream' } } },
  { name: 'DELETE without a session', init: { method: 'DELETE' } },
  { name: 'other path', path: '/other', init: { method: 'POST', headers: JSON_POST, body: JSON.stringify(INIT) } },
  { name: 'HTTP+SSE POST without sessionId', path: '/messages', init: { method: 'POST', headers: JSON_POST, body: '{}' } },
  { name: 'HTTP+SSE GET on /messages', path: '/messages', init: {} },
];

const COMPARED_HEADERS = ['content-type', 'allow', 'retry-after', 'cache-control', 'x-accel-buffering', 'mcp-session-id'];

async function snapshot(res: Response): Promise<Record<string, unknown>> {
  const headers: Record<string, string | null> = {};
  for (const name of COMPARED_HEADERS) {
    const value = res.headers.get(name);
    headers[name] = name === 'mcp-session-id' && value !== null ? '<session>' : value;
  }
  const text = await res.text();
  const type = res.headers.get('content-type');
  const body = type === 'application/json' ? (JSON.parse(text) as unknown) : type === 'text/event-stream' ? parseSse(text) : text;
  return { status: res.status, headers, body };
}

let web: WebHandler;
let node: NodeHandler;
let server: Server;
let base: string;

beforeAll(async () => {
  web = createWebHandler(makeFixture().server, OPTIONS);
  node = createNodeHandler(makeFixture().server, OPTIONS);
  server = createServer(node);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await web.close();
  await node.close();
  await new Promise((r) => server.close(r));
});

describe('web and node faces agree', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const path = c.path ?? '/mcp';
      const fromWeb = await snapshot(await web(new Request(`http://localhost${path}`, c.init)));
      const fromNode = await snapshot(await fetch(`${base}${path}`, c.init));
      expect(fromNode).toEqual(fromWeb);
      expect(fromWeb['status']).toBeGreaterThanOrEqual(200);
    });
  }

  it('covers every status the endpoint uses', async () => {
    const statuses = new Set<number>();
    for (const c of CASES) statuses.add((await web(new Request(`http://localhost${c.path ?? '/mcp'}`, c.init))).status);
    expect([...statuses].sort()).toEqual([200, 202, 400, 403, 404, 405, 406, 413, 415]);
  });
});
