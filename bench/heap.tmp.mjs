const { McpServer } = await import(process.env.MCPKIT_SERVER ?? 'mcpkit/server');
import { defineEcho } from './servers/mcpkit-echo.mjs';
class T { start(s) { this.s = s; return Promise.resolve(); } send() { return Promise.resolve(); } close() { this.s.closed(); return Promise.resolve(); } }
const server = defineEcho(new McpServer({ name: 'h', version: '1' }));
const enc = new TextEncoder();
async function one() {
  const t = new T();
  const s = await server.connect(t);
  t.s.receive(enc.encode(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } })));
  t.s.receive(enc.encode('{"jsonrpc":"2.0","method":"notifications/initialized"}'));
  t.s.receive(enc.encode('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}'));
  await new Promise((r) => setTimeout(r, 1));
  return s;
}
const keep = [await one()];
gc(); gc();
const h0 = process.memoryUsage().heapUsed;
for (let i = 0; i < 1000; i++) keep.push(await one());
gc(); gc();
console.log('bytes per ServerSession', ((process.memoryUsage().heapUsed - h0) / 1000).toFixed(0));
