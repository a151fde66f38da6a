/**
 * What the browser benches of the inspector share: Chromium found (or a
 * clear exit), `mcpkit inspect`'s server started on the everything server
 * over stdio, and a page open on it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startInspector } from '../../apps/inspector/dist/index.js';

/**
 * Starts the inspector on the everything server and opens it in Chromium.
 * `bench` names the script in the error when Chromium is missing.
 */
export async function openInspectorPage(bench, viewport) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    console.error(`bench/${bench}: no Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    process.exit(1);
  }
  const bin = fileURLToPath(new URL('../../packages/mcpkit/bin/mcpkit.js', import.meta.url));
  const inspector = await startInspector({
    port: 0,
    targets: [
      {
        type: 'stdio',
        name: 'everything',
        command: process.execPath,
        args: [bin, 'serve', 'everything'],
        env: {},
        era: 'handshake',
      },
    ],
  });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(120_000);
  await page.goto(inspector.url);
  return { inspector, browser, page };
}
