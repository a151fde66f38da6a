import { describe, expect, it } from 'vitest';
import { accepts, decodeHeaderValue, isJsonContentType, isPlainHeaderValue, stripOws } from './headers.js';

const b64 = (s: string) => `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`;

describe('header values', () => {
  it('strips spaces and tabs around a value, nothing inside', () => {
    expect(stripOws(' \t tools/call\t ')).toBe('tools/call');
    expect(stripOws('a b')).toBe('a b');
    expect(stripOws('   ')).toBe('');
  });

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

  it('reads Accept lists with parameters and wildcards', () => {
    expect(accepts('application/json, text/event-stream', 'text/event-stream')).toBe(true);
    expect(accepts('application/json;q=0.9, text/*;q=0.1', 'text/event-stream')).toBe(true);
    expect(accepts('*/*', 'application/json')).toBe(true);
    expect(accepts('application/json', 'text/event-stream')).toBe(false);
    expect(accepts(undefined, 'application/json')).toBe(false);
  });

  it('recognizes a JSON content type with parameters', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('application/jsonl')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
