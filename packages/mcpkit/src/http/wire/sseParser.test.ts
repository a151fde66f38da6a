import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sseParser.js';

function parse(chunks: readonly string[], lastEventId?: string): { events: SseEvent[]; retries: number[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = new SseParser(
    {
      event: (e) => events.push(e),
      retry: (ms) => retries.push(ms),
    },
    lastEventId,
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries, parser };
}

/** Every way of cutting `text` into two chunks. */
function splits(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);
}

describe('SseParser', () => {
  it('dispatches an event at the blank line, with the default type "message"', () => {
    const { events } = parse(['data: {"a":1}\n\n']);
    expect(events).toEqual([{ type: 'message', data: '{"a":1}', id: undefined }]);
  });

  it('joins data lines with LF and keeps the named type and id', () => {
    const { events } = parse(['event: endpoint\nid: 7\ndata: one\ndata: two\n\n']);
    expect(events).toEqual([{ type: 'endpoint', data: 'one\ntwo', id: '7' }]);
  });

  it('gives the same events whatever the chunk boundaries, for LF, CRLF and CR line ends', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = ['id: a', 'retry: 250', 'data: {"x":"é"}', '', ': keep-alive', 'event: other', 'data:no-space', '', ''].join(
        eol,
      );
      const whole = parse([text]);
      expect(whole.events).toHaveLength(2);
      for (const chunks of splits(text)) {
        const cut = parse(chunks);
        expect(cut.events, `eol ${JSON.stringify(eol)}, split ${JSON.stringify(chunks)}`).toEqual(whole.events);
        expect(cut.retries).toEqual([250]);
      }
    }
  });

  it('treats a CRLF split across chunks as one line break, not two', () => {
    const { events } = parse(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(events).toEqual([{ type: 'message', data: 'a\nb', id: undefined }]);
  });

  it('handles one character per chunk', () => {
    const text = 'id: 42\ndata: hello\n\ndata: world\n\n';
    const { events } = parse(Array.from({ length: text.length }, (_, i) => text.charAt(i)));
    expect(events.map((e) => [e.data, e.id])).toEqual([
      ['hello', '42'],
      ['world', '42'],
    ]);
  });

  it('ignores comments, unknown fields and a retry that is not all digits', () => {
    const { events, retries } = parse([':ping\nfoo: bar\nretry: 1s\nretry: -5\ndata: x\n\n']);
    expect(events.map((e) => e.data)).toEqual(['x']);
    expect(retries).toEqual([]);
  });

  it('removes exactly one space after the colon', () => {
    const { events } = parse(['data:  two spaces\n\n']);
    expect(events[0]?.data).toBe(' two spaces');
  });

  it('takes a field line without a colon as a field with an empty value', () => {
    const { events } = parse(['data\n\n']);
    expect(events).toEqual([{ type: 'message', data: '', id: undefined }]);
  });

  it('records the id of an event without data (a priming event) without dispatching anything', () => {
    const { events, parser, retries } = parse(['id: prime-1\nretry: 500\n\n']);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe('prime-1');
    expect(parser.eventCount).toBe(1);
    expect(retries).toEqual([500]);
  });

  it('keeps the last id for later events, resets it with an empty id, and ignores ids containing NUL', () => {
    const { events, parser } = parse(['id: 1\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\nid\ndata: d\n\n']);
    expect(events.map((e) => e.id)).toEqual(['1', '1', '1', undefined]);
    expect(parser.lastEventId).toBeUndefined();
  });

  it('applies an id only when its event completes', () => {
    const { parser } = parse(['id: 1\ndata: a\n\nid: 2\ndata: partial']);
    expect(parser.lastEventId).toBe('1');
    parser.end();
    expect(parser.lastEventId).toBe('1');
  });

  it('discards an event cut off by the end of the stream', () => {
    const { events, parser } = parse(['data: complete\n\ndata: cut']);
    parser.end();
    expect(events.map((e) => e.data)).toEqual(['complete']);
  });

  it('starts from a given last event id (a resumed stream)', () => {
    const { events } = parse(['data: x\n\n'], 'resumed-9');
    expect(events[0]?.id).toBe('resumed-9');
  });

  it('strips a byte order mark at the start of the stream only', () => {
    const { events } = parse(['\uFEFFdata: a\n\n', '\uFEFFdata: b\n\n']);
    // A later BOM is part of the field name ("\uFEFFdata"), an unknown field.
    expect(events.map((e) => e.data)).toEqual(['a']);
  });
});
