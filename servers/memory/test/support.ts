/**
 * Test helpers for the memory server: scratch directories, the official
 * server and ours as processes, and calls returning what a model sees.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';

/** The built CLI. */
export const CLI: string = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));
/** The official memory server, from npm. */
export const OFFICIAL: string = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url),
);

/** A scratch directory, removed by `cleanup`. */
export function scratch(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-memory-'));
  return {
    dir,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The driver this run forces (`MCPKIT_MEMORY_DRIVER`), passed on to the servers it spawns. */
export function driverEnv(): Record<string, string> {
  const driver = process.env['MCPKIT_MEMORY_DRIVER'];
  return driver === undefined ? {} : { MCPKIT_MEMORY_DRIVER: driver };
}

/** A memory server process (`args` after node), with a handshake-era client on it. */
export async function spawnServer(args: readonly string[], env: Record<string, string> = {}): Promise<McpClient> {
  const client = new McpClient({ name: 'memory-test', version: '1.0.0', era: '2025-11-25' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, env: { ...driverEnv(), ...env }, stderr: 'ignore' }),
  );
  return client;
}

/** Ours on `db`. */
export function ours(db: string): Promise<McpClient> {
  return spawnServer([CLI, 'serve', 'memory', '--db', db]);
}

/** A call's outcome: error flag, texts, structured content. */
export async function outcome(client: McpClient, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const r = await client.callTool({ name, arguments: args });
  return {
    isError: r.isError === true,
    texts: r.content.map((c) => (c.type === 'text' ? c.text : c.type)),
    structured: r.structuredContent,
  };
}
