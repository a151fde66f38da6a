// `mcpkit inspect` through the npm bin, as people type it: the inspector's code
// then runs from a chunk of the CLI bundle inside the mcpkit package, and must
// still find its front end (it once looked one folder off and answered 500).
// The inspector's own tests start it from its package; this one does not.
import { get } from '../../inspector/test/helpers.js';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { LinePeer } from '../../../packages/mcpkit/test/processHelpers.js';
import { assertCliBuilt } from '../../../test/support/process.js';

const BIN = fileURLToPath(new URL('../../../packages/mcpkit/bin/mcpkit.js', import.meta.url));

let peer: LinePeer | undefined;

beforeAll(() => {
  assertCliBuilt();
});

afterEach(() => {
  peer?.kill();
  peer = undefined;
});

it('mcpkit inspect, run through the bin, serves the page and its assets', async () => {
  peer = new LinePeer(BIN, ['inspect', '--port', '0', '--no-open', '--', process.execPath, BIN, 'serve', 'everything']);
  const [, url] = await peer.stdoutMatches(/mcpkit inspector: (http:\/\/127\.0\.0\.1:\d+\/\S*)/, 30_000);
  const { port, pathname, search } = new URL(url ?? '');
  const page = await get(Number(port), `${pathname}${search}`, {});
  expect(page.status).toBe(200);
  expect(page.body).toContain('<title>mcpkit inspector</title>');
  expect(page.body).toContain('<script type="module" src="/assets/app.js"></script>');
  const script = await get(Number(port), '/assets/app.js', {});
  expect(script.status).toBe(200);
  expect(script.body.length).toBeGreaterThan(1000);
  const style = await get(Number(port), '/assets/app.css', {});
  expect(style.status).toBe(200);
}, 60_000);
