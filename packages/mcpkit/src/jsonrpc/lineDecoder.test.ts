import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './lineDecoder.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A decoder whose lines and oversize reports are collected as text and numbers. */
function collect(max?: number): { decoder: LineDecoder; events: (string | number)[] } {
  const events: (string | number)[] = [];
  const decoder = new LineDecoder(
    {
      line: (bytes) => events.push(dec.decode(bytes)),
      oversize: (bytes) => events.push(bytes),
    },
    max,
  );
  return { decoder, events };
}

function feed(decoder: LineDecoder, ...chunks: (string | Uint8Array)[]): void {
  for (const chunk of chunks) decoder.push(typeof chunk === 'string' ? enc.encode(chunk) : chunk);
}

describe('LineDecoder', () => {
  it('splits one chunk holding several lines', () => {
    const { decoder, events } = collect();
    feed(decoder, '{"a":1}\n{"b":2}\n{"c":3}\n');
    expect(events).toStrictEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(decoder.pending).toBe(false);
  });

  it('joins a line split across many chunks, one byte at a time', () => {
    const { decoder, events } = collect();
    const text = '{"jsonrpc":"2.0","method":"n"}\n';
    for (const ch of text) feed(decoder, ch);
    expect(events).toStrictEqual(['{"jsonrpc":"2.0","method":"n"}']);
  });

  it('keeps a multi-byte character split across chunks intact', () => {
    const { decoder, events } = collect();
    const bytes = enc.encode('"é€😀"\n');
    for (let i = 0; i < bytes.length; i++) decoder.push(bytes.subarray(i, i + 1));
    expect(events).toStrictEqual(['"é€😀"']);
  });

  it('holds a partial line until its newline arrives', () => {
    const { decoder, events } = collect();
    feed(decoder, '{"a":');
    expect(events).toStrictEqual([]);
    expect(decoder.pending).toBe(true);
    feed(decoder, '1}\n{"b"');
    expect(events).toStrictEqual(['{"a":1}']);
    expect(decoder.pending).toBe(true);
  });

  it('strips the CR of CRLF line endings', () => {
    const { decoder, events } = collect();
    feed(decoder, '{"a":1}\r\n{"b":2}\r', '\n');
    expect(events).toStrictEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips blank and whitespace-only lines', () => {
    const { decoder, events } = collect();
    feed(decoder, '\n\n   \n\t\r\n\r\n{"a":1}\n\n');
    expect(events).toStrictEqual(['{"a":1}']);
  });

  it('does not let the sink see bytes the stream may reuse', () => {
    const { decoder, events } = collect();
    const chunk = enc.encode('{"a":');
    decoder.push(chunk);
    chunk.fill(0x20); // the stream reuses its buffer
    feed(decoder, '1}\n');
    expect(events).toStrictEqual(['{"a":1}']);
  });

  it('reports an oversize line by its length and recovers on the next line', () => {
    const { decoder, events } = collect(10);
    feed(decoder, 'x'.repeat(25) + '\n{"a":1}\n');
    expect(events).toStrictEqual([25, '{"a":1}']);
    expect(decoder.pending).toBe(false);
  });

  it('discards an oversize line arriving in chunks without buffering it, then recovers', () => {
    const { decoder, events } = collect(16);
    feed(decoder, 'x'.repeat(10), 'y'.repeat(10)); // over the limit before the newline arrives
    expect(decoder.pending).toBe(true);
    feed(decoder, 'z'.repeat(1000), 'end\n{"ok":1}', '\n');
    expect(events).toStrictEqual([1023, '{"ok":1}']);
  });

  it('accepts a line of exactly the limit and refuses one byte more', () => {
    const { decoder, events } = collect(8);
    feed(decoder, '12345678\n123456789\n1234', '5678\n');
    expect(events).toStrictEqual(['12345678', 9, '12345678']);
  });

  it('handles a 20 MiB line in 64 KiB chunks against a 1 MiB limit', () => {
    const { decoder, events } = collect(1024 * 1024);
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    for (let i = 0; i < 320; i++) decoder.push(chunk);
    feed(decoder, '\n{"next":true}\n');
    expect(events).toStrictEqual([20 * 1024 * 1024, '{"next":true}']);
  });

  it('defaults to a 64 MiB limit', () => {
    expect(DEFAULT_MAX_LINE_BYTES).toBe(64 * 1024 * 1024);
  });
});
