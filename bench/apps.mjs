#!/usr/bin/env node
/**
 * MCP Apps in the inspector, in Chromium, against the everything server
 * over stdio: the time from a tool's result showing to its app's first
 * render (the document read from the server, served from the sandbox
 * origin, initialized over the bridge, the result delivered and painted),
 * and the round trip app → host → server → host → app of the app's
 * "Get server time" button.
 *
 *   node bench/apps.mjs [--quick] [--json]
 *
 * Needs `npm run build` and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { openInspectorPage } from './lib/inspectorPage.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const RENDERS = quick ? 3 : 15;
const ROUND_TRIPS = quick ? 10 : 100;
const { inspector, browser, page } = await openInspectorPage('apps', { width: 1400, height: 1000 });
await page.getByRole('button', { name: 'Tools', exact: true }).click();
await page.getByRole('region', { name: 'Tool list' }).getByRole('button', { name: 'show_server_time', exact: true }).click();

/* global document, MutationObserver -- these functions run in the page */
// Timed in the page: from the Result section appearing to the app's frame showing the time.
const firstRender = [];
for (let i = 0; i < RENDERS; i++) {
  const timing = page.evaluate(
    () =>
      new Promise((resolve) => {
        // The earlier run's result and frame go first (the run clears them), then the new ones come.
        const old = document.querySelector('section[aria-label="App"] iframe');
        let cleared = document.querySelector('section[aria-label="Result"]') === null;
        let resultAt;
        const poll = () => {
          const result = document.querySelector('section[aria-label="Result"]');
          if (!cleared) cleared = result === null;
          else if (resultAt === undefined && result !== null) resultAt = performance.now();
          const frame = document.querySelector('section[aria-label="App"] iframe');
          // The frame is cross-origin: its render is seen through its size report, which follows it.
          if (resultAt !== undefined && frame !== null && frame !== old && frame.style.height !== '160px') {
            resolve(performance.now() - resultAt);
          } else setTimeout(poll, 1);
        };
        poll();
      }),
  );
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  firstRender.push(await timing);
  // The next run starts from an empty result.
  await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
}

// The app's tool calls wait for the user: allowed once for this app, the timed clicks go straight through.
const app = page.frameLocator('section[aria-label="App"] iframe');
await app.getByRole('button', { name: 'Get server time' }).click();
await page
  .getByRole('region', { name: 'App requests' })
  .getByRole('button', { name: 'Allow get_server_time for this app' })
  .click();
await app.getByText('Updated through the host').waitFor();

// The round trip, timed inside the app's frame: click, until its status says the new time arrived.
const frame = page.frames().find((f) => f.url().includes('/app/'));
const roundTrips = await frame.evaluate(async (count) => {
  const status = document.getElementById('status');
  const button = document.getElementById('refresh');
  const times = [];
  for (let i = 0; i < count; i++) {
    status.textContent = '';
    const started = performance.now();
    await new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (status.textContent === 'Updated through the host') {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(status, { childList: true, characterData: true, subtree: true });
      button.click();
    });
    times.push(performance.now() - started);
  }
  return times;
}, ROUND_TRIPS);

await browser.close();
await inspector.close();

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const p95 = (list) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.95))] ?? 0;
const result = {
  renders: RENDERS,
  firstRenderMsP50: Number(median(firstRender).toFixed(1)),
  firstRenderMsP95: Number(p95(firstRender).toFixed(1)),
  roundTrips: ROUND_TRIPS,
  roundTripMsP50: Number(median(roundTrips).toFixed(1)),
  roundTripMsP95: Number(p95(roundTrips).toFixed(1)),
};
if (asJson) console.log(JSON.stringify(result, null, 2));
else {
  console.log('MCP Apps in the inspector (everything server over stdio, Chromium)');
  console.log(
    `  tool result → app first render: p50 ${result.firstRenderMsP50} ms, p95 ${result.firstRenderMsP95} ms (${RENDERS} runs)`,
  );
  console.log(
    `  app → server → app round trip:  p50 ${result.roundTripMsP50} ms, p95 ${result.roundTripMsP95} ms (${ROUND_TRIPS} clicks, timed in the app)`,
  );
}
