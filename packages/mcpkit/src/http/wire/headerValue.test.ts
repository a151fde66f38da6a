import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, encodeHeaderValue, isHeaderToken, isPlainHeaderValue, needsEncoding } from './headerValue.js';

const b64 = (s: string) => `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`;

describe('encodeHeaderValue', () => {
  // The table of 2026-07-28 streamable-http.mdx#value-encoding.
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('encodes %j as the spec shows', (value, expected) => {
    expect(encodeHeaderValue(value)).toBe(expected);
  });

  it.each([
    ['us west 1', true],
    [' us-west1', false],
    ['us-west1 ', false],
    ['\tindented', false],
    ['inner\ttab', false],
    ['line1\r\nline2', false],
    ['caf\u00e9', false],
    ['', false],
    ['=?base64?', true], // the prefix alone is not the sentinel shape
    ['x?=', true],
    ['~!@#$%^&*()_+{}|:"<>?', true],
  ])('%j is plain: %s', (value, plain) => {
    expect(needsEncoding(value)).toBe(!plain);
    expect(encodeHeaderValue(value) === value).toBe(plain);
  });

  it("round-trips through the sentinel: the server side's decoder reads back every value", () => {
    for (const value of ['Hello, 世界', ' padded ', 'line1\nline2', '=?base64?literal?=', '', '\u{1F600} emoji', '\tx']) {
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    }
  });
});

describe('isHeaderToken', () => {
  it.each([
    ['Region', true],
    ['X-Tenant_ID.v2', true],
    ["!#$%&'*+-.^_`|~", true],
    ['', false],
    ['My Region', false],
    ['Region:Primary', false],
    ['Région', false],
    ['Region\t1', false],
    ['Region\r\n', false],
    ['(comment)', false],
  ])('%j is a token: %s', (name, ok) => {
    expect(isHeaderToken(name)).toBe(ok);
  });
});

describe('decodeHeaderValue', () => {
  it('decodes the Base64 sentinel (spec examples) and takes other values literally', () => {
    expect(decodeHeaderValue('us-west1')).toBe('us-west1');
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
    expect(decodeHeaderValue('=?base64?IHBhZGRlZCA=?=')).toBe(' padded ');
    expect(decodeHeaderValue('=?base64?bGluZTEKbGluZTI=?=')).toBe('line1\nline2');
    expect(decodeHeaderValue('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=')).toBe('=?base64?literal?=');
    expect(decodeHeaderValue(`  ${b64('x')}  `)).toBe('x');
    expect(decodeHeaderValue('=?BASE64?eA==?=')).toBe('=?BASE64?eA==?=');
  });

  it('refuses bad Base64 (alphabet, padding), invalid UTF-8 and non-ASCII raw values', () => {
    expect(decodeHeaderValue('=?base64?eA=?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?e*A=?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?eA?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?/w==?=')).toBeUndefined();
    expect(decodeHeaderValue('Zürich')).toBeUndefined();
    expect(decodeHeaderValue('a\u0001b')).toBeUndefined();
    expect(isPlainHeaderValue('a\tb c~')).toBe(true);
  });

  it('decodes whatever the client encodes', () => {
    for (const value of ['us-west1', 'Hello, 世界', ' padded ', '', '=?base64?x?=', 'tab\there', 'a\u0000b']) {
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    }
  });
});
