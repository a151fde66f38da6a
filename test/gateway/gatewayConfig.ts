/**
 * The gateway's process tests' upstreams: `mcpkit serve everything` over
 * stdio, the official server-memory over stdio, `mcpkit serve everything`
 * over HTTP, and the host's fixture server (which crashes and grows on
 * request), written into a config file of a temporary folder.
 *
 * @module
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from '../support/harness.js';
import { startHttpServer, type HttpServerProcess } from '../support/process.js';

const MEMORY = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../host/fixtures/hostFixture.mjs', import.meta.url));

/** A config of four upstreams, and how to clean up after it. */
export interface Upstreams {
  readonly file: string;
  readonly dir: string;
  readonly web: HttpServerProcess;
  close(): Promise<void>;
}

/** Writes the config (with `extra` beside `mcpServers`) and starts the HTTP upstream. */
export async function upstreams(extra: Record<string, unknown> = {}): Promise<Upstreams> {
  const web = await startHttpServer();
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-'));
  const file = join(dir, 'mcp.json');
  const config = {
    mcpServers: {
      everything: { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'] },
      memory: { command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } },
      web: { type: 'http', url: web.url.href },
      fixture: { command: process.execPath, args: [FIXTURE] },
    },
    ...extra,
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return {
    file,
    dir,
    web,
    close: async () => {
      await web.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
