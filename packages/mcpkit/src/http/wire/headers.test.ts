import { describe, expect, it } from 'vitest';
import { accepts, mediaTypeOf, stripOws } from './headers.js';

describe('header names and media types', () => {
  it('strips spaces and tabs around a value, nothing inside', () => {
    expect(stripOws(' \t tools/call\t ')).toBe('tools/call');
    expect(stripOws('a b')).toBe('a b');
    expect(stripOws('   ')).toBe('');
  });

  it('reads Accept lists with parameters and wildcards', () => {
    expect(accepts('application/json, text/event-stream', 'text/event-stream')).toBe(true);
    expect(accepts('application/json;q=0.9, text/*;q=0.1', 'text/event-stream')).toBe(true);
    expect(accepts('*/*', 'application/json')).toBe(true);
    expect(accepts('application/json', 'text/event-stream')).toBe(false);
    expect(accepts(undefined, 'application/json')).toBe(false);
  });

  it('reads the media type of a content type, parameters and case aside', () => {
    expect(mediaTypeOf('application/json; charset=utf-8')).toBe('application/json');
    expect(mediaTypeOf('Application/JSON')).toBe('application/json');
    expect(mediaTypeOf(' Text/Event-Stream ;charset=utf-8')).toBe('text/event-stream');
    expect(mediaTypeOf('application/jsonl')).toBe('application/jsonl');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});
