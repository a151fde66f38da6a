import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordingSink, sleep } from '../../../test/helpers.js';
import { StdioServerTransport } from './stdioServerTransport.js';

/** A server transport over in-memory streams, with `process.exit` stubbed out. */
async function harness(options: { onStdinClose?: 'exit' | 'close'; exitGraceMs?: number } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as () => never);
  const transport = new StdioServerTransport({ stdin, stdout, ...options });
  const sink = new RecordingSink();
  await transport.start(sink);
  return { stdin, stdout, transport, sink, exit };
}

function lines(stdout: PassThrough): unknown[] {
  const text = (stdout.read() as Buffer | null)?.toString('utf8') ?? '';
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StdioServerTransport (in-process, on given streams)', () => {
  it('reads lines from stdin and writes one line per message to stdout', async () => {
    const { stdin, stdout, transport, sink } = await harness({ onStdinClose: 'close' });
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await sink.waitForFrames(1);
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(sink.frames).toStrictEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(lines(stdout)).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it("in 'close' mode, closes as soon as stdin ends and never exits the process", async () => {
    const { stdin, sink, exit } = await harness({ onStdinClose: 'close', exitGraceMs: 10 });
    stdin.end();
    expect(await sink.whenClosed).toBeUndefined();
    await sleep(40);
    expect(exit).not.toHaveBeenCalled();
  });

  it("in 'exit' mode, lets requests in flight answer for exitGraceMs, then closes and exits with 0", async () => {
    const { stdin, stdout, transport, sink, exit } = await harness({ exitGraceMs: 60 });
    stdin.end();
    await sleep(20);
    expect(sink.closedWith).toStrictEqual([]);
    await transport.send({ jsonrpc: '2.0', id: 1, result: 'late but in time' });
    expect(lines(stdout)).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: 'late but in time' }]);
    await sink.whenClosed;
    await vi.waitFor(() => {
      expect(exit).toHaveBeenCalledWith(0);
    });
    await expect(transport.send({ jsonrpc: '2.0', method: 'n' })).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('does not exit when the application closed the transport itself', async () => {
    const { transport, sink, exit, stdout } = await harness({ exitGraceMs: 10 });
    await transport.close();
    expect(await sink.whenClosed).toBeUndefined();
    await sleep(40);
    expect(exit).not.toHaveBeenCalled();
    expect(stdout.writableEnded).toBe(true); // the client sees EOF
  });

  it('exits after a failure of its streams (the client vanished)', async () => {
    const { stdin, sink, exit } = await harness({ exitGraceMs: 10 });
    stdin.destroy(new Error('EIO'));
    expect(await sink.whenClosed).toMatchObject({ code: 'TRANSPORT_FAILED' });
    await vi.waitFor(() => {
      expect(exit).toHaveBeenCalledWith(0);
    });
  });

  it('leaves console alone when given its own stdout', async () => {
    const log = console.log;
    await harness({ onStdinClose: 'close' });
    expect(console.log).toBe(log);
  });
});
