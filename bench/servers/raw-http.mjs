/**
 * Baseline: a hand-written MCP echo server on `node:http`. Handshake era:
 * `initialize` opens a session (kept in a Map, as any sessionful server must);
 * 2026-07-28: each request carries its own `_meta`. Answers are plain JSON.
 */
import '../lib/stats.mjs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { answer } from './raw-protocol.mjs';

const sessions = new Map();
const JSON_TYPE = { 'content-type': 'application/json' };

function send(res, status, body, headers = JSON_TYPE) {
  res.writeHead(status, headers);
  res.end(body);
}

const server = createServer((req, res) => {
  if (req.method === 'DELETE') {
    sessions.delete(req.headers['mcp-session-id']);
    return send(res, 200, '');
  }
  if (req.method !== 'POST') return send(res, 405, '', { allow: 'POST, DELETE' });
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    let msg;
    try {
      msg = JSON.parse(body);
    } catch {
      return send(res, 400, '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}');
    }
    const sid = req.headers['mcp-session-id'];
    const stateless = msg.params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined;
    let headers = JSON_TYPE;
    if (msg.method === 'initialize') {
      const id = randomUUID();
      sessions.set(id, {
        id,
        protocolVersion: msg.params?.protocolVersion,
        clientInfo: msg.params?.clientInfo,
        capabilities: msg.params?.capabilities,
      });
      headers = { ...JSON_TYPE, 'mcp-session-id': id };
    } else if (!stateless && msg.method !== 'server/discover' && !sessions.has(sid)) {
      return send(res, sid === undefined ? 400 : 404, `{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"}}`);
    }
    const reply = answer(msg);
    if (reply === undefined) return send(res, 202, '', {});
    send(res, 200, JSON.stringify(reply), headers);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING http://127.0.0.1:${server.address().port}/mcp\n`);
});
