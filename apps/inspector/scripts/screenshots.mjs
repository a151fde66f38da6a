#!/usr/bin/env node
/**
 * Regenerates the inspector's screenshots in packages/mcpkit/docs/images:
 * the built inspector against the everything server, driven in Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). Run after `npm run build`:
 *
 *   node apps/inspector/scripts/screenshots.mjs
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startInspector } from '../dist/index.js';

const out = fileURLToPath(new URL('../../../packages/mcpkit/docs/images/', import.meta.url));
const bin = fileURLToPath(new URL('../../../packages/mcpkit/bin/mcpkit.js', import.meta.url));
const inspector = await startInspector({
  port: 0,
  targets: [
    {
      kind: 'stdio',
      command: process.execPath,
      args: [bin, 'serve', 'everything'],
      env: {},
      era: 'handshake',
      label: 'everything',
    },
  ],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 620 } });
  page.setDefaultTimeout(30_000);
  await page.goto(inspector.url);
  await page.getByRole('region', { name: 'Server info' }).getByText('connected').waitFor();
  await page.screenshot({ path: `${out}inspector-server.png` });

  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'add', exact: true }).click();
  await page.getByLabel('a', { exact: true }).fill('2');
  await page.getByLabel('b', { exact: true }).fill('40');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('region', { name: 'Result' }).getByText('42').first().waitFor();
  await page.screenshot({ path: `${out}inspector-tools.png` });

  await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'elicit_form', exact: true }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Elicitation request' });
  await dialog.getByLabel('email', { exact: true }).fill('ada@example.com');
  await page.screenshot({ path: `${out}inspector-elicitation.png` });
  await dialog.getByRole('button', { name: 'Accept' }).click();

  await page.getByRole('button', { name: 'Session', exact: true }).click();
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
  await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'echo', exact: true }).click();
  await page.getByLabel('message', { exact: true }).fill('recorded');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('region', { name: 'Result' }).waitFor();
  await page.getByRole('button', { name: 'Session', exact: true }).click();
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.getByRole('region', { name: 'Replay report' }).waitFor();
  await page.screenshot({ path: `${out}inspector-session.png` });
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await inspector.close();
}
