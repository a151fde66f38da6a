// MCP Apps on the server: an app's resource and its tools' links, on the wire
// of both eras, and the declarations that are refused.
import { describe, expect, it } from 'vitest';
import { handshakePeer, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import { appToolMeta, registerApp } from './apps.js';
import { McpServer } from './server.js';

const HTML = '<!doctype html><title>Clock</title><p>noon</p>';

function clockServer(): McpServer {
  const server = new McpServer({ name: 'apps-test', version: '1.0.0' });
  const app = registerApp(server, {
    uri: 'ui://clock/app.html',
    name: 'clock',
    title: 'Clock',
    html: HTML,
    csp: { connectDomains: ['https://api.example.com'] },
    permissions: { clipboardWrite: {} },
    prefersBorder: true,
  });
  server.tool({ name: 'show_clock', _meta: appToolMeta({ resourceUri: app.uri }) }, () => 'noon');
  server.tool({ name: 'tick', _meta: appToolMeta({ visibility: ['app'] }) }, () => 'tock');
  return server;
}

const UI = { csp: { connectDomains: ['https://api.example.com'] }, permissions: { clipboardWrite: {} }, prefersBorder: true };

async function expectApp(peer: RawPeer, meta?: Record<string, unknown>): Promise<void> {
  const params = meta === undefined ? {} : { _meta: meta };
  const listed = (await peer.request('resources/list', params)) as { resources: unknown[] };
  expect(listed.resources).toContainEqual({
    uri: 'ui://clock/app.html',
    name: 'clock',
    title: 'Clock',
    mimeType: 'text/html;profile=mcp-app',
    _meta: { ui: UI },
  });
  expect(await peer.request('resources/read', { uri: 'ui://clock/app.html', ...params })).toMatchObject({
    contents: [{ uri: 'ui://clock/app.html', mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: { ui: UI } }],
  });
  const tools = (await peer.request('tools/list', params)) as { tools: { name: string; _meta?: unknown }[] };
  expect(tools.tools.find((t) => t.name === 'show_clock')?._meta).toEqual({
    ui: { resourceUri: 'ui://clock/app.html' },
    'ui/resourceUri': 'ui://clock/app.html',
  });
  expect(tools.tools.find((t) => t.name === 'tick')?._meta).toEqual({ ui: { visibility: ['app'] } });
}

describe('registerApp', () => {
  it('serves the app and its links in the handshake era', async () => {
    await expectApp(await handshakePeer(clockServer(), '2025-06-18'));
  });

  it('serves the app and its links in the stateless era', async () => {
    await expectApp(await rawPeer(clockServer()), meta2026());
  });

  it('makes the HTML per request when given a function', async () => {
    const server = new McpServer({ name: 'apps-test', version: '1.0.0' });
    let n = 0;
    registerApp(server, { uri: 'ui://count/app.html', name: 'count', html: () => `<p>${++n}</p>` });
    const peer = await handshakePeer(server);
    await peer.request('resources/read', { uri: 'ui://count/app.html' });
    expect(await peer.request('resources/read', { uri: 'ui://count/app.html' })).toMatchObject({
      contents: [{ text: '<p>2</p>' }],
    });
  });

  it('refuses a URI that is not ui://', () => {
    const server = new McpServer({ name: 'apps-test', version: '1.0.0' });
    expect(() => registerApp(server, { uri: 'https://x' as 'ui://x', name: 'x', html: '' })).toThrow(/ui:\/\//);
    expect(() => registerApp(server, { uri: 'ui://', name: 'x', html: '' })).toThrow(/ui:\/\//);
  });

  it('refuses CSP entries that are not origins, which could inject directives', () => {
    const server = new McpServer({ name: 'apps-test', version: '1.0.0' });
    for (const bad of [
      "https://a.example; script-src 'unsafe-eval'",
      '*',
      "'self'",
      'javascript:alert(1)',
      'https://a.example/path',
    ]) {
      expect(() => registerApp(server, { uri: 'ui://x/a', name: 'x', html: '', csp: { connectDomains: [bad] } })).toThrow(
        /not an origin/,
      );
    }
    // What hosts drop, registration refuses: this machine, the local network, wildcards over public suffixes.
    for (const local of LOCAL_ORIGINS) {
      expect(() => registerApp(server, { uri: 'ui://x/c', name: 'x', html: '', csp: { connectDomains: [local] } })).toThrow(
        /address|local network|public suffix/,
      );
    }
    expect(() =>
      registerApp(server, { uri: 'ui://x/b', name: 'x', html: '', csp: { resourceDomains: ['https://*.cdn.example:8443'] } }),
    ).not.toThrow();
  });
});

const LOCAL_ORIGINS = [
  'http://127.0.0.1:6274',
  'ws://localhost:11434',
  'http://10.0.0.1:8080',
  'http://169.254.169.254',
  'http://*.localhost',
  'https://*.com',
  'https://*.co.uk',
  'http://printer.local',
  'http://2130706433',
  'http://intranet',
];

describe('appToolMeta', () => {
  it('keeps other meta keys and refuses a link that is not ui://', () => {
    expect(appToolMeta({ resourceUri: 'ui://a/b', visibility: ['model', 'app'], meta: { 'x.example/k': 1 } })).toEqual({
      'x.example/k': 1,
      ui: { resourceUri: 'ui://a/b', visibility: ['model', 'app'] },
      'ui/resourceUri': 'ui://a/b',
    });
    expect(() => appToolMeta({ resourceUri: 'https://a/b' })).toThrow(/ui:\/\//);
  });
});
