import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { RecordingSink, sleep } from '../../../test/helpers.js';
import { runTransportContract } from '../../../test/transportContract.js';
import { StreamTransport } from './streamTransport.js';

/** Two transports joined by two PassThrough streams, as two processes joined by pipes. */
function pipePair(options?: { maxMessageBytes?: number }): {
  a: StreamTransport;
  b: StreamTransport;
  aToB: PassThrough;
  bToA: PassThrough;
} {
  const aToB = new PassThrough();
  const bToA = new PassThrough();
  return { a: new StreamTransport(bToA, aToB, options), b: new StreamTransport(aToB, bToA, options), aToB, bToA };
}

runTransportContract('StreamTransport over PassThrough pairs', {
  create: () => Promise.resolve(pipePair()),
});

/** A transport over an input the test writes to and an output it reads back. */
async function harness(options?: { maxMessageBytes?: number }) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StreamTransport(input, output, options);
  const sink = new RecordingSink();
  await transport.start(sink);
  return { input, output, transport, sink };
}

function readAll(stream: PassThrough): string {
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while ((chunk = stream.read() as Buffer | null) !== null) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('StreamTransport', () => {
  it('coalesces every send of one event-loop turn into a single write', async () => {
    const { output, transport } = await harness();
    const write = vi.spyOn(output, 'write');
    const sends = [1, 2, 3].map((n) => transport.send({ jsonrpc: '2.0', method: 'n', params: { n } }));
    await Promise.all(sends);
    expect(write).toHaveBeenCalledOnce();
    expect(readAll(output)).toBe(
      '{"jsonrpc":"2.0","method":"n","params":{"n":1}}\n{"jsonrpc":"2.0","method":"n","params":{"n":2}}\n{"jsonrpc":"2.0","method":"n","params":{"n":3}}\n',
    );
  });

  it('splits inbound lines however the chunks fall, including string chunks and CRLF', async () => {
    const { input, sink } = await harness();
    input.write('{"jsonrpc":"2.0","met');
    input.write(Buffer.from('hod":"a"}\r\n\n{"jsonrpc":"2.0","method":"b"}\n'));
    const frames = await sink.waitForFrames(2);
    expect(frames).toStrictEqual([
      { jsonrpc: '2.0', method: 'a' },
      { jsonrpc: '2.0', method: 'b' },
    ]);
  });

  it('refuses a line over maxMessageBytes with -32600 and reads the next line', async () => {
    const { input, sink } = await harness({ maxMessageBytes: 100 });
    input.write('x'.repeat(250) + '\n{"jsonrpc":"2.0","method":"after"}\n');
    await sink.waitForFrames(2);
    expect(sink.rejected).toStrictEqual([{ code: -32600, message: 'Message of 250 bytes exceeds the limit of 100 bytes' }]);
    expect(sink.frames).toStrictEqual([{ jsonrpc: '2.0', method: 'after' }]);
  });

  it('closes with TRANSPORT_FAILED when the input fails, and rejects later sends', async () => {
    const { input, transport, sink } = await harness();
    input.destroy(new Error('EIO'));
    const error = await sink.whenClosed;
    expect(error).toMatchObject({ code: 'TRANSPORT_FAILED', message: 'Input stream failed: EIO' });
    await expect(transport.send({ jsonrpc: '2.0', method: 'n' })).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(sink.closedWith).toHaveLength(1);
  });

  it('closes with TRANSPORT_FAILED when the output fails (EPIPE), and survives later output errors', async () => {
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const transport = new StreamTransport(new PassThrough(), output);
    const sink = new RecordingSink();
    await transport.start(sink);
    const sent = transport.send({ jsonrpc: '2.0', method: 'n' });
    await expect(sent).rejects.toMatchObject({ code: 'TRANSPORT_FAILED' });
    const error = await sink.whenClosed;
    expect(error).toMatchObject({ code: 'TRANSPORT_FAILED', message: 'Output stream failed: write EPIPE' });
    output.emit('error', new Error('late EPIPE')); // must not throw
    expect(sink.closedWith).toHaveLength(1);
  });

  it('stops reading while the output is full, and resumes once it drains', async () => {
    const input = new PassThrough();
    const output = new PassThrough({ highWaterMark: 16 });
    const transport = new StreamTransport(input, output);
    await transport.start(new RecordingSink());
    void transport.send({ jsonrpc: '2.0', method: 'big', params: { s: 'x'.repeat(1000) } });
    await sleep(5);
    expect(input.isPaused()).toBe(true);
    // Sent while draining: queued, written after the drain, in order.
    const later = transport.send({ jsonrpc: '2.0', method: 'later' });
    const text = readAll(output);
    await later;
    const rest = readAll(output);
    expect(input.isPaused()).toBe(false);
    expect(
      (text + rest)
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { method: string }).method),
    ).toStrictEqual(['big', 'later']);
  });

  it('on close: flushes queued messages, ends its output and stops reading', async () => {
    const { input, output, transport, sink } = await harness();
    void transport.send({ jsonrpc: '2.0', method: 'queued' });
    await transport.close();
    expect(sink.closedWith).toStrictEqual([undefined]);
    expect(readAll(output)).toBe('{"jsonrpc":"2.0","method":"queued"}\n');
    expect(output.writableEnded).toBe(true);
    expect(input.isPaused()).toBe(true);
    input.write('{"jsonrpc":"2.0","method":"ignored"}\n');
    await sleep(5);
    expect(sink.frames).toStrictEqual([]);
  });

  it('ends quietly when the input ends mid-line', async () => {
    const { input, sink } = await harness();
    input.end('{"jsonrpc":"2.0","method":"trunc');
    expect(await sink.whenClosed).toBeUndefined();
    expect(sink.frames).toStrictEqual([]);
    expect(sink.rejected).toStrictEqual([]);
  });
});
