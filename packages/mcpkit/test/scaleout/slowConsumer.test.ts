/**
 * A slow consumer cannot grow a process's memory without bound: a client
 * that opens its GET stream and stops reading is cut off once 8 MiB are
 * buffered for it (its events stay in the store, for `Last-Event-ID`).
 */
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { MemoryShared } from '../../src/scaleout/index.js';
import { serveHttp, type HttpServerHandle } from '../../src/node/http/server/serveHttp.js';
import { makeFixture } from '../http/fixture.js';
import { RawSession } from './rawSession.js';

let served: HttpServerHandle | undefined;
afterEach(async () => {
  await served?.close();
});

it('cuts off a GET stream whose client stopped reading, well before everything is written', async () => {
  const fixture = makeFixture();
  served = await serveHttp(fixture.server, { store: new MemoryShared().store(), keepAliveMs: 0 });
  const session = await RawSession.open(served.url);
  const uri = `test://static?${'x'.repeat(64 * 1024)}`;
  await session.request('resources/subscribe', { uri });
  const url = new URL(served.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve) =>
    socket.once('connect', () => {
      resolve();
    }),
  );
  const headers = session.headers();
  socket.write(
    `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`,
  );
  socket.pause();
  await new Promise((r) => setTimeout(r, 200));
  const events = 400; // 25 MiB in all
  for (let i = 0; i < events; i++) {
    fixture.server.notifyResourceUpdated(uri);
    if (i % 20 === 19) await new Promise((r) => setTimeout(r, 5));
  }
  let received = 0;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      resolve();
    }),
  );
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
  });
  await new Promise((r) => setTimeout(r, 300));
  socket.resume();
  await closed;
  expect(received).toBeGreaterThan(64 * 1024);
  expect(received).toBeLessThan(events * uri.length);
  // The session lives on: the client may resume.
  expect((await session.request('ping'))[0]).toMatchObject({ result: {} });
}, 60_000);
