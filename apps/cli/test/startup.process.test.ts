// What `mcpkit serve` loads before it answers: the bundle, one command's code,
// one server's, and the parts of mcpkit a stdio server needs; never the client,
// the host, the chat loop or the HTTP layers. Speed itself is measured by
// bench/startup.mjs, never asserted here.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt } from '../../../test/support/process.js';

const BIN = fileURLToPath(new URL('../../../packages/mcpkit/bin/mcpkit.js', import.meta.url));
const LOG_LOADS = fileURLToPath(new URL('fixtures/logLoads.mjs', import.meta.url));

/** Starts `mcpkit serve <name>`, waits for its answer to `initialize`, and returns the files it had loaded by then. */
async function loadedBy(name: string): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', LOG_LOADS, BIN, 'serve', name], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        if (chunk.includes('"id":1')) resolve();
      });
      child.on('exit', (code) => {
        reject(new Error(`mcpkit serve ${name} exited (${String(code)}): ${stderr}`));
      });
      const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'startup-test', version: '1.0.0' } };
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params })}\n`);
    });
  } finally {
    child.kill();
  }
  return [...stderr.matchAll(/^loaded (\S+)$/gm)].map((m) => m[1] ?? '');
}

beforeAll(() => {
  assertCliBuilt();
});

describe('mcpkit serve, started', () => {
  it.each(['everything', 'time'])('%s loads the bundle, its own server and mcpkit for stdio only', async (name) => {
    const loaded = await loadedBy(name);
    expect(loaded.some((url) => url.endsWith('/packages/mcpkit/dist/cli/bin.js'))).toBe(true);
    // Nothing from tsc's unbundled output, and no package loaded file by file (zod is bundled in).
    expect(loaded.filter((url) => /\/apps\/|\/servers\/|\/node_modules\//.test(url))).toEqual([]);
    // mcpkit's bundle: no client, host, host config or HTTP chunk; nor the CLI's chat loop or client commands.
    const files = loaded.map((url) => url.slice(url.lastIndexOf('/') + 1));
    expect(
      files.filter((f) => /^(client|host|config|node|http|streamableHttpClientTransport|chat\w*|list|call|connect)[-.]/.test(f)),
    ).toEqual([]);
    expect(loaded.length).toBeLessThan(20);
  });
});
