import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { inferServer } from './inferServer.js';
import type { ServerConfig } from './types.js';

describe('inferServer', () => {
  it('takes command words as a process, named after the program', () => {
    expect(inferServer(['npx', '-y', '@scope/server'])).toEqual({
      type: 'stdio',
      name: 'npx',
      command: 'npx',
      args: ['-y', '@scope/server'],
      env: {},
    });
    expect(inferServer(['/usr/local/bin/srv'], { name: 'mine' })).toMatchObject({ name: 'mine', command: '/usr/local/bin/srv' });
  });

  it('takes an http(s) URL as Streamable HTTP, named after its host', () => {
    expect(inferServer('https://example.com:8443/mcp')).toEqual({
      type: 'http',
      name: 'example.com:8443',
      url: 'https://example.com:8443/mcp',
      headers: {},
    });
    expect(inferServer('HTTP://127.0.0.1:9/mcp').type).toBe('http');
  });

  it('runs a script by its interpreter', () => {
    expect(inferServer('./srv/server.mjs', { nodeCommand: '/opt/node' })).toEqual({
      type: 'stdio',
      name: 'server.mjs',
      command: '/opt/node',
      args: ['./srv/server.mjs'],
      env: {},
    });
    expect(inferServer('C:\\tools\\server.py')).toMatchObject({ command: 'python3', args: ['C:\\tools\\server.py'] });
  });

  it('picks a server of a config by name', () => {
    const servers: ServerConfig[] = [{ type: 'sse', name: 'docs', url: 'http://127.0.0.1:1/sse', headers: { 'X-A': '1' } }];
    expect(inferServer('docs', { servers })).toBe(servers[0]);
    expect(() => inferServer('nope', { servers })).toThrow(/a server of the config \(docs\)/);
  });

  it('reads a config entry in any dialect, granting nothing', () => {
    expect(
      inferServer({ type: 'streamable-http', serverUrl: 'http://127.0.0.1:3/mcp', alwaysAllow: ['x'] }, { name: 'w' }),
    ).toEqual({
      type: 'http',
      name: 'w',
      url: 'http://127.0.0.1:3/mcp',
      headers: {},
    });
    expect(
      inferServer({ command: 'srv', args: ['${HOME}'] }, { environment: { env: { HOME: '/h' }, workspaceFolder: '/w' } }),
    ).toMatchObject({ type: 'stdio', name: 'server', command: 'srv', args: ['/h'] });
  });

  it('refuses a URL with a user or password, without echoing the secret', () => {
    const attempt = (): ServerConfig => inferServer('https://alice:s3cret@example.com/mcp');
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/send it as a header/);
    expect(attempt).not.toThrow(/s3cret/);
    expect(() => inferServer('https://token@example.com/mcp')).toThrow(/user or password/);
  });

  it('refuses every scheme but http(s)', () => {
    for (const text of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/plain,x',
      'ftp://example.com/',
      'ws://127.0.0.1:1/',
    ])
      expect(() => inferServer(text), text).toThrow(/URLs are not servers; give an http:\/\/ or https:\/\/ URL/);
  });

  it('refuses a config entry of an unknown type, or with neither command nor URL', () => {
    expect(() => inferServer({ type: 'websocket', url: 'ws://127.0.0.1:1' }, { name: 'ws' })).toThrow(
      /server "?ws"?.*type.*expected stdio, http, streamable-http or sse/,
    );
    expect(() => inferServer({ args: ['x'] })).toThrow(/needs a "command".*or a "url"/);
    expect(() => inferServer({ url: 'file:///x' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => inferServer({ command: 'x', disabled: true })).toThrow(/disabled/);
  });

  it('refuses what is no server at all', () => {
    expect(() => inferServer([])).toThrow(/the command is empty/);
    expect(() => inferServer(['  '])).toThrow(/the command is empty/);
    expect(() => inferServer([1, 2] as unknown as string[])).toThrow(/list of strings/);
    expect(() => inferServer('server')).toThrow(/"server" is not a server: give an http\(s\) URL/);
    expect(() => inferServer('http://')).toThrow(/not a valid URL/);
    expect(() => inferServer(null as unknown as string)).toThrow(ConfigError);
  });
});
