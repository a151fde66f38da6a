// The inspector in Chromium against a hostile server and a hostile
// recording: server-provided URLs that are not https (javascript:, data:…)
// are shown as text, never as links; HTML in names and descriptions is text;
// a saved recording holds no secret unless the user ticks "Keep secrets";
// a recording file opened in the page starts nothing it names.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from 'mcpkit/server';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, type RunningInspector } from '../src/index.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const SECRET = 'header-secret-31f0aa';
const INJECTED = `<img src="x" onerror="document.title='pwned'">`;

function hostileServer(): McpServer {
  const s = new McpServer({ name: 'hostile', version: '1', websiteUrl: 'javascript:document.title="pwned"' });
  s.tool(
    {
      name: 'echo',
      description: `Echoes. ${INJECTED}`,
      input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    (args) => (args as { message: string }).message,
  );
  const elicitUrl = (url: string) => async (_a: unknown, ctx: Parameters<Parameters<McpServer['tool']>[1]>[1]) => {
    try {
      return JSON.stringify(await ctx.elicit({ mode: 'url', message: 'Open this page', url }));
    } catch (error) {
      return `refused by the client: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  s.tool({ name: 'open-script' }, elicitUrl('javascript:document.title="pwned"'));
  s.tool({ name: 'open-page' }, elicitUrl('https://mcp.example.com/connect?id=1'));
  return s;
}

/** Every link on the page: only https links and the page's own download (blob:) may exist. */
async function hrefs(page: Page): Promise<string[]> {
  return page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000, interval: 100 });
}

/** A region's text now ('' while it is absent). */
async function textOf(page: Page, role: 'region' | 'dialog', name: string): Promise<string> {
  return (await page.getByRole(role, { name, exact: true }).allTextContents()).join('\n');
}

async function runTool(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

describe.skipIf(!present)('the inspector against a hostile server, in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser | undefined;
  let inspector: RunningInspector | undefined;
  let http: HttpServerHandle | undefined;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inspector-hostile-'));
    http = await serveHttp(hostileServer(), { port: 0 });
    inspector = await startInspector({
      port: 0,
      targets: [
        {
          type: 'http',
          name: 'hostile',
          url: http.url,
          headers: { 'X-Team-Credential': SECRET },
          era: 'handshake',
          label: 'hostile',
        },
      ],
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    page.setDefaultTimeout(30_000);
    await page.goto(inspector.url);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await inspector?.close();
    await http?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows the server's javascript: website as text, not a link", async () => {
    await poll(() => textOf(page, 'region', 'Server info')).toContain('not a link');
    expect(await textOf(page, 'region', 'Server info')).toContain('javascript:document.title="pwned"');
    expect(await hrefs(page)).toEqual([]);
  });

  it('shows HTML in a tool description as text', async () => {
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'echo', exact: true }).click();
    await poll(async () => (await page.locator('body').textContent()) ?? '').toContain(INJECTED);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
  });

  it('never offers a javascript: URL from a URL elicitation: the client refuses it, the page shows no link', async () => {
    await runTool(page, 'open-script');
    await poll(() => textOf(page, 'region', 'Result')).toContain('refused by the client');
    expect(await textOf(page, 'region', 'Result')).toContain('was refused');
    expect(await page.getByRole('dialog', { name: 'Elicitation request' }).count()).toBe(0);
    expect(await hrefs(page)).toEqual([]);
    expect(await page.title()).not.toBe('pwned');
  });

  it('offers an https URL from a URL elicitation as a link, its host set apart', async () => {
    await runTool(page, 'open-page');
    await poll(() => textOf(page, 'dialog', 'Elicitation request')).toContain('opens mcp.example.com');
    const dialog = page.getByRole('dialog', { name: 'Elicitation request' });
    expect(await dialog.getByRole('link').getAttribute('href')).toBe('https://mcp.example.com/connect?id=1');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await poll(() => textOf(page, 'region', 'Result')).toContain('decline');
  });

  it('saves a recording without the header secret unless "Keep secrets" is ticked', async () => {
    await page.getByRole('button', { name: 'Session', exact: true }).click();
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Recording' }).waitFor();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'echo', exact: true }).click();
    await page.getByLabel('message', { exact: true }).fill('recorded in the browser');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(async () =>
      (await page.getByRole('region', { name: 'Result', exact: true }).allTextContents()).join(''),
    ).toContain('recorded in the browser');
    await page.getByRole('button', { name: 'Session', exact: true }).click();
    await page.getByRole('button', { name: 'Stop recording', exact: true }).click();
    const save = async (): Promise<string> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Save recording' }).click(),
      ]);
      const file = join(dir, `saved-${String(Date.now())}.json`);
      await download.saveAs(file);
      return readFileSync(file, 'latin1');
    };
    const masked = await save();
    expect(masked).toContain('recorded in the browser');
    expect(masked).toContain('X-Team-Credential');
    expect(masked).not.toContain(SECRET);
    await page.getByLabel(/Keep secrets/).check();
    const kept = await save();
    expect(kept).toContain(SECRET);
  });

  it('opens a recording file without starting the command it names, and lists its calls first', async () => {
    const marker = join(dir, 'marker');
    const recording = {
      format: 'mcpkit-inspector-recording',
      version: 1,
      recordedAt: 'x',
      target: {
        kind: 'stdio',
        command: process.execPath,
        args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`],
        env: {},
        era: 'auto',
        label: 'a harmless label',
      },
      server: {},
      steps: [
        {
          method: 'tools/call',
          params: { name: 'echo', arguments: { message: INJECTED } },
          outcome: { result: { content: [{ type: 'text', text: INJECTED }] } },
          answers: [],
        },
      ],
      wire: [],
    };
    await page.getByLabel('Recording file').setInputFiles({
      name: 'shared.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(recording)),
    });
    await poll(() => textOf(page, 'region', 'Calls in the file')).toContain('which is not started');
    expect(await textOf(page, 'region', 'Calls in the file')).toContain('tools/call');
    // The command itself is shown, not the label the file gives it.
    expect(await textOf(page, 'region', 'Calls in the file')).toContain(`${process.execPath} -e`);
    expect(await textOf(page, 'region', 'Calls in the file')).not.toContain('a harmless label');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await poll(() => textOf(page, 'region', 'Replay report')).toContain('Replayed 1 calls');
    expect(existsSync(marker)).toBe(false);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
  });
});
