import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RecordingSink } from '../../test/helpers.js';
import { HUGE_LINE_BYTES, malformedCases } from '../../test/malformed.js';
import { serveEcho } from '../../test/echoServer.js';
import { StreamTransport } from '../node/stdio/streamTransport.js';
import { decode, decodeValue, encode, isValidId } from './codec.js';
import { JsonRpcErrorCode } from './errorCodes.js';

const enc = new TextEncoder();

describe('decode: the malformed-input table', () => {
  it.each(malformedCases().map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const result = decode(row.input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(row.code);
    expect(result.error.message).toMatch(
      row.code === JsonRpcErrorCode.ParseError ? /^Parse error/ : /^Invalid (request|response)/,
    );
    expect(result.id).toStrictEqual(row.id);
    expect(result.reply).toBe(row.reply);
  });

  it('has at least 30 rows', () => {
    expect(malformedCases().length).toBeGreaterThanOrEqual(30);
  });

  it('gives the same answer for text and for its UTF-8 bytes', () => {
    for (const row of malformedCases()) {
      if (typeof row.input !== 'string') continue;
      expect(decode(enc.encode(row.input)), row.name).toStrictEqual(decode(row.input));
    }
  });

  it('answers a 20 MiB line of garbage with -32700', () => {
    const result = decode('x'.repeat(HUGE_LINE_BYTES));
    expect(result).toStrictEqual({ ok: false, error: { code: -32700, message: 'Parse error: invalid JSON' }, reply: true });
  });
});

describe('decode: valid messages', () => {
  it('accepts a request with named params', () => {
    const line = '{"jsonrpc":"2.0","id":1,"method":"echo","params":{"a":[1,2]}}';
    expect(decode(line)).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', id: 1, method: 'echo', params: { a: [1, 2] } } });
  });

  it('accepts positional params, string ids, zero and negative ids', () => {
    for (const id of ['abc', '', 0, -5, Number.MAX_SAFE_INTEGER]) {
      const result = decode(JSON.stringify({ jsonrpc: '2.0', id, method: 'm', params: [1] }));
      expect(result).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', id, method: 'm', params: [1] } });
    }
  });

  it('accepts a notification (no id)', () => {
    expect(decode('{"jsonrpc":"2.0","method":"note"}')).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', method: 'note' } });
  });

  it('accepts result and error responses', () => {
    expect(decode('{"jsonrpc":"2.0","id":"x","result":null}')).toStrictEqual({
      ok: true,
      message: { jsonrpc: '2.0', id: 'x', result: null },
    });
    const error = '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"nope","data":{"d":1}}}';
    expect(decode(error)).toStrictEqual({
      ok: true,
      message: { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'nope', data: { d: 1 } } },
    });
  });

  it('accepts an error about an unreadable message (null id) and drops the null', () => {
    const result = decode('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
    expect(result).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } } });
  });

  it('ignores a UTF-8 byte order mark in bytes (RFC 8259 allows it)', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode('{"jsonrpc":"2.0","method":"n"}')]);
    expect(decode(bytes)).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', method: 'n' } });
  });

  it('decodes multi-byte UTF-8 exactly', () => {
    const result = decode(enc.encode('{"jsonrpc":"2.0","method":"n","params":{"s":"é€😀"}}'));
    expect(result).toStrictEqual({ ok: true, message: { jsonrpc: '2.0', method: 'n', params: { s: 'é€😀' } } });
  });

  it('treats "__proto__" as plain data', () => {
    const result = decode('{"jsonrpc":"2.0","id":1,"method":"echo","__proto__":{"method":5}}');
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>)['method']).toBeUndefined();
  });
});

describe('decodeValue and batches', () => {
  it('validates an already-parsed object', () => {
    expect(decodeValue({ jsonrpc: '2.0', id: 1, method: 'm' })).toStrictEqual({
      ok: true,
      message: { jsonrpc: '2.0', id: 1, method: 'm' },
    });
    expect(decodeValue({ jsonrpc: '2.0', id: null, method: 'm' })).toMatchObject({ ok: false, error: { code: -32600 } });
  });

  it('rejects a batch unless allowed', () => {
    const batch = [{ jsonrpc: '2.0', id: 1, method: 'm' }];
    expect(decodeValue(batch)).toMatchObject({ ok: false, error: { code: -32600 }, reply: true });
    expect(decodeValue(batch, { allowBatch: false })).toMatchObject({ ok: false, error: { code: -32600 } });
  });

  it('decodes each element of an allowed batch on its own', () => {
    const result = decode(
      '[{"jsonrpc":"2.0","id":1,"method":"m"},{"jsonrpc":"2.0","id":null,"method":"m"},5,{"jsonrpc":"2.0","method":"n"}]',
      {
        allowBatch: true,
      },
    );
    expect(result).toStrictEqual({
      ok: true,
      batch: [
        { ok: true, message: { jsonrpc: '2.0', id: 1, method: 'm' } },
        { ok: false, error: { code: -32600, message: 'Invalid request: "id" must be a string or an integer' }, reply: true },
        { ok: false, error: { code: -32600, message: 'Invalid request: a message must be a JSON object' }, reply: true },
        { ok: true, message: { jsonrpc: '2.0', method: 'n' } },
      ],
    });
  });

  it('rejects an empty batch even when batches are allowed', () => {
    expect(decode('[]', { allowBatch: true })).toStrictEqual({
      ok: false,
      error: { code: -32600, message: 'Invalid request: empty batch' },
      reply: true,
    });
  });
});

describe('encode', () => {
  it('writes one line with no raw newline, even when strings contain newlines', () => {
    const text = encode({ jsonrpc: '2.0', method: 'n', params: { s: 'a\nb\r\nc\u2028d' } });
    expect(text).not.toMatch(/[\n\r]/);
    expect(JSON.parse(text)).toStrictEqual({ jsonrpc: '2.0', method: 'n', params: { s: 'a\nb\r\nc\u2028d' } });
  });

  it('round-trips a batch through decode', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, result: { x: 1 } },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'nope' } },
    ] as const;
    const result = decode(encode(batch), { allowBatch: true });
    expect(result).toStrictEqual({ ok: true, batch: batch.map((message) => ({ ok: true, message })) });
  });
});

describe('isValidId', () => {
  it.each([
    ['a string', 'x', true],
    ['an empty string', '', true],
    ['zero', 0, true],
    ['a negative integer', -1, true],
    ['MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER, true],
    ['2^53', 2 ** 53, false],
    ['a fraction', 0.5, false],
    ['NaN', NaN, false],
    ['Infinity', Infinity, false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['an object', {}, false],
    ['a bigint', 1n, false],
  ])('%s → %s', (_name, id, valid) => {
    expect(isValidId(id)).toBe(valid);
  });
});

describe('a line longer than maxMessageBytes', () => {
  it('is answered with -32600 (not buffered, not parsed) and the next line still works', async () => {
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const server = serveEcho(new StreamTransport(toServer, fromServer, { maxMessageBytes: 1024 * 1024 }));
    await server.ready;
    const client = new StreamTransport(fromServer, toServer);
    const sink = new RecordingSink();
    await client.start(sink);

    // 20 MiB in 64 KiB chunks, as a pipe would deliver it, then a valid request.
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    for (let sent = 0; sent < HUGE_LINE_BYTES; sent += chunk.length) toServer.write(chunk);
    toServer.write('\n{"jsonrpc":"2.0","id":1,"method":"echo","params":{"after":true}}\n');

    const frames = await sink.waitForFrames(2);
    expect(frames[0]).toStrictEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: `Message of ${HUGE_LINE_BYTES} bytes exceeds the limit of 1048576 bytes` },
    });
    expect(frames[1]).toStrictEqual({ jsonrpc: '2.0', id: 1, result: { after: true } });
    await server.connection.close();
  });
});
