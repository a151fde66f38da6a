/**
 * The malformed-input table: frames a peer (buggy, hostile or truncated) may
 * send, each with the error it must get. Shared by the codec unit tests, the
 * connection tests and the real-process stdio tests, so every layer answers
 * the same input the same way.
 *
 * @module
 */
import { JsonRpcErrorCode } from '../src/jsonrpc/errorCodes.js';
import type { RequestId } from '../src/jsonrpc/message.js';

/** One row of the table. */
export interface MalformedCase {
  readonly name: string;
  /** The frame as text, or raw bytes (for invalid UTF-8). Never contains a newline. */
  readonly input: string | Uint8Array;
  /** The error code the frame must get. */
  readonly code: number;
  /** The id the error reply carries; absent when the id cannot be read. */
  readonly id?: RequestId;
  /** False when no reply is due: a malformed *response* is never answered. */
  readonly reply: boolean;
}

const P = JsonRpcErrorCode.ParseError;
const I = JsonRpcErrorCode.InvalidRequest;
const enc = new TextEncoder();

/** `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"s":"<bytes>"}}` with raw bytes spliced into the string. */
function withRawBytes(bytes: readonly number[]): Uint8Array {
  const head = enc.encode('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"s":"');
  const tail = enc.encode('"}}');
  const out = new Uint8Array(head.length + bytes.length + tail.length);
  out.set(head, 0);
  out.set(bytes, head.length);
  out.set(tail, head.length + bytes.length);
  return out;
}

const DEEP = 100_000;

/** Size of the big garbage line (20 MiB). */
export const HUGE_LINE_BYTES: number = 20 * 1024 * 1024;

/**
 * Builds the table. `huge` adds the 20 MiB garbage line (skip it where the
 * cost of building and sending 20 MiB is not the point of the test).
 */
export function malformedCases(options: { huge?: boolean } = {}): MalformedCase[] {
  const rows: MalformedCase[] = [
    // Not JSON at all: -32700, and the id cannot be read.
    { name: 'plain text', input: 'hello', code: P, reply: true },
    { name: 'truncated object', input: '{"jsonrpc":"2.0","id":1,"method":"echo"', code: P, reply: true },
    { name: 'truncated inside a string', input: '{"jsonrpc":"2.0","id":1,"meth', code: P, reply: true },
    { name: 'truncated after a colon', input: '{"jsonrpc":"2.0","id":', code: P, reply: true },
    { name: 'trailing comma', input: '{"jsonrpc":"2.0","id":1,"method":"echo",}', code: P, reply: true },
    { name: 'single quotes', input: "{'jsonrpc':'2.0','id':1,'method':'echo'}", code: P, reply: true },
    { name: 'NaN literal id', input: '{"jsonrpc":"2.0","id":NaN,"method":"echo"}', code: P, reply: true },
    {
      name: 'two objects on one line',
      input: '{"jsonrpc":"2.0","id":1,"method":"echo"}{"jsonrpc":"2.0","id":2,"method":"echo"}',
      code: P,
      reply: true,
    },
    { name: 'raw control character in a string', input: '{"jsonrpc":"2.0","id":1,"method":"ec\u0001ho"}', code: P, reply: true },
    { name: 'NUL byte between tokens', input: '{"jsonrpc":"2.0",\u0000"id":1,"method":"echo"}', code: P, reply: true },
    { name: 'invalid UTF-8: 0xFF 0xFE', input: withRawBytes([0xff, 0xfe]), code: P, reply: true },
    { name: 'invalid UTF-8: lone continuation byte', input: withRawBytes([0x80]), code: P, reply: true },
    { name: 'invalid UTF-8: overlong "/"', input: withRawBytes([0xc0, 0xaf]), code: P, reply: true },
    { name: 'invalid UTF-8: encoded surrogate', input: withRawBytes([0xed, 0xa0, 0x80]), code: P, reply: true },
    { name: 'invalid UTF-8: truncated sequence', input: withRawBytes([0xe2, 0x82]), code: P, reply: true },
    { name: 'deep nesting, unterminated', input: '['.repeat(DEEP), code: P, reply: true },

    // Valid JSON that is not a message: -32600.
    { name: 'JSON string', input: '"hello"', code: I, reply: true },
    { name: 'JSON number', input: '42', code: I, reply: true },
    { name: 'JSON null', input: 'null', code: I, reply: true },
    { name: 'JSON true', input: 'true', code: I, reply: true },
    { name: 'empty object', input: '{}', code: I, reply: true },
    { name: 'batch when batches are not allowed', input: '[{"jsonrpc":"2.0","id":1,"method":"echo"}]', code: I, reply: true },
    { name: 'empty array', input: '[]', code: I, reply: true },
    { name: 'deep nesting: 100k arrays', input: '['.repeat(DEEP) + ']'.repeat(DEEP), code: I, reply: true },
    { name: 'deep nesting: 100k objects', input: '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP), code: I, reply: true },
    { name: 'missing "jsonrpc"', input: '{"id":1,"method":"echo"}', code: I, id: 1, reply: true },
    { name: '"jsonrpc" is "1.0"', input: '{"jsonrpc":"1.0","id":2,"method":"echo"}', code: I, id: 2, reply: true },
    { name: '"jsonrpc" is a number', input: '{"jsonrpc":2.0,"id":"s","method":"echo"}', code: I, id: 's', reply: true },
    { name: '"method" is a number', input: '{"jsonrpc":"2.0","id":3,"method":5}', code: I, id: 3, reply: true },
    { name: '"method" is null', input: '{"jsonrpc":"2.0","id":4,"method":null}', code: I, id: 4, reply: true },
    { name: 'null id', input: '{"jsonrpc":"2.0","id":null,"method":"echo"}', code: I, reply: true },
    { name: 'fractional id', input: '{"jsonrpc":"2.0","id":1.5,"method":"echo"}', code: I, reply: true },
    { name: 'object id', input: '{"jsonrpc":"2.0","id":{"a":1},"method":"echo"}', code: I, reply: true },
    { name: 'array id', input: '{"jsonrpc":"2.0","id":[1],"method":"echo"}', code: I, reply: true },
    { name: 'boolean id', input: '{"jsonrpc":"2.0","id":true,"method":"echo"}', code: I, reply: true },
    {
      name: 'huge id (1e400 overflows to Infinity)',
      input: '{"jsonrpc":"2.0","id":1e400,"method":"echo"}',
      code: I,
      reply: true,
    },
    {
      name: 'id past 2^53 (not held exactly)',
      input: '{"jsonrpc":"2.0","id":9007199254740993,"method":"echo"}',
      code: I,
      reply: true,
    },
    { name: 'negative huge id', input: '{"jsonrpc":"2.0","id":-1e300,"method":"echo"}', code: I, reply: true },
    { name: '"params" is a string', input: '{"jsonrpc":"2.0","id":5,"method":"echo","params":"x"}', code: I, id: 5, reply: true },
    {
      name: '"params" is a number',
      input: '{"jsonrpc":"2.0","id":"p","method":"echo","params":7}',
      code: I,
      id: 'p',
      reply: true,
    },
    { name: '"params" is null', input: '{"jsonrpc":"2.0","id":6,"method":"echo","params":null}', code: I, id: 6, reply: true },
    { name: 'notification with bad "params"', input: '{"jsonrpc":"2.0","method":"note","params":false}', code: I, reply: true },
    { name: 'no method, result or error', input: '{"jsonrpc":"2.0","id":7}', code: I, id: 7, reply: true },

    // Malformed responses: discarded, never answered (answering could loop two peers forever).
    {
      name: 'response with both result and error',
      input: '{"jsonrpc":"2.0","id":8,"result":1,"error":{"code":1,"message":"x"}}',
      code: I,
      id: 8,
      reply: false,
    },
    { name: 'result response with null id', input: '{"jsonrpc":"2.0","id":null,"result":1}', code: I, reply: false },
    { name: 'result response without id', input: '{"jsonrpc":"2.0","result":1}', code: I, reply: false },
    {
      name: 'error response with string code',
      input: '{"jsonrpc":"2.0","id":9,"error":{"code":"x","message":"m"}}',
      code: I,
      id: 9,
      reply: false,
    },
    {
      name: 'error response with fractional code',
      input: '{"jsonrpc":"2.0","id":9,"error":{"code":1.5,"message":"m"}}',
      code: I,
      id: 9,
      reply: false,
    },
    {
      name: 'error response without message',
      input: '{"jsonrpc":"2.0","id":9,"error":{"code":1}}',
      code: I,
      id: 9,
      reply: false,
    },
    { name: 'error response with null error', input: '{"jsonrpc":"2.0","id":9,"error":null}', code: I, id: 9, reply: false },
    {
      name: 'error response with object id',
      input: '{"jsonrpc":"2.0","id":{},"error":{"code":1,"message":"m"}}',
      code: I,
      reply: false,
    },
  ];
  if (options.huge === true) {
    // 20 MiB of garbage: under the default 64 MiB limit, so it is read whole and fails to parse.
    rows.push({ name: '20 MiB line of garbage', input: 'x'.repeat(HUGE_LINE_BYTES), code: P, reply: true });
  }
  return rows;
}
