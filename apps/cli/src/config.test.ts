import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfigTarget } from './config.js';

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

describe('loadConfigTarget', () => {
  it('reads a Claude Desktop stdio entry, expanding ${VAR} in env, args and command', () => {
    const path = file({
      mcpServers: {
        fs: { command: 'npx', args: ['-y', 'server', '${HOME}/data'], env: { API_KEY: '${TOKEN}', N: 3 }, cwd: 'sub' },
      },
    });
    expect(loadConfigTarget(path, 'fs', ENV)).toEqual({
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'server', '/home/me/data'],
      env: { API_KEY: 'secret', N: '3' },
      cwd: join(dir, 'sub'),
      label: `server "fs" in ${path}`,
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
    expect(loadConfigTarget(path, 'cursor', ENV)).toMatchObject({
      kind: 'http',
      url: 'http://localhost:1/mcp',
      headers: { Authorization: 'Bearer secret' },
      transport: 'auto',
    });
    expect(loadConfigTarget(path, 'windsurf', ENV)).toMatchObject({ kind: 'http', url: 'http://localhost:2/mcp' });
    expect(loadConfigTarget(path, 'code', ENV)).toMatchObject({ kind: 'http', transport: 'auto' });
    expect(loadConfigTarget(path, 'old', ENV)).toMatchObject({ kind: 'http', transport: 'sse' });
  });

  it('reads VS Code files: "servers" (mcp.json, JSONC) and "mcp.servers" (settings)', () => {
    const jsonc = file(`{
      // comments and trailing commas, as VS Code writes them
      "servers": { "memory": { "type": "stdio", "command": "node", "args": ["m.js",], }, },
      "inputs": [],
    }`);
    expect(loadConfigTarget(jsonc, undefined, ENV)).toMatchObject({ kind: 'stdio', command: 'node', args: ['m.js'] });
    const settings = file({ mcp: { servers: { a: { command: 'a' } } } });
    expect(loadConfigTarget(settings, 'a', ENV)).toMatchObject({ command: 'a' });
  });

  it('picks the only server without --server, and lists the choices otherwise', () => {
    const two = file({ mcpServers: { a: { command: 'a' }, b: { command: 'b' } } });
    expect(() => loadConfigTarget(two, undefined, ENV)).toThrow('has 2 servers; pick one with --server (a, b)');
    expect(() => loadConfigTarget(two, 'c', ENV)).toThrow('has no server "c" (it has: a, b)');
  });

  it('refuses unreadable files, bad JSON, missing servers, unset variables and bad entries', () => {
    expect(() => loadConfigTarget(join(dir, 'missing.json'), undefined, ENV)).toThrow('cannot read --config');
    expect(() => loadConfigTarget(file('{ nope'), undefined, ENV)).toThrow('is not valid JSON');
    expect(() => loadConfigTarget(file({ other: {} }), undefined, ENV)).toThrow('has no "mcpServers"');
    expect(() => loadConfigTarget(file({ mcpServers: { a: { command: 'x', env: { K: '${UNSET_VAR}' } } } }), 'a', ENV)).toThrow(
      'server "a": "env.K": uses ${UNSET_VAR}, which is not set in the environment',
    );
    expect(() => loadConfigTarget(file({ mcpServers: { a: { args: [] } } }), 'a', ENV)).toThrow('needs a "command"');
    expect(() => loadConfigTarget(file({ mcpServers: { a: { type: 'carrier-pigeon', command: 'x' } } }), 'a', ENV)).toThrow(
      '"type": is "carrier-pigeon"; expected stdio, http, streamable-http or sse',
    );
    expect(() => loadConfigTarget(file({ mcpServers: { a: { command: '${input:key}' } } }), 'a', ENV)).toThrow(
      'uses ${input:key}, which has no answer',
    );
  });
});
