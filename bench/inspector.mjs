#!/usr/bin/env node
/**
 * The inspector's wire log under load, in Chromium: 10,000 messages appended
 * to one connection's log (in bursts, as a busy server produces them), the
 * time until the browser shows them all; then scrolling through them frame
 * by frame (the list is virtualised) and a search over all of them.
 *
 *   node bench/inspector.mjs [--quick] [--json]
 *
 * Needs `npm run build` and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { openInspectorPage } from './lib/inspectorPage.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const COUNT = quick ? 2_000 : 10_000;
const BURST = 200;
const { inspector, browser, page } = await openInspectorPage('inspector', { width: 1400, height: 900 });
const wire = page.getByRole('region', { name: 'Wire log' });
await wire.getByText(/\d+ messages/).waitFor();
const before = Number(/(\d+) messages/.exec((await wire.getByRole('status').textContent()) ?? '')?.[1] ?? 0);
const connection = inspector.hub.connections[0];

// Requests and their responses, as a server under load would exchange them.
const started = performance.now();
for (let i = 0; i < COUNT; i += 2) {
  connection.log.add({
    kind: 'message',
    dir: 'out',
    message: {
      jsonrpc: '2.0',
      id: 10_000 + i,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: `message ${i}` } },
    },
  });
  connection.log.add({
    kind: 'message',
    dir: 'in',
    message: { jsonrpc: '2.0', id: 10_000 + i, result: { content: [{ type: 'text', text: `message ${i}` }] } },
  });
  if (i % BURST === 0) await new Promise((r) => setImmediate(r));
}
connection.log.flush();
const total = before + COUNT;
await wire.getByText(`${total} messages`).waitFor();
const appendMs = performance.now() - started;

// Scroll from the top to the bottom, one step per frame; the frame times say whether it stays smooth.
/* global document, requestAnimationFrame -- this function runs in the page */
const frames = await page.evaluate(async () => {
  const list = document.querySelector('.wire-list');
  list.scrollTop = 0;
  await new Promise((r) => requestAnimationFrame(r));
  const times = [];
  let last = performance.now();
  const step = Math.max(200, Math.floor(list.scrollHeight / 300));
  while (list.scrollTop + list.clientHeight < list.scrollHeight - 1) {
    list.scrollTop += step;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  // The same number of frames doing nothing: what the machine gives any page right now.
  const idle = [];
  last = performance.now();
  for (let i = 0; i < times.length; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    idle.push(now - last);
    last = now;
  }
  return { times, idle, rows: list.querySelectorAll('[role=listitem]').length };
});
const sorted = [...frames.times].sort((a, b) => a - b);
const pct = (p, list = sorted) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
const idleSorted = [...frames.idle].sort((a, b) => a - b);

// Search all of them: the time until the filtered count shows.
const searchStarted = performance.now();
await wire.getByLabel('Search').fill(`message ${COUNT - 2}"`);
await wire.getByText(`2 of ${total}`).waitFor();
const searchMs = performance.now() - searchStarted;

await browser.close();
await inspector.close();

const result = {
  messages: COUNT,
  appendAndRenderMs: Math.round(appendMs),
  scrollFrames: frames.times.length,
  frameMsP50: Number(pct(50).toFixed(1)),
  frameMsP95: Number(pct(95).toFixed(1)),
  frameMsMax: Number(pct(100).toFixed(1)),
  idleFrameMsP50: Number(pct(50, idleSorted).toFixed(1)),
  idleFrameMsP95: Number(pct(95, idleSorted).toFixed(1)),
  rowsInDom: frames.rows,
  searchMs: Math.round(searchMs),
};
if (asJson) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`inspector wire log, ${COUNT} messages in Chromium`);
  console.log(`  append and render all:   ${result.appendAndRenderMs} ms`);
  console.log(
    `  scroll top to bottom:    ${result.scrollFrames} frames, p50 ${result.frameMsP50} ms, p95 ${result.frameMsP95} ms, max ${result.frameMsMax} ms`,
  );
  console.log(`  idle frames, same page:  p50 ${result.idleFrameMsP50} ms, p95 ${result.idleFrameMsP95} ms (the machine's load)`);
  console.log(`  rows in the DOM:         ${result.rowsInDom} (virtualised)`);
  console.log(`  search all messages:     ${result.searchMs} ms`);
}
