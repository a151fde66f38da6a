// mcpkit's everything app in the official MCP Inspector (the test peer, on
// Node 22), in Chromium: the Inspector lists the app, renders it in its own
// sandbox, delivers the tool's result, and carries the app's "Get server
// time" call to get_server_time and back.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createEverythingServer } from '@mcpkit/server-everything';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary } from '../../../scripts/lib/nodes.mjs';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const LAUNCHER = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js', import.meta.url),
);

/** A port free right now (the official Inspector takes fixed ports, 6274 and 6275 by default). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  });
}

describe.skipIf(!present || !existsSync(LAUNCHER))(
  'the everything app in the official MCP Inspector',
  { timeout: 180_000 },
  () => {
    let browser: Browser | undefined;
    let http: HttpServerHandle | undefined;
    let child: ChildProcess | undefined;
    let url = '';

    beforeAll(async () => {
      http = await serveHttp(createEverythingServer(), { port: 0 });
      const node = await nodeBinary(22);
      child = spawn(node, [LAUNCHER, '--web', '--transport', 'http', '--server-url', http.url], {
        env: {
          ...process.env,
          CLIENT_PORT: String(await freePort()),
          MCP_SANDBOX_PORT: String(await freePort()),
          MCP_AUTO_OPEN_ENABLED: 'false',
          MCP_INSPECTOR_SECRET_STORE: 'memory',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.stderr?.setEncoding('utf8').on('data', (c: string) => (out += c));
      // Until it prints its URL (it is up then), as long as a loaded machine may need.
      const printed = /http:\/\/127\.0\.0\.1:\d+\?MCP_INSPECTOR_API_TOKEN=\w+/;
      for (let waited = 0; !printed.test(out) && waited < 90_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      url = printed.exec(out)?.[0] ?? '';
      if (url === '') throw new TypeError(`the official Inspector did not start:\n${out}`);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
    }, 150_000);

    afterAll(async () => {
      await browser?.close();
      child?.kill();
      await http?.close();
    });

    it('renders the app, which calls the server back through the Inspector', async () => {
      const page = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
      page.setDefaultTimeout(60_000);
      await page.goto(url);
      // The Inspector's switch is drawn over its input: the click goes to the input itself.
      await page.getByRole('switch').first().click({ force: true });
      await page.getByText('Connected', { exact: true }).waitFor();
      await page.getByText('Apps', { exact: true }).first().click();
      await page.getByRole('button', { name: /^Show server time/ }).click();
      // The Inspector frames a sandbox page, which frames the app's document.
      await expect.poll(() => page.frames().some((f) => f.url() === 'about:srcdoc'), { timeout: 60_000 }).toBe(true);
      const app = page.frames().find((f) => f.url() === 'about:srcdoc')!;
      const read = (id: string) => app.evaluate((el) => document.getElementById(el)?.textContent ?? '', id);
      await expect.poll(() => read('host'), { timeout: 60_000 }).toBe('MCP Inspector');
      await expect.poll(() => read('time'), { timeout: 60_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
      const first = await read('time');
      await app.getByRole('button', { name: 'Get server time' }).click();
      await expect.poll(() => read('status'), { timeout: 60_000 }).toBe('Updated through the host');
      await expect.poll(() => read('time'), { timeout: 60_000 }).not.toBe(first);
      await page.close();
    });
  },
);
