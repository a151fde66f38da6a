/**
 * The benchmark's hand-written baselines (`bench/servers/raw-stdio.mjs` and
 * the zod floor `bench/startup/zod-floor.mjs`) share one stdin line loop:
 * both answer a line that is not JSON with a parse error whose id is null
 * (JSON-RPC 2.0), skip blank lines and notifications, answer requests, and
 * exit cleanly when stdin ends. A baseline that answers wrongly would make
 * every ratio against it meaningless.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVERS = {
  'raw stdio server': fileURLToPath(new URL('../bench/servers/raw-stdio.mjs', import.meta.url)),
  'zod floor': fileURLToPath(new URL('../bench/startup/zod-floor.mjs', import.meta.url)),
};

/** Writes `input` to the server's stdin, closes it, and collects the reply lines and the exit code. */
async function exchange(script: string, input: string): Promise<{ lines: unknown[]; code: number | null }> {
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  child.stdin.end(input);
  const code = await closed;
  return {
    lines: out
      .split('\n')
      .filter((l) => l !== '')
      .map((l): unknown => JSON.parse(l)),
    code,
  };
}

describe.each(Object.entries(SERVERS))('%s', (_name, script) => {
  it('answers a malformed line with id null, skips blanks and notifications, and answers requests', async () => {
    const input = [
      'not json',
      '',
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","id":7,"method":"ping"}',
      '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi"}}}',
    ].join('\n');
    const { lines, code } = await exchange(script, `${input}\n`);
    expect(lines).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 7, result: {} },
      { jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: 'hi' }] } },
    ]);
    expect(code).toBe(0);
  });
});
