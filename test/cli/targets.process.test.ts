// The built CLI against real servers, reached each way a target can be given:
// a command after --, a URL (positional or --url), and a server in a config
// file (Claude Desktop and VS Code formats). --json output is parsed and checked.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS, tempDir } from '../interop/servers.js';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt, startHttpServer, type HttpServerProcess } from '../support/process.js';
import { recordingProxy, type RecordingProxy } from './proxy.js';
import { cliJson, runCli } from './run.js';

const MCPKIT = ['--', ...SERVERS.mcpkit];
const PAGED = ['--', process.execPath, new URL('fixtures/paged-server.mjs', import.meta.url).pathname];

interface Named {
  readonly name: string;
}

let server: HttpServerProcess;
let url: string;
const dir = tempDir('cli');
beforeAll(async () => {
  assertCliBuilt();
  server = await startHttpServer();
  url = server.url.href;
});
afterAll(async () => {
  await server.stop();
  dir.remove();
});

describe('targets', () => {
  it('a command after -- (stdio)', async () => {
    const { tools } = await cliJson<{ tools: Named[] }>(['list', 'tools', ...MCPKIT]);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'add', 'long_running_operation']));
    const run = await runCli(['call', 'echo', '--arg', 'message=over stdio', ...MCPKIT]);
    expect(run).toMatchObject({ code: 0, stdout: 'over stdio\n' });
  });

  it('a URL, as the last argument or with --url (Streamable HTTP)', async () => {
    const sum = await cliJson(['call', 'add', '--arg', 'a=2', '--arg', 'b=3', url]);
    expect(sum).toMatchObject({ structuredContent: { sum: 5 } });
    const prompts = await cliJson<{ prompts: Named[] }>(['list', 'prompts', '--url', url]);
    expect(prompts.prompts.length).toBeGreaterThan(0);
  });

  it('a server of a Claude Desktop config, ${VAR} expanded into its environment', async () => {
    const config = join(dir.path, 'claude_desktop_config.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          everything: { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'] },
          other: { command: 'nothing' },
        },
      }),
    );
    const run = await runCli(['call', 'echo', '--arg', 'message=from config', '--config', config, '--server', 'everything']);
    expect(run).toMatchObject({ code: 0, stdout: 'from config\n' });
  });

  it('a server of a VS Code mcp.json (JSONC, type http), with headers from the config and --header', async () => {
    const proxy: RecordingProxy = await recordingProxy(url);
    try {
      const config = join(dir.path, 'mcp.json');
      writeFileSync(
        config,
        `{ // VS Code style\n "servers": { "remote": { "type": "http", "url": "${proxy.url}", "headers": { "Authorization": "Bearer \${env:TOKEN}" }, }, }, }`,
      );
      const run = await runCli(
        ['call', 'echo', '--arg', 'message=via proxy', '--config', config, '--header', 'X-Trace: cli-test'],
        { env: { TOKEN: 's3cret' } },
      );
      expect(run, run.stderr).toMatchObject({ code: 0, stdout: 'via proxy\n' });
      expect(proxy.seen.length).toBeGreaterThan(0);
      for (const headers of proxy.seen) expect(headers).toMatchObject({ authorization: 'Bearer s3cret', 'x-trace': 'cli-test' });
    } finally {
      await proxy.close();
    }
  });
});

describe('lists', () => {
  it('gathers every page (--json) and shows them all (human)', async () => {
    const paged = await cliJson<{ tools: Named[] }>(['list', 'tools', ...PAGED]);
    const whole = await cliJson<{ tools: Named[] }>(['list', 'tools', ...MCPKIT]);
    expect(paged.tools.length).toBeGreaterThan(5);
    expect(paged.tools.map((t) => t.name)).toEqual(whole.tools.map((t) => t.name));
    const resources = await cliJson<{ resources: { uri: string }[] }>(['list', 'resources', ...PAGED]);
    expect(new Set(resources.resources.map((r) => r.uri)).size).toBe(resources.resources.length);
    expect(resources.resources.length).toBeGreaterThan(10);
    const human = await runCli(['list', 'tools', ...PAGED]);
    expect(human.stdout.split('\n').filter((l) => /^\w+\(/.test(l))).toHaveLength(paged.tools.length);
  });

  it('shows resources as columns and templates with --json', async () => {
    const human = await runCli(['list', 'resources', url]);
    expect(human.stdout).toMatch(/^URI +NAME +TYPE\n/);
    const { resourceTemplates } = await cliJson<{ resourceTemplates: { uriTemplate: string }[] }>(['list', 'templates', url]);
    expect(resourceTemplates.length).toBeGreaterThan(0);
  });
});

describe('the server process', () => {
  it('gets --env variables and only a safe default environment, unless --inherit-env', async () => {
    const env = { MCPKIT_HOST_SECRET: 'hidden' };
    const isolated = await runCli(['call', 'get-env', '--env', 'MCPKIT_VISIBLE=yes', '-q', '--', ...SERVERS.everything], { env });
    expect(isolated.code).toBe(0);
    expect(isolated.stdout).toContain('"MCPKIT_VISIBLE": "yes"');
    expect(isolated.stdout).not.toContain('MCPKIT_HOST_SECRET');
    const inherited = await runCli(['call', 'get-env', '--inherit-env', '-q', '--', ...SERVERS.everything], { env });
    expect(inherited.stdout).toContain('"MCPKIT_HOST_SECRET": "hidden"');
  });

  it('shows its stderr, unless --quiet', async () => {
    const loud = await runCli(['list', 'tools', '--', ...SERVERS.everything]);
    expect(loud.stderr).toContain('Starting default (STDIO) server...');
    const quiet = await runCli(['list', 'tools', '-q', '--', ...SERVERS.everything]);
    expect(quiet.stderr).toBe('');
  });
});

describe('what the server asks and sends', () => {
  it('offers --root directories as file:// roots', async () => {
    const run = await runCli(['call', 'list_roots', '--root', dir.path, ...MCPKIT]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`file://${dir.path}`);
  });

  it('shows progress on stderr (not with --quiet) and log messages with --log-level', async () => {
    const args = ['call', 'long_running_operation', '--arg', 'duration=0.2', '--arg', 'steps=2'];
    const loud = await runCli([...args, ...MCPKIT]);
    expect(loud.stderr).toBe('progress 1/2: Step 1 of 2\nprogress 2/2: Step 2 of 2\n');
    expect((await runCli([...args, '-q', ...MCPKIT])).stderr).toBe('');
    for (const era of ['handshake', 'stateless']) {
      const logs = await runCli(['call', 'log_messages', '--log-level', 'warning', '--era', era, ...MCPKIT]);
      expect(logs.stderr, era).toContain('[warning] everything:');
      expect(logs.stderr, era).toContain('[error] everything:');
      expect(logs.stderr, era).not.toContain('[info]');
    }
  });
});

describe('eras', () => {
  it('--era picks the negotiation; discover --json prints its result', async () => {
    const handshake = await cliJson(['discover', '--era', 'handshake', ...MCPKIT]);
    expect(handshake).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'mcpkit-everything' } });
    const pinned = await cliJson(['discover', '--era', '2024-11-05', url]);
    expect(pinned).toMatchObject({ protocolVersion: '2024-11-05' });
    const stateless = await cliJson(['discover', url]);
    expect(stateless).toMatchObject({
      supportedVersions: expect.arrayContaining(['2026-07-28', '2025-11-25']) as unknown,
      resultType: 'complete',
    });
  });
});
