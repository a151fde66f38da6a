// The built CLI as a real process: the npm bin link, help, exit codes, and
// `mcpkit serve everything` on stdio (both eras, clean stdout, prompt exit)
// and with --http.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt, cliPeer, type LinePeer } from '../../../test/support/process.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../../node_modules/.bin/mcpkit', import.meta.url));

const INITIALIZE = {
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cli-test', version: '1.0.0' } },
};
const META_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'cli-test', version: '1.0.0' },
};

let peers: LinePeer[] = [];
function start(...args: string[]): LinePeer {
  const peer = cliPeer(args);
  peers.push(peer);
  return peer;
}

/** True once the server listens on HTTP; false if it exited first. */
async function listening(peer: LinePeer): Promise<boolean> {
  const ready = peer.stderrContains('(Ctrl-C to stop)').then(
    () => true,
    () => false,
  );
  return Promise.race([ready, peer.exited.then(() => false)]);
}

beforeAll(() => {
  assertCliBuilt();
});
afterEach(() => {
  for (const p of peers) p.kill();
  peers = [];
});

describe('mcpkit (process)', () => {
  it('runs through the npm bin link', () => {
    const r = spawnSync(BIN, ['--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('mcpkit <command> [options]');
  });

  it('exits 2 on a usage error, with the message on stderr', () => {
    const r = spawnSync(process.execPath, [CLI_ENTRY, 'serve', 'nothing'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('unknown server "nothing"');
  });
});

describe('mcpkit serve everything (process)', () => {
  it('serves both eras on stdio, writes nothing but protocol to stdout, and exits 0 when stdin closes', async () => {
    const peer = start('serve', 'everything');
    const init = await peer.request(INITIALIZE);
    expect(init['result']).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'mcpkit-everything' } });
    peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(
      await peer.request({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'over stdio' } } }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'over stdio' }] },
    });
    const discover = await peer.request({ id: 3, method: 'server/discover', params: { _meta: META_2026 } });
    expect(discover['result']).toMatchObject({
      supportedVersions: expect.arrayContaining(['2026-07-28', '2024-11-05']) as unknown,
      resultType: 'complete',
    });
    peer.child.stdin.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
    for (const line of peer.stdout.split('\n').filter((l) => l !== '')) expect(JSON.parse(line)).toHaveProperty('jsonrpc', '2.0');
    expect(peer.stderr).toBe('');
  });

  it('answers what was piped in before stdin closed, then exits 0', async () => {
    const peer = start('serve', 'everything');
    peer.send({ jsonrpc: '2.0', ...INITIALIZE });
    peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    peer.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'long_running_operation', arguments: { duration: 0.1, steps: 1 } },
    });
    peer.child.stdin.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
    const ids = peer.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => (JSON.parse(l) as { id?: unknown }).id);
    expect(ids).toEqual([1, 2]);
  });

  it('exits 0 on SIGTERM', async () => {
    const peer = start('serve', 'everything');
    await peer.request(INITIALIZE);
    peer.child.kill('SIGTERM');
    expect(await peer.exited).toEqual({ code: 0, signal: null });
  });

  it('serves HTTP with --http', async () => {
    const peer = start('serve', 'everything', '--http', '0');
    expect(await listening(peer)).toBe(true);
    const url = /serving everything on (\S+)/.exec(peer.stderr)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const response = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', ...INITIALIZE }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"protocolVersion":"2025-11-25"');
    expect(peer.stdout).toBe('');
    peer.child.kill('SIGTERM');
    expect(await peer.exited).toEqual({ code: 0, signal: null });
  });

  it('exits 1 when the HTTP port is taken', async () => {
    const first = start('serve', 'everything', '--http', '0');
    expect(await listening(first)).toBe(true);
    const port = /:(\d+)\/mcp/.exec(first.stderr)?.[1];
    const second = start('serve', 'everything', '--http', port!);
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.stderr).toMatch(/^mcpkit: .*EADDRINUSE/);
  });
});
