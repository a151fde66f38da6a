// MCP Apps interop in Chromium: an app written against the official ext-apps
// SDK's `App` class (bundled here from the installed package) runs in
// `mcpkit inspect`, and mcpkit's everything app runs under the official SDK's
// host side (`AppBridge`) on a plain page. The official SDK is only a test peer.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_TIME_HTML } from '@mcpkit/server-everything';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { appToolMeta, McpServer, registerApp } from 'mcpkit/server';
import { chromium, type Browser } from 'playwright-core';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, type RunningInspector } from '../src/index.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const HERE = fileURLToPath(new URL('.', import.meta.url));

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 30_000, interval: 100 });
}

/** Bundles `source` (an ES module importing the official SDK) into one classic script. */
async function bundle(source: string): Promise<string> {
  const id = `${HERE}__interop_entry__.js`;
  const build = await rolldown({
    input: id,
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        resolveId: (spec) => (spec === id ? id : undefined),
        load: (loaded) => (loaded === id ? source : undefined),
      },
    ],
  });
  const { output } = await build.generate({ format: 'iife', minify: true });
  await build.close();
  // Inline in a <script>: a literal "</script" inside the code would end it early.
  return output[0].code.replaceAll('</script', '<\\/script');
}

const OFFICIAL_APP = `
import { App } from '@modelcontextprotocol/ext-apps/app-with-deps';
const app = new App({ name: 'official-sdk-app', version: '1.0.0' }, {});
const out = document.getElementById('out');
app.ontoolresult = (result) => { out.textContent = 'result: ' + (result.content?.[0]?.text ?? ''); };
document.getElementById('ping').addEventListener('click', async () => {
  try {
    const result = await app.callServerTool({ name: 'pong', arguments: { n: 2 } });
    out.textContent = 'called: ' + result.content[0].text;
  } catch (error) { out.textContent = 'failed: ' + error.message; }
});
app.connect().then(() => {
  document.getElementById('state').textContent = 'connected to ' + (app.getHostVersion()?.name ?? '?');
}, (error) => { document.getElementById('state').textContent = 'failed: ' + error.message; });
`;

describe.skipIf(!present)('MCP Apps interop with the official ext-apps SDK, in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe('an app built on the official App class, in mcpkit inspect', () => {
    let inspector: RunningInspector | undefined;
    let http: HttpServerHandle | undefined;
    afterAll(async () => {
      await inspector?.close();
      await http?.close();
    });

    it('initializes, gets the tool result, and calls a server tool through mcpkit', async () => {
      const script = await bundle(OFFICIAL_APP);
      const server = new McpServer({ name: 'official-app-server', version: '1.0.0' });
      registerApp(server, {
        uri: 'ui://official/app.html',
        name: 'official',
        html: `<!doctype html><html><body><p id="state">starting</p><p id="out"></p><button id="ping">Ping the server</button><script>${script}</script></body></html>`,
      });
      server.tool({ name: 'show', _meta: appToolMeta({ resourceUri: 'ui://official/app.html' }) }, () => 'shown');
      server.tool(
        {
          name: 'pong',
          input: { type: 'object', properties: { n: { type: 'number' } } },
          _meta: appToolMeta({ visibility: ['app'] }),
        },
        (args) => `pong ${String((args as { n: number }).n)}`,
      );
      http = await serveHttp(server, { port: 0 });
      inspector = await startInspector({
        port: 0,
        targets: [{ type: 'http', name: 'app', url: http.url, headers: {}, era: 'auto' }],
      });
      const page = await browser!.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(inspector.url);
      await page.getByRole('button', { name: 'Tools', exact: true }).click();
      await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'show', exact: true }).click();
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const app = page.frameLocator('section[aria-label="App"] iframe');
      await poll(async () => (await app.locator('#state').allTextContents()).join('')).toBe('connected to mcpkit-inspector');
      await poll(async () => (await app.locator('#out').allTextContents()).join('')).toBe('result: shown');
      await app.getByRole('button', { name: 'Ping the server' }).click();
      // The inspector asks before an app's tool call.
      await page.getByRole('region', { name: 'App requests' }).getByRole('button', { name: 'Allow call' }).click();
      await poll(async () => (await app.locator('#out').allTextContents()).join('')).toBe('called: pong 2');
      await page.close();
    });
  });

  describe("mcpkit's everything app under the official AppBridge", () => {
    let site: Server | undefined;
    afterAll(async () => {
      site?.closeAllConnections();
      await new Promise((resolve) => site?.close(resolve));
    });

    it('initializes, shows the result, and calls get_server_time back through the bridge', async () => {
      // A host page: the official AppBridge with the app in a srcdoc frame, tool calls answered by the page.
      const host = await bundle(`
        import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.title = 'app';
        frame.srcdoc = ${JSON.stringify(SERVER_TIME_HTML)};
        const bridge = new AppBridge(null, { name: 'official-host', version: '1.0.0' }, { serverTools: {}, openLinks: {}, message: { text: {} } });
        window.calls = [];
        bridge.oncalltool = async (params) => { window.calls.push(params.name); return { content: [{ type: 'text', text: 'again' }], structuredContent: { time: 'TIME-FROM-HOST-2' } }; };
        bridge.onmessage = async (params) => { window.messages = params; return {}; };
        bridge.onopenlink = async (params) => { window.links = params.url; return {}; };
        bridge.onsizechange = (size) => { window.size = size; };
        bridge.oninitialized = () => {
          bridge.sendToolInput({ arguments: { zone: 'UTC' } });
          bridge.sendToolResult({ content: [{ type: 'text', text: 'first' }], structuredContent: { time: 'TIME-FROM-HOST-1' } });
        };
        document.body.appendChild(frame);
        bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
      `);
      site = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><html><body><script>${host}</script></body></html>`);
      });
      await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
      const page = await browser!.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`http://127.0.0.1:${String((site.address() as AddressInfo).port)}/`);
      const app = page.frameLocator('iframe[title="app"]');
      await poll(async () => (await app.locator('#time').allTextContents()).join('')).toBe('TIME-FROM-HOST-1');
      await poll(async () => (await app.locator('#host').allTextContents()).join('')).toBe('official-host');
      await poll(async () => (await app.locator('#input').allTextContents()).join('')).toBe('{"zone":"UTC"}');
      await app.getByRole('button', { name: 'Get server time' }).click();
      await poll(async () => (await app.locator('#time').allTextContents()).join('')).toBe('TIME-FROM-HOST-2');
      expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual(['get_server_time']);
      await app.getByRole('button', { name: 'Send time to conversation' }).click();
      await poll(() =>
        page.evaluate(() => JSON.stringify((window as unknown as { messages?: unknown }).messages ?? null)),
      ).toContain('TIME-FROM-HOST-2');
      await app.getByRole('button', { name: 'Open MCP website' }).click();
      await poll(() => page.evaluate(() => (window as unknown as { links?: string }).links ?? '')).toBe(
        'https://modelcontextprotocol.io/',
      );
      await poll(() =>
        page.evaluate(() => (window as unknown as { size?: { height?: number } }).size?.height ?? 0),
      ).toBeGreaterThan(0);
      await page.close();
    });
  });
});
