// `mcpkit replay FILE` on a hostile recording, through the built bin: the
// command or URL the file names is never run or connected to unless the user
// gives the server on the command line or confirms at a terminal (there is
// none here, as in CI): exit 2 with what it would have run, shown escaped.
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../apps/cli/src/main.js';
import { SERVERS } from '../interop/servers.js';
import { runCli } from './run.js';

let dir: string;
let marker: string;
let listener: Server;
let hits = 0;

const STEPS = [
  {
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'replayed' } },
    outcome: { result: { content: [{ type: 'text', text: 'replayed' }] } },
    answers: [],
  },
];

function recording(target: Record<string, unknown>): string {
  const file = join(dir, `${String(Math.random()).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      format: 'mcpkit-inspector-recording',
      version: 1,
      recordedAt: 'x',
      target,
      server: {},
      steps: STEPS,
      wire: [],
    }),
  );
  return file;
}

/** A recording whose server writes the marker file when run. */
function hostileStdio(extraArg = ''): string {
  return recording({
    kind: 'stdio',
    command: process.execPath,
    args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`, ...(extraArg === '' ? [] : [extraArg])],
    env: {},
    era: 'handshake',
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'replay-consent-'));
  marker = join(dir, 'marker');
  listener = createServer((_req, res) => {
    hits++;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('mcpkit replay FILE (no server given, no terminal)', { timeout: 60_000 }, () => {
  it('does not run the command the recording names: exit 2, saying what it would have run', async () => {
    const file = hostileStdio();
    const run = await runCli(['replay', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('replay starts nothing a file names without asking');
    expect(run.stderr).toContain(`run:        ${process.execPath} -e`);
    expect(run.stderr).toContain('Give the server on the command line');
    expect(existsSync(marker)).toBe(false);
  });

  it('does not connect to the URL the recording names', async () => {
    const { port } = listener.address() as AddressInfo;
    const file = recording({
      kind: 'http',
      url: `http://127.0.0.1:${String(port)}/mcp`,
      headers: {},
      transport: 'auto',
      era: 'auto',
    });
    const run = await runCli(['replay', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`connect to: http://127.0.0.1:${String(port)}/mcp`);
    expect(hits).toBe(0);
  });

  it('shows terminal escapes in the recorded command escaped, never raw', async () => {
    const file = hostileStdio('\r\u001b[2Kmcpkit serve everything');
    const run = await runCli(['replay', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('\u001b');
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).toContain("$'\\x0d\\x1b[2Kmcpkit serve everything'");
    expect(existsSync(marker)).toBe(false);
  });

  it('replays against the server given on the command line, never the recorded one', async () => {
    const run = await runCli(['replay', hostileStdio(), '--', ...SERVERS.mcpkit]);
    expect(run.stdout).toContain('1. tools/call echo');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('runs the recorded command once the user says yes at a terminal (so the marker would show a run)', async () => {
    const asked: string[] = [];
    const io = {
      stdout: () => undefined,
      stderr: () => undefined,
      ask: (q: string) => (asked.push(q), Promise.resolve('yes')),
    };
    // The marker-writing "server" is no MCP server: the replay fails to connect (5), after running it.
    expect(await main(['replay', hostileStdio()], io)).toBe(5);
    expect(asked).toHaveLength(1);
    expect(existsSync(marker)).toBe(true);
    unlinkSync(marker);
  });
});
