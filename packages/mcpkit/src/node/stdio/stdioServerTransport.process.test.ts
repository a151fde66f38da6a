// Spawns real processes: the fixture server in test/fixtures, run on the built library.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HUGE_LINE_BYTES, malformedCases } from '../../../test/malformed.js';
import { assertBuilt, FIXTURE_SERVER, LinePeer } from '../../../test/processHelpers.js';

let live: LinePeer[] = [];

function start(args: string[] = []): LinePeer {
  const server = new LinePeer(FIXTURE_SERVER, args);
  live.push(server);
  return server;
}

/** Sends a request and returns its response, proving the server is up. */
async function ping(server: LinePeer, id: number | string): Promise<unknown> {
  await server.writeLine(JSON.stringify({ jsonrpc: '2.0', id, method: 'echo', params: { ping: id } }));
  return server.next();
}

beforeAll(() => {
  assertBuilt();
});

afterEach(() => {
  for (const server of live) server.kill();
  live = [];
});

describe('stdio server process', () => {
  it('exits within 1 s of its stdin closing', async () => {
    const server = start();
    expect(await ping(server, 1)).toStrictEqual({ jsonrpc: '2.0', id: 1, result: { ping: 1 } });
    const t0 = performance.now();
    server.child.stdin.end();
    const exit = await server.exited;
    const elapsed = performance.now() - t0;
    expect(exit).toStrictEqual({ code: 0, signal: null });
    expect(elapsed).toBeLessThan(5_000); // 250 ms of grace on an idle machine; loose for a loaded one
  });

  it('exits within 1 s of its stdin closing even when an interval and a request keep the event loop alive', async () => {
    const server = start(['--keep-alive']);
    expect(await ping(server, 1)).toMatchObject({ id: 1 });
    await server.writeLine(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slow', params: { ms: 60_000 } }));
    const t0 = performance.now();
    server.child.stdin.end();
    const exit = await server.exited;
    const elapsed = performance.now() - t0;
    expect(exit).toStrictEqual({ code: 0, signal: null });
    expect(elapsed).toBeLessThan(5_000); // 250 ms of grace on an idle machine; loose for a loaded one
    expect(elapsed).toBeGreaterThanOrEqual(200); // it waited out its grace period (250 ms), not killed early
  });

  it('still answers requests in flight when stdin closes right after them (a piped request file)', async () => {
    const server = start();
    await server.writeLine('{"jsonrpc":"2.0","id":1,"method":"slow","params":{"ms":50}}');
    await server.writeLine('{"jsonrpc":"2.0","id":2,"method":"echo","params":{"x":1}}');
    server.child.stdin.end();
    expect(await server.next()).toStrictEqual({ jsonrpc: '2.0', id: 2, result: { x: 1 } });
    expect(await server.next()).toStrictEqual({ jsonrpc: '2.0', id: 1, result: { slept: 50 } });
    expect(await server.exited).toStrictEqual({ code: 0, signal: null });
  });

  it('answers every malformed line with the right error and stays up', async () => {
    const server = start();
    const rows = malformedCases({ huge: true });
    let n = 0;
    for (const row of rows) {
      await server.writeLine(row.input);
      const id = `after-${String(n++)}`;
      await server.writeLine(JSON.stringify({ jsonrpc: '2.0', id, method: 'echo', params: { n } }));
      const first = await server.next(5000);
      if (row.reply) {
        const expected =
          row.id === undefined
            ? { jsonrpc: '2.0', error: { code: row.code, message: expect.any(String) as unknown } }
            : { jsonrpc: '2.0', id: row.id, error: { code: row.code, message: expect.any(String) as unknown } };
        expect(first, row.name).toStrictEqual(expected);
        expect(await server.next(), row.name).toStrictEqual({ jsonrpc: '2.0', id, result: { n } });
      } else {
        expect(first, row.name).toStrictEqual({ jsonrpc: '2.0', id, result: { n } });
      }
    }
    expect(server.unread).toBe(0);
    expect(await ping(server, 'final')).toStrictEqual({ jsonrpc: '2.0', id: 'final', result: { ping: 'final' } });
    expect(server.child.exitCode).toBeNull();
  });

  it('refuses a 20 MiB line over its maxMessageBytes with -32600 and answers the next line', async () => {
    const server = start(['--max-bytes', String(1024 * 1024)]);
    const line = '{"jsonrpc":"2.0","id":1,"method":"echo","params":{"s":"' + 'x'.repeat(HUGE_LINE_BYTES) + '"}}';
    await server.writeLine(line);
    expect(await server.next(5000)).toStrictEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: `Message of ${String(line.length)} bytes exceeds the limit of 1048576 bytes` },
    });
    expect(await ping(server, 2)).toStrictEqual({ jsonrpc: '2.0', id: 2, result: { ping: 2 } });
  });

  it('answers -32603 for a result nested too deeply to serialize, and stays up', async () => {
    const server = start();
    const depth = 100_000;
    await server.writeLine(
      `{"jsonrpc":"2.0","id":"deep","method":"echo","params":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    );
    expect(await server.next()).toStrictEqual({ jsonrpc: '2.0', id: 'deep', error: { code: -32603, message: 'Internal error' } });
    expect(await ping(server, 3)).toMatchObject({ id: 3 });
  });

  it('masks a failing handler’s message on the wire', async () => {
    const server = start();
    await server.writeLine('{"jsonrpc":"2.0","id":1,"method":"fail"}');
    expect(await server.next()).toStrictEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } });
  });

  it('writes nothing but protocol on stdout: console.log goes to stderr', async () => {
    const server = start();
    await server.writeLine('{"jsonrpc":"2.0","id":1,"method":"log","params":{"text":"hello from the handler"}}');
    expect(await server.next()).toStrictEqual({ jsonrpc: '2.0', id: 1, result: 'logged' });
    server.child.stdin.end();
    await server.exited;
    expect(server.unread).toBe(0);
    expect(server.stderr.split('hello from the handler')).toHaveLength(4); // log, info and debug
  });
});
