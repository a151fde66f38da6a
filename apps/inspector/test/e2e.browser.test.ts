// The inspector end to end in a real browser (Debian's Chromium driven by
// playwright-core) against the everything server over stdio and over HTTP:
// the flows the issue lists, found the way a user finds them (by role and
// accessible name), with a screenshot of each main view saved under
// apps/inspector/test/artifacts and checked to be non-blank.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEverythingServer } from '@mcpkit/server-everything';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, type RunningInspector } from '../src/index.js';
import { EVERYTHING } from './helpers.js';
import { distinctBytes, readPng } from './png.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const present = existsSync(CHROMIUM);

if (!present) {
  console.warn(`inspector browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}

/** Saves a screenshot of the page as an artifact, and checks it shows something. */
async function shoot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: false });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(`${ARTIFACTS}${name}.png`, png);
  const { width, height } = readPng(png);
  expect(width * height).toBeGreaterThan(0);
  expect(distinctBytes(png), `${name}.png looks blank`).toBeGreaterThan(20);
}

/** Waits for a value to pass, as long as a loaded machine may need. */
function poll<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 20_000, interval: 100 });
}

/**
 * A locator's text now, '' while it is absent: inside `poll` a missing
 * region then fails the poll with what was seen, not a locator timeout
 * longer than the poll itself.
 */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.allTextContents()).join('\n');
}

async function runTool(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name, exact: true }).click();
}

/**
 * The tool's Result, or while there is none what the page shows instead
 * (a form problem, an error), so that a run that never answers says why.
 */
async function outcome(page: Page): Promise<string> {
  const result = await textOf(page.getByRole('region', { name: 'Result', exact: true }));
  if (result !== '') return result;
  const alerts = await page.getByRole('alert').allTextContents();
  return `no Result yet; alerts: ${alerts.length === 0 ? 'none' : alerts.join(' | ')}`;
}

describe.skipIf(!present)('the inspector in Chromium', { timeout: 90_000 }, () => {
  let browser: Browser | undefined;
  let inspector: RunningInspector | undefined;
  let http: HttpServerHandle | undefined;
  let page: Page;

  beforeAll(async () => {
    http = await serveHttp(createEverythingServer(), { port: 0 });
    inspector = await startInspector({ port: 0, targets: [{ ...EVERYTHING, era: 'handshake', label: 'everything (stdio)' }] });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(30_000);
    await page.goto(inspector.url);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await inspector?.close();
    await http?.close();
  });

  it('shows the server connected at start', async () => {
    await poll(() => textOf(page.getByRole('region', { name: 'Server info' }))).toContain('connected');
    await poll(() => textOf(page.getByRole('region', { name: 'Server info' }))).toContain('2025-11-25');
    await shoot(page, 'server');
  });

  it('lists tools, runs echo from its form, and shows both messages in the wire log', async () => {
    await runTool(page, 'echo');
    await page.getByLabel('message', { exact: true }).fill('hello from the browser');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => outcome(page)).toContain('hello from the browser');
    const wire = page.getByRole('region', { name: 'Wire log' });
    // The request and its response, both about tools/call, the response with its latency.
    await poll(async () => await wire.getByRole('listitem').filter({ hasText: 'tools/call' }).count()).toBeGreaterThanOrEqual(2);
    await poll(() => textOf(wire.getByRole('listitem').filter({ hasText: 'response' }).last())).toMatch(/ms/);
    await wire.getByLabel('Search').fill('hello from the browser');
    await poll(async () => wire.getByRole('listitem').count()).toBe(2);
    await shoot(page, 'tools');
    await wire.getByLabel('Search').fill('');
  });

  it('keeps what a fast user types before the tool form has painted, and through a list refresh', async () => {
    await page.getByRole('button', { name: 'Server', exact: true }).click();
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    const echo = page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'echo', exact: true });
    await echo.waitFor();
    // Choose the tool and type into its form in one task: the form renders in
    // a microtask, and nothing the page defers to the next frame has run yet,
    // as when a user types faster than a slow machine paints.
    await echo.evaluate(async (button: HTMLElement) => {
      button.click();
      let input: HTMLInputElement | null = null;
      for (let i = 0; i < 50 && input === null; i++) {
        await Promise.resolve();
        input = document.querySelector<HTMLInputElement>('section[aria-label="Tool echo"] input');
      }
      if (input === null) throw new Error('the echo form did not render in a microtask');
      input.value = 'typed before the first frame';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // Let the frame come and what waited for it run, then run the tool.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => {
            requestAnimationFrame(() => {
              setTimeout(resolve);
            });
          });
        }),
    );
    expect(await page.getByLabel('message', { exact: true }).inputValue()).toBe('typed before the first frame');
    // Listing the tools again keeps the open form and what it holds.
    const count = async (): Promise<number> =>
      Number(/(\d+) messages/.exec(await textOf(page.getByRole('region', { name: 'Wire log' }).getByRole('status')))?.[1]);
    const before = await count();
    const listTools = page.getByRole('button', { name: 'List tools', exact: true });
    await listTools.click();
    await poll(count).toBeGreaterThanOrEqual(before + 2);
    await poll(() => listTools.isEnabled()).toBe(true);
    expect(await page.getByLabel('message', { exact: true }).inputValue()).toBe('typed before the first frame');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => outcome(page)).toContain('typed before the first frame');
  });

  it('answers an elicitation form', async () => {
    await runTool(page, 'elicit_form');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Elicitation request' });
    await dialog.getByLabel('email', { exact: true }).fill('ada@example.com');
    await shoot(page, 'elicitation');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await poll(() => outcome(page)).toContain('action=accept');
    await poll(() => outcome(page)).toContain('ada@example.com');
  });

  it('declines an elicitation with its own button', async () => {
    await runTool(page, 'elicit_form');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Elicitation request' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await poll(() => outcome(page)).toContain('action=decline');
  });

  it('answers a sampling request with a reply typed by the user', async () => {
    await runTool(page, 'sample_llm');
    await page.getByLabel('prompt', { exact: true }).fill('What is MCP?');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sampling request' });
    await poll(() => textOf(dialog)).toContain('What is MCP?');
    await dialog.getByLabel('Reply').fill('A protocol for tools and context.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await poll(() => outcome(page)).toContain('A protocol for tools and context.');
  });

  it('reads a resource', async () => {
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await page.getByLabel('URI', { exact: true }).fill('everything://static/hello.txt');
    await page.getByRole('button', { name: 'Read', exact: true }).click();
    await poll(() => textOf(page.getByRole('region', { name: 'Resource contents' }))).toContain('everything://static/hello.txt');
    await shoot(page, 'resources');
  });

  it('gets a prompt', async () => {
    await page.getByRole('button', { name: 'Prompts', exact: true }).click();
    await page.getByRole('region', { name: 'Prompt list' }).getByRole('button', { name: 'args_prompt' }).click();
    await page.getByLabel('city', { exact: true }).fill('Paris');
    await page.getByRole('button', { name: 'Get prompt' }).click();
    await poll(() => textOf(page.getByRole('region', { name: 'Prompt messages' }))).toContain('Paris');
    await shoot(page, 'prompts');
  });

  it('records a session, then replays it with no differences', async () => {
    await page.getByRole('button', { name: 'Session', exact: true }).click();
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await runTool(page, 'echo');
    await page.getByLabel('message', { exact: true }).fill('recorded in the browser');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => outcome(page)).toContain('recorded in the browser');
    await page.getByRole('button', { name: 'Session', exact: true }).click();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await poll(() => textOf(page.getByRole('region', { name: 'Record and replay' }))).toContain('Recorded 2 calls');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await poll(() => textOf(page.getByRole('region', { name: 'Replay report' }))).toContain('no differences');
    await shoot(page, 'session');
  });

  it('connects to the server over HTTP from the connect form and runs echo there', async () => {
    await page.getByRole('button', { name: 'New connection' }).click();
    await page.getByLabel('Transport').selectOption('http');
    await page.getByLabel('URL', { exact: true }).fill(http!.url);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await poll(() => textOf(page.getByRole('region', { name: 'Server info' }))).toContain('connected');
    await runTool(page, 'echo');
    await page.getByLabel('message', { exact: true }).fill('over HTTP');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => outcome(page)).toContain('over HTTP');
    const wire = page.getByRole('region', { name: 'Wire log' });
    await poll(async () => wire.getByRole('listitem').filter({ hasText: 'HTTP POST' }).count()).toBeGreaterThan(0);
    await shoot(page, 'http');
  });
});
