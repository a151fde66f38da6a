// `mcpkit serve fetch|git|time` as real processes: their own options reach
// them, they answer an mcpkit client on stdio and on HTTP, and bad options
// are usage errors (exit 2) with the server's message.
import { spawnSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpClient } from 'mcpkit/client';
import { StreamableHttpClientTransport } from 'mcpkit/http';
import { StdioClientTransport } from 'mcpkit/stdio';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt, cliPeer, type LinePeer } from '../../../test/support/process.js';
import { onlyText } from '../../../test/support/serverPair.js';
import { reply, startSite, type Site } from '../../../servers/fetch/test/site.js';
import { makeSandbox, type Sandbox } from '../../../servers/git/test/fixture.js';

let client: McpClient | undefined;
let peer: LinePeer | undefined;
let site: Site | undefined;
let box: Sandbox | undefined;
beforeAll(() => {
  assertCliBuilt();
});
afterEach(async () => {
  await client?.close();
  peer?.kill();
  await site?.close();
  box?.cleanup();
  client = peer = site = box = undefined;
});

async function overStdio(...args: string[]): Promise<McpClient> {
  client = new McpClient({ name: 'process-test', version: '1.0.0', era: '2025-11-25' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_ENTRY, 'serve', ...args] }));
  return client;
}

describe('mcpkit serve time, fetch, git (process)', () => {
  it('time on stdio takes --local-timezone', async () => {
    const c = await overStdio('time', '--local-timezone', 'Asia/Tokyo');
    const { tools } = await c.listTools();
    expect(JSON.stringify(tools[0]?.inputSchema)).toContain("Use 'Asia/Tokyo' as local timezone");
    const result = await c.callTool({
      name: 'convert_time',
      arguments: { source_timezone: 'Europe/London', time: '2025-06-01T12:00', target_timezone: 'Asia/Tokyo' },
    });
    expect(JSON.parse(onlyText(result))).toMatchObject({
      target: { datetime: '2025-06-01T20:00:00+09:00' },
      time_difference: '+8.0h',
    });
  });

  it('fetch on stdio refuses loopback by default and fetches it with --allow-host', async () => {
    site = await startSite({ '/a.txt': reply(200, 'text/plain', 'local text') });
    let c = await overStdio('fetch', '--ignore-robots-txt');
    expect(onlyText(await c.callTool({ name: 'fetch', arguments: { url: `${site.origin}/a.txt` } }))).toMatch(
      /^Refused to fetch /,
    );
    await c.close();
    c = await overStdio('fetch', '--allow-host', `127.0.0.1:${site.port}`, '--ignore-robots-txt');
    expect(onlyText(await c.callTool({ name: 'fetch', arguments: { url: `${site.origin}/a.txt` } }))).toContain('local text');
    expect(site.seen.map((s) => s.path)).toEqual(['/a.txt']);
  });

  it('git on HTTP takes -r and stays read-only without --allow-write', async () => {
    box = makeSandbox();
    peer = cliPeer(['serve', 'git', '-r', box.repo, '--http', '0']);
    await peer.stderrContains('(Ctrl-C to stop)');
    const url = /serving git on (\S+)/.exec(peer.stderr)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    client = new McpClient({ name: 'process-test', version: '1.0.0', era: '2025-11-25' });
    await client.connect(new StreamableHttpClientTransport({ url: url! }));
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('git_commit');
    expect(onlyText(await client.callTool({ name: 'git_status', arguments: { repo_path: box.repo } }))).toContain(
      'On branch main',
    );
  });

  it('reports bad server options as usage errors (exit 2)', () => {
    const run = (...args: string[]): { status: number | null; stderr: string } =>
      spawnSync(process.execPath, [CLI_ENTRY, 'serve', ...args], { encoding: 'utf8' });
    expect(run('git', '-r', '/nonexistent/repo')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('git: /nonexistent/repo is not a valid Git repository') as unknown,
    });
    expect(run('fetch', '--bogus')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("fetch: Unknown option '--bogus'") as unknown,
    });
    expect(run('time', '--local-timezone', 'Mars/Base')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('No time zone found with key Mars/Base') as unknown,
    });
    expect(run('everything', '--repository', 'x')).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("Unknown option '--repository'") as unknown,
    });
  });
});
