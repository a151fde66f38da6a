// A server with an MCP App: `show_counter` renders a small HTML app whose
// button calls `increment` (visible only to apps) back through the host.
// Try it: `mcpkit inspect -- node examples/dist/app.js`, run show_counter, press "Add one".
import { appToolMeta, McpServer, registerApp } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';

const server = new McpServer({ name: 'counter', version: '1.0.0' });
let count = 0;

// The app: one self-contained document. Its script speaks the bridge's JSON-RPC over postMessage.
const html = `<!doctype html><html><body>
<p>Count: <output id="n">?</output></p><button id="add" type="button">Add one</button>
<script>
  let id = 0; const waiting = new Map();
  const request = (method, params) => new Promise((resolve) => {
    waiting.set(++id, resolve); parent.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
  });
  const show = (result) => { document.getElementById('n').textContent = result.structuredContent.count; };
  addEventListener('message', (e) => {
    if (e.source !== parent) return;
    const m = e.data;
    if (m.id !== undefined && waiting.has(m.id)) { waiting.get(m.id)(m.result); waiting.delete(m.id); }
    if (m.method === 'ui/notifications/tool-result') show(m.params);
  });
  document.getElementById('add').onclick = async () => show(await request('tools/call', { name: 'increment', arguments: {} }));
  request('ui/initialize', { appInfo: { name: 'counter', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    .then(() => parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*'));
</script></body></html>`;

const app = registerApp(server, { uri: 'ui://counter/app.html', name: 'counter', html, prefersBorder: true });

// The model calls this one; hosts that render apps show the counter.
server.tool({ name: 'show_counter', _meta: appToolMeta({ resourceUri: app.uri }) }, () => ({
  content: [{ type: 'text', text: `The count is ${String(count)}` }],
  structuredContent: { count },
}));

// Only the app calls this one: hosts hide it from the model.
server.tool({ name: 'increment', _meta: appToolMeta({ visibility: ['app'] }) }, () => ({
  content: [{ type: 'text', text: `The count is ${String(++count)}` }],
  structuredContent: { count },
}));

await server.connect(new StdioServerTransport());
