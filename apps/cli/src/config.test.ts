import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfigServer } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-config-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function file(config: unknown): string {
  const path = join(dir, `config-${String(n++)}.json`);
  writeFileSync(path, typeof config === 'string' ? config : JSON.stringify(config));
  return path;
}

const ENV = { TOKEN: 'secret', HOME: '/home/me' };

describe('loadConfigServer', () => {
  it('reads a Claude Desktop stdio entry, expanding ${VAR} in env, args and command', () => {
    const path = file({
      mcpServers: {
        fs: { command: 'npx', args: ['-y', 'server', '${HOME}/data'], env: { API_KEY: '${TOKEN}', N: 3 }, cwd: 'sub' },
      },
    });
    expect(loadConfigServer(path, 'fs', ENV)).toEqual({
      type: 'stdio',
      name: 'fs',
      command: 'npx',
      args: ['-y', 'server', '/home/me/data'],
      env: { API_KEY: 'secret', N: '3' },
      cwd: join(dir, 'sub'),
    });
  });

  it('reads URL entries: Cursor url, Windsurf serverUrl, type http/sse, headers expanded', () => {
    const path = file({
      mcpServers: {
        cursor: { url: 'http://localhost:1/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
        windsurf: { serverUrl: 'http://localhost:2/mcp' },
        code: { type: 'http', url: 'http://localhost:3/mcp' },
        old: { type: 'sse', url: 'http://localhost:4/sse' },
      },
    });
    expect(loadConfigServer(path, 'cursor', ENV)).toMatchObject({
      type: 'http',
      url: 'http://localhost:1/mcp',
      headers: { Authorization: 'Bearer secret' },
    });
    expect(loadConfigServer(path, 'windsurf', ENV)).toMatchObject({ type: 'http', url: 'http://localhost:2/mcp' });
    expect(loadConfigServer(path, 'code', ENV)).toMatchObject({ type: 'http' });
    expect(loadConfigServer(path, 'old', ENV)).toMatchObject({ type: 'sse' });
  });

  it('reads VS Code files: "servers" (mcp.json, JSONC) and "mcp.servers" (settings)', () => {
    const jsonc = file(`{
      // comments and trailing commas, as VS Code writes them
      "servers": { "memory": { "type": "stdio", "command": "node", "args": ["m.js",], }, },
      "inputs": [],
    }`);
    expect(loadConfigServer(jsonc, undefined, ENV)).toMatchObject({ type: 'stdio', command: 'node', args: ['m.js'] });
    const settings = file({ mcp: { servers: { a: { command: 'a' } } } });
    expect(loadConfigServer(settings, 'a', ENV)).toMatchObject({ command: 'a' });
  });

  it('picks the only server without --server, and lists the choices otherwise', () => {
    const two = file({ mcpServers: { a: { command: 'a' }, b: { command: 'b' } } });
    expect(() => loadConfigServer(two, undefined, ENV)).toThrow('has 2 servers; pick one with --server (a, b)');
    expect(() => loadConfigServer(two, 'c', ENV)).toThrow('has no server "c" (it has: a, b)');
  });

  it('refuses unreadable files, bad JSON, missing servers, unset variables and bad entries', () => {
    expect(() => loadConfigServer(join(dir, 'missing.json'), undefined, ENV)).toThrow('cannot read --config');
    expect(() => loadConfigServer(file('{ nope'), undefined, ENV)).toThrow('is not valid JSON');
    expect(() => loadConfigServer(file({ other: {} }), undefined, ENV)).toThrow('has no "mcpServers"');
    expect(() => loadConfigServer(file({ mcpServers: { a: { command: 'x', env: { K: '${UNSET_VAR}' } } } }), 'a', ENV)).toThrow(
      'server "a": "env.K": uses ${UNSET_VAR}, which is not set in the environment',
    );
    expect(() => loadConfigServer(file({ mcpServers: { a: { args: [] } } }), 'a', ENV)).toThrow('needs a "command"');
    expect(() => loadConfigServer(file({ mcpServers: { a: { type: 'carrier-pigeon', command: 'x' } } }), 'a', ENV)).toThrow(
      '"type": is "carrier-pigeon"; expected stdio, http, streamable-http or sse',
    );
    expect(() => loadConfigServer(file({ mcpServers: { a: { command: '${input:key}' } } }), 'a', ENV)).toThrow(
      'uses ${input:key}, which has no answer',
    );
  });
});
