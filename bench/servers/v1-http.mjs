/**
 * Official SDK v1 over Streamable HTTP, as its docs wire it: `node:http`, one
 * `StreamableHTTPServerTransport` + `McpServer` per session (handshake era only).
 */
import '../lib/stats.mjs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { defineEcho } from './v1-echo.mjs';

const transports = new Map();

function readJson(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(body));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const server = createServer(async (req, res) => {
  const sid = req.headers['mcp-session-id'];
  let transport = sid === undefined ? undefined : transports.get(sid);
  if (req.method !== 'POST') {
    if (transport === undefined) return res.writeHead(400).end('Invalid or missing session ID');
    return transport.handleRequest(req, res);
  }
  const body = await readJson(req);
  if (transport === undefined) {
    if (sid !== undefined || !isInitializeRequest(body)) {
      return res.writeHead(400).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
          id: null,
        }),
      );
    }
    const created = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, created);
      },
    });
    created.onclose = () => {
      if (created.sessionId !== undefined) transports.delete(created.sessionId);
    };
    await defineEcho(new McpServer({ name: 'v1-echo', version: '1.0.0' })).connect(created);
    transport = created;
  }
  await transport.handleRequest(req, res, body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING http://127.0.0.1:${server.address().port}/mcp\n`);
});
