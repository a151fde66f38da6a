import { describe, expect, it } from 'vitest';
import { LocalError } from '../jsonrpc/localError.js';
import { isUriTemplate, UriTemplate, type UriTemplateVariables } from './uriTemplate.js';

/** The variables of RFC 6570 sections 1.2, 2.4 and 3.2. */
const rfc: UriTemplateVariables = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: undefined,
  semi: ';',
  year: ['1965', '2000', '2012'],
};

const expandsTo = (rows: readonly (readonly [string, string])[]): void => {
  it.each(rows)('%s → %s', (template, expected) => {
    expect(new UriTemplate(template).expand(rfc)).toBe(expected);
  });
};

describe('expand: RFC 6570 section 1.2, level 1', () => {
  expandsTo([
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
  ]);
});

describe('expand: RFC 6570 section 1.2, level 2', () => {
  expandsTo([
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['X{#var}', 'X#value'],
    ['X{#hello}', 'X#Hello%20World!'],
  ]);
});

describe('expand: RFC 6570 section 1.2, level 3', () => {
  expandsTo([
    ['map?{x,y}', 'map?1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{+path,x}/here', '/foo/bar,1024/here'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['{#path,x}/here', '#/foo/bar,1024/here'],
    ['X{.var}', 'X.value'],
    ['X{.x,y}', 'X.1024.768'],
    ['{/var}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ]);
});

describe('expand: RFC 6570 section 1.2, level 4', () => {
  expandsTo([
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
    ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
    ['{+path:6}/here', '/foo/b/here'],
    ['{+list}', 'red,green,blue'],
    ['{+list*}', 'red,green,blue'],
    ['{+keys}', 'semi,;,dot,.,comma,,'],
    ['{+keys*}', 'semi=;,dot=.,comma=,'],
    ['{#path:6}/here', '#/foo/b/here'],
    ['{#list}', '#red,green,blue'],
    ['{#list*}', '#red,green,blue'],
    ['{#keys}', '#semi,;,dot,.,comma,,'],
    ['{#keys*}', '#semi=;,dot=.,comma=,'],
    ['X{.var:3}', 'X.val'],
    ['X{.list}', 'X.red,green,blue'],
    ['X{.list*}', 'X.red.green.blue'],
    ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
    ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
    ['{/var:1,var}', '/v/value'],
    ['{/list}', '/red,green,blue'],
    ['{/list*}', '/red/green/blue'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
    ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
    ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
    ['{;hello:5}', ';hello=Hello'],
    ['{;list}', ';list=red,green,blue'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
    ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
    ['{?var:3}', '?var=val'],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
    ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
    ['{&var:3}', '&var=val'],
    ['{&list}', '&list=red,green,blue'],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
    ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
  ]);
});

describe('expand: RFC 6570 section 2.4 (value modifiers)', () => {
  expandsTo([
    ['{var}', 'value'],
    ['{var:20}', 'value'],
    ['{var:3}', 'val'],
    ['{semi}', '%3B'],
    ['{semi:2}', '%3B'],
    ['find{?year*}', 'find?year=1965&year=2000&year=2012'],
    ['www{.dom*}', 'www.example.com'],
  ]);
});

describe('expand: RFC 6570 section 3.2.1 (variable expansion)', () => {
  expandsTo([
    ['{count}', 'one,two,three'],
    ['{count*}', 'one,two,three'],
    ['{/count}', '/one,two,three'],
    ['{/count*}', '/one/two/three'],
    ['{;count}', ';count=one,two,three'],
    ['{;count*}', ';count=one;count=two;count=three'],
    ['{?count}', '?count=one,two,three'],
    ['{?count*}', '?count=one&count=two&count=three'],
    ['{&count*}', '&count=one&count=two&count=three'],
  ]);
});

describe('expand: RFC 6570 section 3.2.2 (simple string)', () => {
  expandsTo([
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['O{empty}X', 'OX'],
    ['O{undef}X', 'OX'],
    ['{x,y}', '1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['?{x,empty}', '?1024,'],
    ['?{x,undef}', '?1024'],
    ['?{undef,y}', '?768'],
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
    ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ]);
});

describe('expand: RFC 6570 section 3.2.3 (reserved)', () => {
  expandsTo([
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+half}', '50%25'],
    ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
    ['{+base}index', 'http://example.com/home/index'],
    ['O{+empty}X', 'OX'],
    ['O{+undef}X', 'OX'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['up{+path}{var}/here', 'up/foo/barvalue/here'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{+path,x}/here', '/foo/bar,1024/here'],
    ['{+path:6}/here', '/foo/b/here'],
    ['{+list}', 'red,green,blue'],
    ['{+list*}', 'red,green,blue'],
    ['{+keys}', 'semi,;,dot,.,comma,,'],
    ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ]);
});

describe('expand: RFC 6570 section 3.2.4 (fragment)', () => {
  expandsTo([
    ['{#var}', '#value'],
    ['{#hello}', '#Hello%20World!'],
    ['{#half}', '#50%25'],
    ['foo{#empty}', 'foo#'],
    ['foo{#undef}', 'foo'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['{#path,x}/here', '#/foo/bar,1024/here'],
    ['{#path:6}/here', '#/foo/b/here'],
    ['{#list}', '#red,green,blue'],
    ['{#list*}', '#red,green,blue'],
    ['{#keys}', '#semi,;,dot,.,comma,,'],
    ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ]);
});

describe('expand: RFC 6570 section 3.2.5 (label)', () => {
  expandsTo([
    ['{.who}', '.fred'],
    ['{.who,who}', '.fred.fred'],
    ['{.half,who}', '.50%25.fred'],
    ['www{.dom*}', 'www.example.com'],
    ['X{.var}', 'X.value'],
    ['X{.empty}', 'X.'],
    ['X{.undef}', 'X'],
    ['X{.var:3}', 'X.val'],
    ['X{.list}', 'X.red,green,blue'],
    ['X{.list*}', 'X.red.green.blue'],
    ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
    ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
    ['X{.empty_keys}', 'X'],
    ['X{.empty_keys*}', 'X'],
  ]);
});

describe('expand: RFC 6570 section 3.2.6 (path segment)', () => {
  expandsTo([
    ['{/who}', '/fred'],
    ['{/who,who}', '/fred/fred'],
    ['{/half,who}', '/50%25/fred'],
    ['{/who,dub}', '/fred/me%2Ftoo'],
    ['{/var}', '/value'],
    ['{/var,empty}', '/value/'],
    ['{/var,undef}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{/var:1,var}', '/v/value'],
    ['{/list}', '/red,green,blue'],
    ['{/list*}', '/red/green/blue'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
    ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
    ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ]);
});

describe('expand: RFC 6570 section 3.2.7 (path-style parameters)', () => {
  expandsTo([
    ['{;who}', ';who=fred'],
    ['{;half}', ';half=50%25'],
    ['{;empty}', ';empty'],
    ['{;v,empty,who}', ';v=6;empty;who=fred'],
    ['{;v,bar,who}', ';v=6;who=fred'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{;x,y,undef}', ';x=1024;y=768'],
    ['{;hello:5}', ';hello=Hello'],
    ['{;list}', ';list=red,green,blue'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
    ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ]);
});

describe('expand: RFC 6570 section 3.2.8 (form-style query)', () => {
  expandsTo([
    ['{?who}', '?who=fred'],
    ['{?half}', '?half=50%25'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['{?x,y,undef}', '?x=1024&y=768'],
    ['{?var:3}', '?var=val'],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
    ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ]);
});

describe('expand: RFC 6570 section 3.2.9 (form-style query continuation)', () => {
  expandsTo([
    ['{&who}', '&who=fred'],
    ['{&half}', '&half=50%25'],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    ['{&var:3}', '&var=val'],
    ['{&list}', '&list=red,green,blue'],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
    ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
  ]);
});

describe('expand: beyond the RFC tables', () => {
  it('encodes non-ASCII values as UTF-8, and lone surrogates as U+FFFD', () => {
    const t = new UriTemplate('{x}');
    expect(t.expand({ x: 'café ☕' })).toBe('caf%C3%A9%20%E2%98%95');
    expect(t.expand({ x: '😀' })).toBe('%F0%9F%98%80');
    expect(t.expand({ x: '\uD800' })).toBe('%EF%BF%BD');
  });

  it('counts a prefix in code points, and keeps pct-encoded triplets whole under +', () => {
    expect(new UriTemplate('{x:2}').expand({ x: '😀😀😀' })).toBe('%F0%9F%98%80%F0%9F%98%80');
    expect(new UriTemplate('{+x:2}').expand({ x: '%20ab' })).toBe('%20a');
  });

  it('passes pct-encoded triplets through + and #, and encodes a bare %', () => {
    expect(new UriTemplate('{+x}').expand({ x: 'a%20b%zz' })).toBe('a%20b%25zz');
    expect(new UriTemplate('{x}').expand({ x: 'a%20b' })).toBe('a%2520b');
  });

  it('stringifies numbers and booleans', () => {
    expect(new UriTemplate('{?page,all}').expand({ page: 2, all: false })).toBe('?page=2&all=false');
  });

  it('treats a list member that is empty as a defined value', () => {
    expect(new UriTemplate('{?list*}').expand({ list: ['', 'a'] })).toBe('?list=&list=a');
    expect(new UriTemplate('{;list}').expand({ list: [''] })).toBe(';list');
  });

  it('writes the separator after an empty first value', () => {
    expect(new UriTemplate('{empty,x}').expand(rfc)).toBe(',1024');
  });

  it('ignores inherited properties of the variables object', () => {
    expect(new UriTemplate('{toString}{constructor}').expand({})).toBe('');
  });

  it('encodes literal characters that may not appear in a URI', () => {
    expect(new UriTemplate('my file/{x}%7e%zz').expand({ x: 'a' })).toBe('my%20file/a%7e%25zz');
  });

  it('throws INVALID_ARGUMENT for a prefix modifier on a composite value', () => {
    expect(() => new UriTemplate('{list:2}').expand(rfc)).toThrow(LocalError);
    expect(() => new UriTemplate('{keys:1}').expand(rfc)).toThrow(/prefix modifier/);
  });
});

describe('parse', () => {
  it.each([
    ['unclosed brace', 'test://{id'],
    ['unclosed brace at the end', 'test://{'],
    ['stray closing brace', 'test://}x'],
    ['nested brace', 'test://{a{b}}'],
    ['empty expression', 'test://{}'],
    ['reserved operator =', '{=x}'],
    ['reserved operator ,', '{,x}'],
    ['reserved operator !', '{!x}'],
    ['reserved operator @', '{@x}'],
    ['reserved operator |', '{|x}'],
    ['unknown operator', '{$x}'],
    ['operator alone', '{/}'],
    ['empty variable', '{x,}'],
    ['space in name', '{a b}'],
    ['hyphen in name', '{a-b}'],
    ['leading dot', '{.}'],
    ['double dot', '{a..b}'],
    ['trailing dot', '{a.}'],
    ['bad pct-encoding in name', '{a%2}'],
    ['prefix zero', '{var:0}'],
    ['prefix too long', '{var:10000}'],
    ['prefix not a number', '{var:x}'],
    ['prefix and explode', '{var:3*}'],
    ['double explode', '{var**}'],
  ])('rejects a template with %s', (_name, template) => {
    let caught: unknown;
    try {
      new UriTemplate(template);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(LocalError);
    expect((caught as LocalError).code).toBe('INVALID_ARGUMENT');
    expect((caught as LocalError).message).toContain(JSON.stringify(template));
  });

  it.each(['{var}', '{a.b}', '{_x9}', '{%20x}', '{var:9999}', '{list*}', '{+a,b:1,c*}', 'no expressions at all', ''])(
    'accepts %j',
    (template) => {
      expect(new UriTemplate(template).template).toBe(template);
    },
  );

  it('lists variable names once each, in order', () => {
    const t = new UriTemplate('github://repos/{owner}/{repo}/issues{?state,labels*}{&owner}');
    expect(t.variableNames).toStrictEqual(['owner', 'repo', 'state', 'labels']);
    expect(new UriTemplate('plain').variableNames).toStrictEqual([]);
  });

  it('stringifies to the template', () => {
    expect(String(new UriTemplate('file:///{+path}'))).toBe('file:///{+path}');
  });
});

describe('isUriTemplate', () => {
  it.each([
    ['file:///{+path}', true],
    ['test://template/{id}/data', true],
    ['{?q}', true],
    ['file:///etc/hosts', false],
    ['test://{}', false],
    ['test://{', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isUriTemplate(text)).toBe(expected);
  });
});
