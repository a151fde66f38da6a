// `mcpkit bridge --http` against callers who open sessions to use up the
// machine, as real processes: with --auth-server, unauthorized initializes
// start no server process; --max-processes caps the session processes (the
// sessions beyond get 503 with Retry-After and no process, and a slot comes
// back when a session ends); --idle-timeout closes an idle session and stops
// its process.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt, cliPeer, type LinePeer } from '../../../test/support/process.js';

const TINY_SERVER = fileURLToPath(new URL('./fixtures/tinyStdioServer.mjs', import.meta.url));
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'limits-test', version: '1.0.0' } },
});

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});
beforeAll(() => {
  assertCliBuilt();
});

/** Starts `mcpkit bridge --http 0 FLAGS -- node tinyStdioServer.mjs` and waits for its URL. */
async function bridge(...flags: string[]): Promise<{ peer: LinePeer; url: URL }> {
  const peer = cliPeer(['bridge', '--http', '0', ...flags, '--', process.execPath, TINY_SERVER]);
  cleanup.push(() => {
    peer.kill();
  });
  await peer.stderrContains('(Ctrl-C to stop)', 15_000);
  return { peer, url: new URL(/ on (http:\/\/\S+)/.exec(peer.stderr)?.[1] ?? '') };
}

/** The processes `pid` started. */
function childrenOf(pid: number | undefined): number[] {
  return spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid ?? 0)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function initialize(
  url: URL,
): Promise<{ status: number; session: string | null; retryAfter: string | null; body: string }> {
  const res = await fetch(url, { method: 'POST', headers: HEADERS, body: INITIALIZE });
  return {
    status: res.status,
    session: res.headers.get('mcp-session-id'),
    retryAfter: res.headers.get('retry-after'),
    body: await res.text(),
  };
}

describe('mcpkit bridge --http resource bounds (process)', () => {
  it('starts no process for unauthorized requests when --auth-server is on', async () => {
    // The issuer need not answer: a request without a token is refused before anyone asks it.
    const issuer = `http://127.0.0.1:${await closedPort()}`;
    const { peer, url } = await bridge('--auth-server', issuer);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 2
          ? fetch(new URL('/sse', url), { headers: { accept: 'text/event-stream' } }).then(async (r) => {
              await r.body?.cancel();
              return r.status;
            })
          : fetch(url, {
              method: 'POST',
              headers: i % 3 === 1 ? { ...HEADERS, authorization: 'Bearer forged' } : HEADERS,
              body: INITIALIZE,
            }).then(async (r) => {
              await r.text();
              return r.status;
            }),
      ),
    );
    // Without a token: 401. A forged one: 401, or 503 while the (dead) issuer cannot be asked.
    attempts.forEach((status, i) => {
      expect(i % 3 === 1 ? [401, 503] : [401], `request ${i}`).toContain(status);
    });
    expect(childrenOf(peer.child.pid)).toEqual([]);
  });

  it('runs at most --max-processes session processes; the rest get 503 and no process', async () => {
    const { peer, url } = await bridge('--max-processes', '2');
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await initialize(url));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused).toHaveLength(5);
    for (const a of refused) {
      expect(a.retryAfter).toMatch(/^\d+$/);
      expect(JSON.parse(a.body)).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        error: { message: expect.stringContaining('--max-processes') as string },
      });
    }
    expect(childrenOf(peer.child.pid).length).toBeLessThanOrEqual(2);
    // Ending a session (DELETE) stops its process and gives its slot back.
    const [first] = answers;
    const before = childrenOf(peer.child.pid);
    const deleted = await fetch(url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': first?.session ?? '', 'mcp-protocol-version': '2025-11-25' },
    });
    expect(deleted.status).toBe(204);
    await waitUntil(() => childrenOf(peer.child.pid).length < before.length, 'the ended session process to stop');
    let again = await initialize(url);
    // The slot is given back when the relay has closed, a moment after the process exits.
    const deadline = Date.now() + 30_000;
    while (again.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await initialize(url);
    }
    expect(again.status).toBe(200);
    expect(childrenOf(peer.child.pid).length).toBeLessThanOrEqual(2);
  });

  it('closes a session idle for --idle-timeout and stops its process', async () => {
    const { peer, url } = await bridge('--idle-timeout', '1');
    const opened = await initialize(url);
    expect(opened.status).toBe(200);
    await waitUntil(() => childrenOf(peer.child.pid).length === 1, 'the session process');
    await waitUntil(() => childrenOf(peer.child.pid).length === 0, 'the idle session process to stop');
    const late = await fetch(url, {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-session-id': opened.session ?? '', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    expect(late.status).toBe(404);
  });

  it('refuses limits that are not positive numbers', () => {
    for (const flags of [
      ['--max-processes', '0'],
      ['--max-processes', '1.5'],
      ['--idle-timeout', 'soon'],
    ]) {
      const run = spawnSync(process.execPath, [CLI_ENTRY, 'bridge', '--http', '0', ...flags, '--', 'x'], {
        encoding: 'utf8',
      });
      expect(run.status, flags.join(' ')).toBe(2);
      expect(run.stderr).toContain(flags[0]);
    }
  });
});
