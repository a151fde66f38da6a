import { describe, expect, it } from 'vitest';
import type { Tool } from 'mcpkit/protocol';
import { renderBlocks } from './content.js';
import { renderPrompts, renderResources, renderTools } from './lists.js';
import { completionNote, describeCapabilities, renderCallResult, renderReadResult } from './results.js';
import { columns, formatBytes, oneLine } from './text.js';

describe('content', () => {
  it('shows text as it is and summarizes media', () => {
    const png = Buffer.alloc(2048).toString('base64');
    expect(
      renderBlocks([
        { type: 'text', text: 'hello' },
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'demo://r', mimeType: 'text/plain', text: 'inside' } },
        { type: 'resource', resource: { uri: 'demo://b', blob: 'AAAA' } },
      ]),
    ).toBe(
      'hello\n[image: image/png, 2.0 KiB]\n[audio: audio/wav, 3 B]\n[resource link: file:///a.txt (a.txt), text/plain]\n' +
        '[resource: demo://r, text/plain]\ninside\n[resource: demo://b, 3 B]\n',
    );
  });

  it('shows structured content only when no text does', () => {
    expect(renderCallResult({ content: [], structuredContent: { a: 1 } })).toBe('{\n  "a": 1\n}\n');
    expect(renderCallResult({ content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } })).toBe('{"a":1}\n');
    expect(renderCallResult({ content: [] })).toBe('(no content)\n');
  });

  it('heads several contents by URI, one not', () => {
    expect(renderReadResult({ contents: [{ uri: 'a://1', text: 'one' }] })).toBe('one\n');
    expect(
      renderReadResult({
        contents: [
          { uri: 'a://1', text: 'one' },
          { uri: 'a://2', text: 'two' },
        ],
      }),
    ).toBe('[resource: a://1]\none\n[resource: a://2]\ntwo\n');
  });
});

describe('lists', () => {
  it('shows tools and prompts as signatures with their description', () => {
    const tool: Tool = {
      name: 'add',
      description: 'Adds.\nSecond line.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' }, note: { type: 'string' } },
        required: ['a', 'b'],
      },
    };
    expect(renderTools([tool])).toBe('add(a: number, b: number, note?: string)\n    Adds.\n');
    expect(renderTools([])).toBe('No tools.\n');
    expect(renderPrompts([{ name: 'greet', arguments: [{ name: 'who', required: true }, { name: 'tone' }] }])).toBe(
      'greet(who, tone?)\n',
    );
  });

  it('shows resources as aligned columns', () => {
    expect(
      renderResources([
        { uri: 'a://long/uri', name: 'x', mimeType: 'text/plain' },
        { uri: 'b://u', name: 'yy' },
      ]),
    ).toBe('URI           NAME  TYPE\na://long/uri  x     text/plain\nb://u         yy\n');
  });
});

describe('text', () => {
  it('formats sizes, lines and columns', () => {
    expect(formatBytes(10)).toBe('10 B');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MiB');
    expect(oneLine('abcdef\nmore', 4)).toBe('abc…');
    expect(columns([['a', 'bbbbbbbbbbbbbbbbbbbb']], undefined, 15)).toBe('a  bbbbbbbbbbb…\n');
  });

  it('describes capabilities and completion notes', () => {
    expect(describeCapabilities({ tools: { listChanged: true }, logging: {}, resources: { subscribe: false } })).toBe(
      'tools (listChanged), logging, resources',
    );
    expect(completionNote({ completion: { values: ['a'], total: 5, hasMore: true } })).toBe('1 of 5 values shown');
    expect(completionNote({ completion: { values: ['a'] } })).toBeUndefined();
  });
});
