import { describe, expect, it } from 'vitest';
import { describeTarget, shellWord } from './targetText.js';

describe('shellWord', () => {
  it('quotes only what needs it', () => {
    expect(shellWord('node')).toBe('node');
    expect(shellWord('/usr/bin/server.js')).toBe('/usr/bin/server.js');
    expect(shellWord('two words')).toBe("'two words'");
    expect(shellWord("it's; rm -rf ~")).toBe(`'it'\\''s; rm -rf ~'`);
    expect(shellWord('')).toBe("''");
  });

  it('shows terminal escapes, carriage returns and bidi overrides instead of obeying them', () => {
    expect(shellWord('harmless\r\u001b[2Kevil')).toBe("$'harmless\\x0d\\x1b[2Kevil'");
    expect(shellWord('a\u202eb')).toBe("$'a\\u202eb'");
    expect(shellWord("x\n'y")).toBe("$'x\\x0a\\'y'");
  });
});

describe('describeTarget', () => {
  it('says exactly what a stdio target runs, with what environment, where', () => {
    expect(
      describeTarget({
        type: 'stdio',
        name: 'node',
        command: 'node',
        args: ['server.js', '--name', 'a b'],
        env: { API_KEY: '***' },
        cwd: '/srv/x',
        inheritEnv: true,
        era: 'auto',
      }),
    ).toEqual([
      "run:        node server.js --name 'a b'",
      "env:        'API_KEY=***'",
      'in:         /srv/x',
      'with:       the whole environment of this shell',
    ]);
  });

  it('says where an HTTP target connects, with which headers', () => {
    expect(
      describeTarget({ type: 'http', name: 'h', url: 'http://127.0.0.1:9/mcp', headers: { 'X-A': '1' }, era: 'auto' }),
    ).toEqual(['connect to: http://127.0.0.1:9/mcp', "header:     'X-A: 1'"]);
    expect(describeTarget({ type: 'sse', name: 'h', url: 'http://127.0.0.1:9/sse', headers: {}, era: 'auto' })).toEqual([
      'connect to: http://127.0.0.1:9/sse (HTTP+SSE)',
    ]);
  });
});
