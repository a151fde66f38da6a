/**
 * The baseline client: a hand-written JSON-RPC driver. stdio: newline-delimited
 * JSON, one write per message. HTTP: `node:http` with a keep-alive agent; it
 * reads a JSON or an SSE answer, whichever the server chose.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { MESSAGE, runDriver, serverArgs, serverEnv } from '../lib/driver.mjs';

const HANDSHAKE = '2025-11-25';
const STATELESS = '2026-07-28';
const CLIENT = { name: 'raw-driver', version: '1.0.0' };
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function echoParams(stateless) {
  const params = { name: 'echo', arguments: { message: MESSAGE } };
  if (stateless) {
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': STATELESS,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': CLIENT,
    };
  }
  return params;
}

function textOf(reply) {
  if (reply.error) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.result.content[0].text;
}

async function openStdio(cfg) {
  const child = spawn(process.execPath, serverArgs(cfg), { env: serverEnv(cfg), stdio: ['pipe', 'pipe', 'inherit'] });
  const pending = new Map();
  let nextId = 0;
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const msg = JSON.parse(line);
      const p = pending.get(msg.id);
      if (p === undefined) continue;
      pending.delete(msg.id);
      p(msg);
    }
  });
  const send = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const stateless = cfg.mode === 'stateless';
  if (!stateless) {
    const init = await send('initialize', { protocolVersion: HANDSHAKE, capabilities: {}, clientInfo: CLIENT });
    if (init.error) throw new Error(init.error.message);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }
  const params = echoParams(stateless);
  return {
    call: async () => textOf(await send('tools/call', params)),
    close: async () => {
      child.stdin.end();
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', resolve);
      });
    },
  };
}

/** One POST; resolves with the JSON-RPC reply (JSON or the first SSE `data:`) and the response headers. */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          if (res.statusCode === 202) return resolve({ headers: res.headers });
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}: ${text}`));
          let json = text;
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            const data = text
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .filter((l) => l !== '');
            json = data[data.length - 1];
          }
          resolve({ reply: JSON.parse(json), headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function openHttp(cfg, url) {
  let nextId = 0;
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const stateless = cfg.mode === 'stateless';
  let headers;
  if (stateless) {
    headers = { ...base, 'mcp-protocol-version': STATELESS, 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
  } else {
    const init = await post(
      url,
      base,
      JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'initialize',
        params: { protocolVersion: HANDSHAKE, capabilities: {}, clientInfo: CLIENT },
      }),
    );
    if (init.reply.error) throw new Error(init.reply.error.message);
    const session = init.headers['mcp-session-id'];
    headers = { ...base, 'mcp-protocol-version': HANDSHAKE, ...(session !== undefined && { 'mcp-session-id': session }) };
    await post(url, headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  }
  const params = echoParams(stateless);
  return {
    call: async () =>
      textOf((await post(url, headers, JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params }))).reply),
    close: async () => undefined,
  };
}

await runDriver({
  supports: () => true,
  open: (cfg, url) => (cfg.transport === 'stdio' ? openStdio(cfg) : openHttp(cfg, url)),
});
