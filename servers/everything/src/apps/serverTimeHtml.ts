/**
 * The server-time app's HTML: one self-contained document (no external
 * fetches: a host's default CSP blocks them). Its script speaks the MCP Apps
 * bridge itself, a few lines of JSON-RPC over `postMessage` to the host
 * frame, so every part of the bridge has a live example: initialization,
 * the tool's input and result, a tool call back to the server through the
 * host, size changes, a message to the conversation, an open-link request,
 * a log message, and teardown.
 *
 * @module
 */

const SCRIPT = String.raw`
(function () {
  'use strict';
  var host = window.parent;
  var nextId = 1;
  var pending = new Map();
  var $ = function (id) { return document.getElementById(id); };

  function post(message) { host.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*'); }
  function request(method, params) {
    var id = nextId++;
    return new Promise(function (resolve, reject) {
      pending.set(id, { resolve: resolve, reject: reject });
      post({ id: id, method: method, params: params });
    });
  }
  function notify(method, params) { post({ method: method, params: params }); }
  function status(text) { $('status').textContent = text; }

  function showResult(result) {
    var time = result && result.structuredContent && result.structuredContent.time;
    if (typeof time !== 'string') {
      var first = (result && result.content || []).find(function (b) { return b.type === 'text'; });
      time = first ? first.text : '(no time in the result)';
    }
    $('time').textContent = time;
    $('result-kind').textContent = result && result.isError ? 'The tool failed:' : 'Server time:';
  }

  var handlers = {
    'ui/notifications/tool-input': function (params) {
      $('input').textContent = JSON.stringify((params && params.arguments) || {});
    },
    'ui/notifications/tool-input-partial': function () {},
    'ui/notifications/tool-result': showResult,
    'ui/notifications/tool-cancelled': function (params) { status('The call was cancelled' + (params && params.reason ? ': ' + params.reason : '')); },
    'ui/notifications/host-context-changed': function (params) { applyContext(params || {}); },
    'ui/resource-teardown': function () { status('Closing'); return {}; },
    'ping': function () { return {}; }
  };

  function applyContext(context) {
    if (context.theme === 'dark' || context.theme === 'light') document.documentElement.dataset.theme = context.theme;
  }

  window.addEventListener('message', function (event) {
    if (event.source !== host) return;
    var m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined && pending.has(m.id)) {
      var p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.message)); else p.resolve(m.result);
      return;
    }
    var handler = handlers[m.method];
    if (m.id === undefined) { if (handler) handler(m.params); return; }
    if (!handler) { post({ id: m.id, error: { code: -32601, message: 'Method not found: ' + m.method } }); return; }
    post({ id: m.id, result: handler(m.params) || {} });
  });

  var lastSize = '';
  function reportSize() {
    var el = document.documentElement;
    var size = { width: Math.ceil(el.scrollWidth), height: Math.ceil(el.scrollHeight) };
    var key = size.width + 'x' + size.height;
    if (key === lastSize) return;
    lastSize = key;
    notify('ui/notifications/size-changed', size);
  }

  $('refresh').addEventListener('click', function () {
    status('Asking the server…');
    request('tools/call', { name: 'get_server_time', arguments: {} }).then(function (result) {
      showResult(result);
      status('Updated through the host');
      notify('notifications/message', { level: 'info', logger: 'server-time-app', data: 'refreshed the time' });
    }, function (error) { status('The host refused: ' + error.message); });
  });
  $('send').addEventListener('click', function () {
    var text = 'The server time is ' + $('time').textContent;
    request('ui/message', { role: 'user', content: [{ type: 'text', text: text }] }).then(function (result) {
      status(result && result.isError ? 'The host did not send the message' : 'Sent to the conversation');
    }, function (error) { status('The host refused: ' + error.message); });
  });
  $('open').addEventListener('click', function () {
    request('ui/open-link', { url: 'https://modelcontextprotocol.io/' }).then(function (result) {
      status(result && result.isError ? 'The host did not open the link' : 'Asked the host to open the link');
    }, function (error) { status('The host refused: ' + error.message); });
  });

  request('ui/initialize', {
    appInfo: { name: 'mcpkit-server-time', version: '0.1.0' },
    appCapabilities: {},
    protocolVersion: '2026-01-26'
  }).then(function (result) {
    applyContext((result && result.hostContext) || {});
    $('host').textContent = (result && result.hostInfo && result.hostInfo.name) || 'an unnamed host';
    notify('ui/notifications/initialized', {});
    reportSize();
    if (typeof ResizeObserver === 'function') new ResizeObserver(reportSize).observe(document.body);
  }, function (error) { status('The host did not initialize the app: ' + error.message); });
})();
`;

/** The app's document. */
export const SERVER_TIME_HTML: string = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Server time</title>
<style>
  :root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
  :root[data-theme="dark"] { background: #1e1e1e; color: #eee; }
  body { margin: 0; padding: 12px 16px; }
  output { font: 600 1.4em ui-monospace, monospace; display: block; margin: 4px 0 12px; }
  button { margin: 0 8px 8px 0; padding: 6px 12px; }
  small { opacity: .75; }
</style>
</head>
<body>
<main>
  <p id="result-kind">Server time:</p>
  <output id="time" aria-live="polite">waiting for the tool's result…</output>
  <div>
    <button id="refresh" type="button">Get server time</button>
    <button id="send" type="button">Send time to conversation</button>
    <button id="open" type="button">Open MCP website</button>
  </div>
  <p role="status" id="status"></p>
  <small>Rendered by <span id="host">…</span>; called with <code id="input">{}</code></small>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
