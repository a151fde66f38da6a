import { describe, expect, it } from 'vitest';
import { UriTemplate, type UriTemplateVariables } from './uriTemplate.js';
import { MAX_MATCH_LENGTH } from './uriTemplateMatch.js';

const match = (template: string, uri: string): Record<string, string | string[] | undefined> | undefined =>
  new UriTemplate(template).match(uri);

describe('match: MCP resource templates', () => {
  it.each([
    ['test://template/{id}/data', 'test://template/123/data', { id: '123' }],
    ['test://template/{id}/data', 'test://template/a%20b%2Fc/data', { id: 'a b/c' }],
    ['test://template/{id}/data', 'test://template//data', { id: '' }],
    ['file:///{+path}', 'file:///home/me/notes.md', { path: 'home/me/notes.md' }],
    ['file:///{+path}', 'file:///', { path: '' }],
    ['file:///{+path}', 'file:///My%20Documents/r%C3%A9sum%C3%A9.pdf', { path: 'My Documents/résumé.pdf' }],
    [
      'file:///{+path}{?rev,lines*}',
      'file:///src/a.ts?lines=3&rev=abc&lines=9',
      { path: 'src/a.ts', rev: 'abc', lines: ['3', '9'] },
    ],
    ['file:///{+path}{?rev,lines*}', 'file:///src/a.ts', { path: 'src/a.ts' }],
    ['github://repos/{owner}/{repo}/issues{?state,labels*}', 'github://repos/o/r/issues', { owner: 'o', repo: 'r' }],
    [
      'github://repos/{owner}/{repo}/issues{?state,labels*}',
      'github://repos/o/r/issues?state=open',
      { owner: 'o', repo: 'r', state: 'open' },
    ],
    [
      'github://repos/{owner}/{repo}/issues{?state,labels*}',
      'github://repos/o/r/issues?labels=bug&state=closed&labels=good%20first%20issue',
      { owner: 'o', repo: 'r', state: 'closed', labels: ['bug', 'good first issue'] },
    ],
    [
      'github://repos/{owner}/{repo}/issues{?state,labels*}',
      'github://repos/o/r/issues?page=2&state=open&sort=',
      { owner: 'o', repo: 'r', state: 'open' },
    ],
    ['users://{id}', 'users://42', { id: '42' }],
  ])('%s matches %s', (template, uri, expected) => {
    expect(match(template, uri)).toStrictEqual(expected);
  });

  it.each([
    ['test://template/{id}/data', 'test://template/a/b/data'],
    ['test://template/{id}/data', 'test://template/123/other'],
    ['test://template/{id}/data', 'test://other/123/data'],
    ['test://template/{id}/data', 'test://template/123/data/'],
    ['test://template/{id}/data', 'test://template/123'],
    ['file:///{+path}', 'http://example.com/'],
    ['github://repos/{owner}/{repo}/issues{?state,labels*}', 'github://repos/o/r/pulls'],
    ['github://repos/{owner}/{repo}/issues{?state,labels*}', 'github://repos/o/r/x/issues'],
    ['github://repos/{owner}/{repo}/issues{?state,labels*}', 'github://repos/o/r/issues#top'],
    ['users://{id}', 'users://42/posts'],
    ['users://{id}', 'users://42?x=1'],
  ])('%s does not match %s', (template, uri) => {
    expect(match(template, uri)).toBeUndefined();
  });
});

describe('match: operators', () => {
  it.each([
    ['{x,y}', '1024,768', { x: '1024', y: '768' }],
    ['{x,y}', '1,2,3', { x: '1', y: '2,3' }],
    ['{+x}', 'a/b?c#d', { x: 'a/b?c#d' }],
    ['page{#frag}', 'page#a/b?c', { frag: 'a/b?c' }],
    ['file{.ext}', 'file.txt', { ext: 'txt' }],
    ['file{.ext}', 'file.tar.gz', { ext: 'tar.gz' }],
    ['www{.dom*}', 'www.example.com', { dom: ['example', 'com'] }],
    ['{/a,b}', '/x/y', { a: 'x', b: 'y' }],
    ['{/a,b}', '/x/', { a: 'x', b: '' }],
    ['/root{/list*}', '/root/a/b%2Fc', { list: ['a', 'b/c'] }],
    ['/root{/list*}', '/root', { list: [] }],
    ['{/keys*}', '/semi=%3B/dot=.', { keys: ['semi=;', 'dot=.'] }],
    ['{;x,y}', ';x=1024;y=768', { x: '1024', y: '768' }],
    ['{;x,y}', ';y=768;x=', { x: '', y: '768' }],
    ['{;x,y}', ';x;y=768', { x: '', y: '768' }],
    ['{;list*}', ';list=red;list=green', { list: ['red', 'green'] }],
    ['/s{?list*}', '/s?list=a&list=b', { list: ['a', 'b'] }],
    ['/s{?list*}', '/s', {}],
    ['/s{?list}', '/s?list=red,green', { list: 'red,green' }],
    ['/s{?q}', '/s?q=a%26b%3Dc%23d', { q: 'a&b=c#d' }],
    ['/s{?q}', '/s?q=', { q: '' }],
    ['/s{?q}', '/s?q', { q: '' }],
    ['/s{?q}', '/s?q=1&q=2', { q: '1' }],
    ['/s{?a}{&b}', '/s?b=2&a=1', { a: '1', b: '2' }],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024', { x: '1024' }],
    ['?fixed=yes{&x}', '?fixed=yes', {}],
    ['/p{?a}{#f}', '/p?a=1#sec', { a: '1', f: 'sec' }],
    ['/p{?a}{#f}', '/p#sec', { f: 'sec' }],
    ['{+path}{?q}', 'dir/file?q=1', { path: 'dir/file', q: '1' }],
    ['{x}/{x}', 'a/a', { x: 'a' }],
  ])('%s matches %s', (template, uri, expected) => {
    expect(match(template, uri)).toStrictEqual(expected);
  });

  it.each([
    ['{/a,b}', '/x'],
    ['{/a,b}', '/x/y/z'],
    ['file{.ext}', 'file'],
    ['{;x,y}', ';x=1'],
    ['{x}', '%E2%98'],
    ['{x}', '%zz'],
    ['?fixed=yes{&x}', '?fixed=no&x=1'],
    ['{x}/{x}', 'a/b'],
    ['/s{?q}', '/s&q=1'],
  ])('%s does not match %s', (template, uri) => {
    expect(match(template, uri)).toBeUndefined();
  });

  it('matches literals exactly, with regular-expression characters taken literally', () => {
    const template = 'data.(1)+[2]*$/{x}';
    expect(match(template, 'data.(1)+[2]*$/v')).toStrictEqual({ x: 'v' });
    expect(match(template, 'dataX(1)+[2]*$/v')).toBeUndefined();
    expect(match(template, 'data.(1)[2]*$/v')).toBeUndefined();
  });

  it('matches literals in their encoded form', () => {
    expect(match('my file/{x}', 'my%20file/a')).toStrictEqual({ x: 'a' });
  });

  it('matches a template without expressions only against itself', () => {
    expect(match('test://static', 'test://static')).toStrictEqual({});
    expect(match('test://static', 'test://static2')).toBeUndefined();
    expect(match('', '')).toStrictEqual({});
  });

  it('returns the variable __proto__ as a plain own property', () => {
    const result = match('x/{__proto__}', 'x/polluted');
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe('polluted');
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});

describe('match: ambiguous templates resolve to a decomposition that expands back', () => {
  it.each([
    ['{a}.{b}.{c}', '1.2.3.4'],
    ['{+dir}/{name}.txt', 'a/b/c.txt'],
    ['{+a}/{+b}/{+c}', 'w/x/y/z'],
    ['{+a}/x/{b}', 'p/x/q/x/r'],
    ['{/dir*}{.ext}', '/a/b.c/d.txt'],
    ['{/a}{/b}{/c}', '/x/y/z'],
    ['{a}{b}', 'xyz'],
    ['{+base}{/rest*}', 'https://h/p/q'],
  ])('%s against %s', (template, uri) => {
    const t = new UriTemplate(template);
    const values = t.match(uri);
    expect(values).toBeDefined();
    expect(t.expand(values ?? {})).toBe(uri);
  });

  it('gives the name, not the directory, its own segment', () => {
    expect(match('{+dir}/{name}.txt', 'a/b/c.txt')).toStrictEqual({ dir: 'a/b', name: 'c' });
  });
});

describe('match: round trips expand → match', () => {
  it.each<[string, UriTemplateVariables]>([
    ['test://template/{id}/data', { id: 'abc-123' }],
    ['test://template/{id}/data', { id: 'with/slash & space?#' }],
    ['file:///{+path}', { path: 'a/b/c d.txt' }],
    ['file:///{+path}', { path: 'ünïcødé/😀' }],
    ['file:///{+path}{?rev,lines*}', { path: 'x/y', rev: 'HEAD~1', lines: ['1', '2', '3'] }],
    ['file:///{+path}{?rev,lines*}', { path: 'x/y', lines: ['a&b', 'c=d'] }],
    [
      'github://repos/{owner}/{repo}/issues{?state,labels*}',
      { owner: 'octo', repo: 'hello-world', state: 'all', labels: ['bug'] },
    ],
    ['github://repos/{owner}/{repo}/issues{?state,labels*}', { owner: 'o', repo: 'r' }],
    ['{x,y}', { x: '1024', y: '768' }],
    ['X{.x,y}', { x: '1024', y: '768' }],
    ['{/a,b}/here', { a: 'value', b: '1024' }],
    ['/root{/list*}/end', { list: ['red', 'green', 'blue'] }],
    ['{;x,y,empty}', { x: '1024', y: '768', empty: '' }],
    ['{?x,y,empty}', { x: '1024', y: '768', empty: '' }],
    ['/search{?q,page}{&sort}', { q: 'cats & dogs', page: '2', sort: 'desc' }],
    ['?fixed=yes{&x}', { x: '1024' }],
    ['{#frag}', { frag: '/a?b#c' }],
    ['mcp://{server}/tools/{name}{?version}', { server: 'local', name: 'get_weather', version: '1.2.0' }],
    ['db://{schema}.{table}/rows{/id}{?fields*}', { schema: 'public', table: 'users', id: '7', fields: ['name', 'email'] }],
  ])('%s with %j', (template, values) => {
    const t = new UriTemplate(template);
    expect(t.match(t.expand(values))).toStrictEqual(values);
  });
});

describe('match: hostile input', () => {
  const elapsed = (fn: () => unknown): number => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  };

  it(`refuses URIs longer than ${MAX_MATCH_LENGTH} code units at once`, () => {
    const t = new UriTemplate('file:///{+path}');
    const huge = `file:///${'a'.repeat(100 * 1024)}`;
    let result: unknown = 'unset';
    // A bound that catches a regression to scanning, with room for a loaded CI machine.
    expect(elapsed(() => (result = t.match(huge)))).toBeLessThan(50);
    expect(result).toBeUndefined();
    expect(t.match(`file:///${'a'.repeat(MAX_MATCH_LENGTH - 8)}`)).toBeDefined();
  });

  const templates = [
    '{+a}{+b}{+c}x',
    '{a}.{b}.{c}.{d}!',
    '{+a}/{+b}/{+c}/{+d}/end',
    '{a}{b}{c}{d}',
    '{/a*}{/b*}{/c*}{.d}',
    '{+a},{+b},{+c}',
    '{;a,b,c}',
    '{?a,b,c*}{&d}',
    'x{+a}x{+b}x{+c}x',
    'test://template/{id}/data',
    'github://repos/{owner}/{repo}/issues{?state,labels*}',
  ];
  const bodies = ['a', '.', '/', 'a/', '&', 'a=', '%', '%2', ',', 'x', ';a=', '?a=1&'];

  it.each(templates)('%s stays fast on 64 KiB of repetitive input', (template) => {
    const t = new UriTemplate(template);
    let worst = 0;
    for (const body of bodies) {
      const uri = body.repeat(Math.floor(MAX_MATCH_LENGTH / body.length));
      worst = Math.max(
        worst,
        elapsed(() => t.match(uri)),
        elapsed(() => t.match(`${uri}!`)),
      );
    }
    // Linear matching takes a few ms here; backtracking on 64 KiB would take seconds or hang.
    // The bound leaves room for a loaded 2-core CI machine (measured: up to ~120 ms under load).
    expect(worst).toBeLessThan(1000);
  });
});
