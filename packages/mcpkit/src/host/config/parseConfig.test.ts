import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { parseConfigText, type ConfigEnvironment } from './parseConfig.js';
import type { ConfigInput } from './types.js';

const fixture = (name: string): { text: string; file: string } => {
  const file = fileURLToPath(new URL(`testdata/${name}`, import.meta.url));
  return { text: readFileSync(file, 'utf8'), file };
};
const environment: ConfigEnvironment = {
  env: { HOME: '/home/ada', API_KEY: 'secret', TZ: 'Europe/Paris' },
  workspaceFolder: '/work/project',
  home: '/home/ada',
};

async function parse(name: string, extra: Partial<ConfigEnvironment> = {}) {
  const { text, file } = fixture(name);
  return parseConfigText(text, file, { ...environment, ...extra });
}

describe('config dialects', () => {
  it("reads Claude Desktop's claude_desktop_config.json (other top-level keys left alone)", async () => {
    const config = await parse('claude_desktop_config.json');
    expect(config.servers).toEqual([
      {
        name: 'filesystem',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/ada/Desktop'],
        env: {},
      },
      {
        name: 'memory',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        env: { MEMORY_FILE_PATH: '/home/ada/memory.json' },
      },
    ]);
    expect(config.warnings).toEqual([]);
  });

  it("reads Claude Code's .mcp.json: http with headers, stdio with cwd, sse, defaults and numbers", async () => {
    const config = await parse('claude_code.mcp.json');
    const dir = fileURLToPath(new URL('testdata', import.meta.url));
    expect(config.servers).toEqual([
      { name: 'api-server', type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer secret' } },
      {
        name: 'local',
        type: 'stdio',
        command: 'node',
        args: ['server.js', '--port', '8080'],
        cwd: `${dir}/tools`,
        env: { DEBUG: 'true' },
      },
      { name: 'old', type: 'sse', url: 'https://old.example.com/sse', headers: {} },
    ]);
  });

  it("reads Cursor's JSONC, with autoApprove as allowed tools, a timeout in seconds, and disabled servers left out", async () => {
    const config = await parse('cursor.mcp.json', { scope: 'user' });
    expect(config.servers.map((s) => s.name)).toEqual(['everything', 'remote']);
    expect(config.servers[0]).toMatchObject({ allow: ['echo'] });
    expect(config.servers[1]).toMatchObject({ type: 'http', timeoutMs: 30_000 });
  });

  it("lets only the user's own config grant: a project's alwaysAllow, autoApprove and trust are ignored, with a warning", async () => {
    const text = JSON.stringify({
      mcpServers: {
        a: { command: 'x', alwaysAllow: ['rm'], trust: true },
        b: { command: 'y', autoApprove: ['wipe'] },
        c: { command: 'z', trust: false, alwaysAllow: [] },
      },
    });
    const project = await parseConfigText(text, '/repo/.mcp.json', environment);
    expect(project.scope).toBe('project');
    for (const server of project.servers) {
      expect(server.allow).toBeUndefined();
      expect(server.trusted).toBeUndefined();
    }
    expect(project.warnings.map((w) => `${w.server ?? ''}: ${w.message.split(' is ')[0] ?? ''}`)).toEqual([
      'a: field "alwaysAllow"',
      'a: field "trust"',
      'b: field "autoApprove"',
    ]);
    const own = await parseConfigText(text, '/home/ada/mcp.json', { ...environment, scope: 'user' });
    expect(own.servers.map((s) => [s.name, s.allow, s.trusted])).toEqual([
      ['a', ['rm'], true],
      ['b', ['wipe'], undefined],
      ['c', [], undefined],
    ]);
  });

  it("takes no oauth from any config file, not even the user's: no grant, assertion, DPoP or client of its choosing", async () => {
    const oauth = { clientId: 'evil', clientCredentials: true, assertion: 'a.b.c', dpop: true, callbackPort: 80 };
    const text = JSON.stringify({ mcpServers: { r: { type: 'http', url: 'https://r.example/mcp', oauth } } });
    for (const scope of ['user', 'project'] as const) {
      const config = await parseConfigText(text, '/home/ada/mcp.json', { ...environment, scope });
      expect(config.servers).toEqual([{ name: 'r', type: 'http', url: 'https://r.example/mcp', headers: {} }]);
    }
  });

  it("reads VS Code's mcp.json: inputs asked once each (secrets flagged), envFile, unknown fields warned", async () => {
    const asked: ConfigInput[] = [];
    const config = await parse('vscode.mcp.json', {
      askInput: (input) => {
        asked.push(input);
        return Promise.resolve(input.id === 'github-token' ? 'ghp_123' : undefined);
      },
      readFile: (path) => {
        expect(path).toBe('/work/project/.env');
        return '# comment\nexport TOKEN="a b"\nPLAIN=x # trailing\nnot a line\n';
      },
    });
    expect(asked.map((i) => [i.id, i.password])).toEqual([
      ['github-token', true],
      ['region', false],
    ]);
    expect(config.servers[0]).toMatchObject({ type: 'http', headers: { Authorization: 'Bearer ghp_123', 'X-Region': 'eu' } });
    expect(config.servers[1]).toMatchObject({ type: 'stdio', command: 'uvx', env: { TOKEN: 'a b', PLAIN: 'x', REGION: 'eu' } });
    expect(config.warnings.map((w) => w.message)).toEqual([
      'field "sandboxEnabled" is unknown; ignored',
      'envFile /work/project/.env: lines 4 are not NAME=value; ignored',
    ]);
  });

  it('reads VS Code settings ("mcp": { "servers" }) and ${env:VAR}', async () => {
    const config = await parse('vscode.settings.json');
    expect(config.servers).toEqual([
      { name: 'time', type: 'stdio', command: 'uvx', args: ['mcp-server-time', '--local-timezone=Europe/Paris'], env: {} },
    ]);
  });

  it("reads Windsurf's serverUrl, Gemini CLI's httpUrl (its timeout in ms) and tool lists, Roo Code's disabledTools, warning of fields it does not know", async () => {
    const config = await parse('windsurf_gemini.json');
    expect(config.servers).toMatchObject([
      { name: 'windsurf-remote', type: 'http', url: 'https://windsurf.example.com/mcp' },
      {
        name: 'gemini-remote',
        type: 'http',
        url: 'https://gemini.example.com/mcp',
        timeoutMs: 600_000,
        includeTools: ['a', 'b'],
        excludeTools: ['b'],
      },
      { name: 'roo', type: 'stdio', excludeTools: ['c'] },
    ]);
    expect(config.warnings).toEqual([
      {
        file: expect.stringContaining('windsurf_gemini.json') as string,
        server: 'gemini-remote',
        message: 'field "someNewField" is unknown; ignored',
      },
    ]);
  });

  it('reads a top-level toolSearch, and refuses a bad one naming the field', async () => {
    const text = (toolSearch: unknown): string => JSON.stringify({ mcpServers: {}, toolSearch });
    const config = await parseConfigText(text({ mode: 'host', threshold: 0, maxResults: 8 }), '/cfg/mcp.json', environment);
    expect(config.toolSearch).toEqual({ mode: 'host', threshold: 0, maxResults: 8 });
    await expect(parseConfigText(text({ mode: 'everything' }), '/cfg/mcp.json', environment)).rejects.toThrow(/toolSearch\.mode/);
    await expect(parseConfigText(text({ threshold: -1 }), '/cfg/mcp.json', environment)).rejects.toThrow(/toolSearch\.threshold/);
    await expect(parseConfigText(text({ maxResults: 1e9 }), '/cfg/mcp.json', environment)).rejects.toThrow(/maxResults/);
    await expect(
      parseConfigText(JSON.stringify({ mcpServers: { a: { command: 'x', includeTools: 'all' } } }), '/cfg/mcp.json', environment),
    ).rejects.toThrow(/includeTools/);
  });
});

describe('config errors name the file, the server and the field', () => {
  const bad = async (text: string, extra: Partial<ConfigEnvironment> = {}): Promise<string> => {
    const error = await parseConfigText(text, '/cfg/mcp.json', { ...environment, ...extra }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  };

  it('for text that is not JSON', async () => {
    expect(await bad('{ "mcpServers": ')).toMatch(/^\/cfg\/mcp.json: is not valid JSON/);
  });
  it('for a config without servers', async () => {
    expect(await bad('{ "other": {} }')).toBe(
      '/cfg/mcp.json: has no "mcpServers" object (nor VS Code\'s "servers" or "mcp.servers")',
    );
  });
  it('for a wrong field', async () => {
    expect(await bad('{ "mcpServers": { "x": { "command": "a", "args": "b" } } }')).toBe(
      '/cfg/mcp.json: server "x": "args": must be a list of strings',
    );
    expect(await bad('{ "mcpServers": { "x": { "command": "a", "args": [1, {}] } } }')).toBe(
      '/cfg/mcp.json: server "x": "args[1]": must be a string',
    );
    expect(await bad('{ "mcpServers": { "x": { "type": "ws", "url": "u" } } }')).toMatch(
      /server "x": "type": is "ws"; expected stdio, http/,
    );
    expect(await bad('{ "mcpServers": { "x": { "url": "ftp://a" } } }')).toMatch(
      /server "x": "url": must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(await bad('{ "mcpServers": { "x": {} } }')).toMatch(/server "x": needs a "command"/);
  });
  it('for a variable that is not set, naming it', async () => {
    expect(await bad('{ "mcpServers": { "x": { "command": "a", "env": { "K": "${NOPE}" } } } }')).toMatch(
      /server "x": "env.K": uses \$\{NOPE\}, which is not set/,
    );
  });
  it('for an input nobody can answer, and one never declared', async () => {
    expect(
      await bad('{ "inputs": [{ "id": "k", "description": "Key" }], "servers": { "x": { "command": "${input:k}" } } }'),
    ).toMatch(/input "k" \("Key"\) needs an answer/);
    expect(await bad('{ "servers": { "x": { "command": "${input:k}" } } }')).toMatch(/declares no input "k"/);
  });
  it('for a server that is not there, listing those that are', async () => {
    expect(await bad('{ "mcpServers": { "a": { "command": "x" } } }', { only: ['b'] })).toBe(
      '/cfg/mcp.json: has no server "b" (it has: a)',
    );
  });
  it('only for the servers chosen', async () => {
    const config = await parseConfigText(
      '{ "mcpServers": { "a": { "command": "x" }, "b": { "command": "${NOPE}" } } }',
      undefined,
      { ...environment, only: ['a'] },
    );
    expect(config.servers.map((s) => s.name)).toEqual(['a']);
  });
});
