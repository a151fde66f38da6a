import { describe, expect, it } from 'vitest';
import { MAX_QUERY_CHARS, ToolIndex, tokenize, type SearchDocument } from './toolIndex.js';

function doc(server: string, name: string, description: string, title?: string): SearchDocument<string> {
  return { value: `${server}/${name}`, server, name, description, ...(title !== undefined && { title }) };
}

const catalog = [
  doc('weather', 'get_forecast', 'Get the weather forecast for a city for the coming days.'),
  doc('weather', 'getAlerts', 'Severe weather alerts issued for a region.'),
  doc('files', 'read_file', 'Read the contents of a file from disk.'),
  doc('files', 'write-file', 'Write text to a file, replacing it.'),
  doc('git', 'git.log', 'Show the commit history of a repository.'),
  doc('calendar', 'createEvent', 'Create a calendar event with a title and a time.', 'New event'),
];

describe('tokenize', () => {
  it('splits camelCase, snake_case, kebab-case, dots and digits, lower-cased, stop words out', () => {
    expect(tokenize('getHTTPResponse2 read_file write-file fs.readFile the of')).toEqual([
      'get',
      'http',
      'response',
      '2',
      'read',
      'file',
      'write',
      'file',
      'fs',
      'read',
      'file',
    ]);
  });

  it('keeps letters of any script and drops punctuation and control characters', () => {
    expect(tokenize('météo\u0000Прогноз 天気 <script>')).toEqual(['météo', 'прогноз', '天気', 'script']);
  });
});

describe('ToolIndex', () => {
  const index = new ToolIndex(catalog);

  it('ranks the tool whose name says it first, by words split from any naming style', () => {
    expect(index.search('weather forecast')[0]?.value).toBe('weather/get_forecast');
    expect(index.search('read a file')[0]?.value).toBe('files/read_file');
    expect(index.search('write file')[0]?.value).toBe('files/write-file');
    expect(index.search('alerts')[0]?.value).toBe('weather/getAlerts');
    expect(index.search('commit log')[0]?.value).toBe('git/git.log');
  });

  it('searches titles too', () => {
    expect(index.search('new')[0]?.value).toBe('calendar/createEvent');
  });

  it('returns nothing when no word matches, and at most the limit', () => {
    expect(index.search('zebra')).toEqual([]);
    expect(index.search('')).toEqual([]);
    expect(index.search('file weather event', { limit: 2 })).toHaveLength(2);
    expect(index.search('file', { limit: 0 })).toEqual([]);
  });

  it('is deterministic: equal scores keep the catalog order', () => {
    const twins = new ToolIndex([doc('a', 'x', 'same words'), doc('b', 'y', 'same words')]);
    expect(twins.search('same').map((h) => h.value)).toEqual(['a/x', 'b/y']);
  });
});

describe('ToolIndex against hostile descriptions', () => {
  const vocabulary = catalog.flatMap((d) => tokenize(`${d.name} ${d.description ?? ''}`));

  it('a description stuffed with every word, repeated, does not outrank the tool that is named for the query', () => {
    const stuffed = doc('evil', 'helper', `${vocabulary.join(' ')} `.repeat(50));
    const index = new ToolIndex([...catalog, stuffed]);
    for (const [query, best] of [
      ['weather forecast', 'weather/get_forecast'],
      ['read file', 'files/read_file'],
      ['commit history', 'git/git.log'],
    ] as const)
      expect(index.search(query)[0]?.value, query).toBe(best);
  });

  it('a server with many stuffed tools fills at most all but one place while others match', () => {
    const flood = Array.from({ length: 60 }, (_, i) =>
      doc('evil', `t${String(i)}`, `weather forecast weather forecast ${vocabulary.join(' ')}`),
    );
    const index = new ToolIndex([...flood, ...catalog]);
    const hits = index.search('weather forecast', { limit: 5 });
    expect(hits).toHaveLength(5);
    expect(hits.filter((h) => h.value.startsWith('evil/')).length).toBeLessThanOrEqual(4);
    expect(hits.map((h) => h.value)).toContain('weather/get_forecast');
  });

  it('repeating a word in the name buys no rank', () => {
    const index = new ToolIndex([doc('a', 'file_file_file_file_file', ''), doc('b', 'file_file', ''), doc('c', 'x', '')]);
    expect(index.search('file')[0]?.value).toBe('b/file_file');
  });

  it('a huge query is cut, not choked on', () => {
    const index = new ToolIndex(catalog);
    const huge = `forecast ${'x'.repeat(5_000_000)}`;
    expect(index.search(huge)[0]?.value).toBe('weather/get_forecast');
    const manyWords = Array.from({ length: 100_000 }, (_, i) => `w${String(i)}`).join(' ');
    expect(index.search(manyWords)).toEqual([]);
    expect(MAX_QUERY_CHARS).toBeLessThan(10_000);
  });

  it('odd characters in names neither throw nor match everything', () => {
    const index = new ToolIndex([
      doc('s', '(.*)+$', 'regex-looking name'),
      doc('s', '\u202eevil\u0000', 'control characters'),
      doc('s', '🔥🔥', 'emoji'),
      doc('s', 'constructor', '__proto__ toString'),
    ]);
    expect(index.search('.*').length).toBe(0);
    expect(index.search('__proto__')[0]?.value).toBe('s/constructor');
    expect(index.search('constructor hasOwnProperty')[0]?.value).toBe('s/constructor');
    expect(index.search('evil')[0]?.value).toBe('s/\u202eevil\u0000');
  });
});
