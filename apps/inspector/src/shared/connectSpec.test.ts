import { describe, expect, it } from 'vitest';
import { labelOf, parseConnectSpec } from './connectSpec.js';

describe('parseConnectSpec', () => {
  it('takes a ServerConfig with an era, naming it after the command or host when unnamed', () => {
    expect(parseConnectSpec({ type: 'stdio', command: '/usr/bin/srv', args: ['-v'], env: { A: '1' }, cwd: '/w' })).toEqual({
      type: 'stdio',
      name: 'srv',
      command: '/usr/bin/srv',
      args: ['-v'],
      env: { A: '1' },
      cwd: '/w',
      era: 'auto',
    });
    expect(parseConnectSpec({ type: 'sse', name: 'old', url: 'http://127.0.0.1:1/sse', era: 'handshake' })).toEqual({
      type: 'sse',
      name: 'old',
      url: 'http://127.0.0.1:1/sse',
      headers: {},
      era: 'handshake',
    });
  });

  it('reads the shape recordings had before (kind, transport)', () => {
    const old = {
      kind: 'http',
      url: 'http://127.0.0.1:2/mcp',
      headers: { 'X-A': '1' },
      transport: 'sse',
      era: 'auto',
      label: 'x',
    };
    expect(parseConnectSpec(old)).toEqual({
      type: 'sse',
      name: '127.0.0.1:2',
      url: 'http://127.0.0.1:2/mcp',
      headers: { 'X-A': '1' },
      era: 'auto',
      label: 'x',
    });
    expect(parseConnectSpec({ kind: 'http', url: 'http://127.0.0.1:2/mcp', transport: 'auto' }).type).toBe('http');
    expect(parseConnectSpec({ kind: 'stdio', command: 'srv' }).type).toBe('stdio');
  });

  it('keeps only how to reach the server: no grant, OAuth setting or timeout from outside', () => {
    const spec = parseConnectSpec({
      type: 'http',
      url: 'http://127.0.0.1:3/mcp',
      allow: ['*'],
      trusted: true,
      timeoutMs: 1,
      oauth: { clientId: 'evil', callbackPort: 80 },
      secrets: [],
    });
    expect(Object.keys(spec).sort()).toEqual(['era', 'headers', 'name', 'type', 'url']);
  });

  it('refuses what cannot be reached', () => {
    expect(() => parseConnectSpec({ type: 'websocket', url: 'ws://127.0.0.1:1' })).toThrow(/"stdio", "http" or "sse"/);
    expect(() => parseConnectSpec({ type: 'http', url: 'file:///etc/passwd' })).toThrow(/http\(s\):\/\/ URL/);
    expect(() => parseConnectSpec({ type: 'http', url: 'http://[' })).toThrow(/valid URL/);
    expect(() => parseConnectSpec({ type: 'stdio', command: ' ' })).toThrow(/needs a command/);
    expect(() => parseConnectSpec({ type: 'stdio', command: 'x', env: { A: 1 } })).toThrow(/env must map/);
    expect(() => parseConnectSpec('x')).toThrow(/must be an object/);
  });

  it('labels a spec by its command line or URL', () => {
    expect(labelOf(parseConnectSpec({ type: 'stdio', command: 'srv', args: ['a', 'b'] }))).toBe('srv a b');
    expect(labelOf(parseConnectSpec({ type: 'sse', url: 'http://127.0.0.1:4/sse' }))).toBe('http://127.0.0.1:4/sse');
  });
});
