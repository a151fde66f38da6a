/**
 * Test helpers: a scratch tree with an allowed directory and things around
 * it to escape to, clients for a server in memory or in a process, and a
 * call that returns what a model would see.
 *
 * @module
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient, type ClientHandlers } from 'mcpkit/client';
import type { CallToolResult } from 'mcpkit/protocol';
import type { McpServer } from 'mcpkit/server';
import { StdioClientTransport } from 'mcpkit/stdio';
import { connectInMemory as connectTestClient } from 'mcpkit/testing';

/** The built CLI. */
export const CLI: string = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));
/** The official filesystem server, from npm. */
export const OFFICIAL: string = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
);

/** The secret every escape tries to reach. */
export const SECRET = 'TOP-SECRET-CONTENT';

/** A scratch tree: `data` is served; `outside`, `data-evil` (a sibling sharing its prefix) are not. */
export interface Tree {
  readonly root: string;
  readonly data: string;
  readonly outside: string;
  readonly sibling: string;
  cleanup(): void;
}

/** Makes a scratch tree (real paths, so messages are predictable). */
export function makeTree(): Tree {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcpkit-fs-')));
  const data = join(root, 'data');
  const outside = join(root, 'outside');
  const sibling = join(root, 'data-evil');
  for (const dir of [data, outside, sibling]) mkdirSync(dir);
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  writeFileSync(join(sibling, 'secret.txt'), SECRET);
  return {
    root,
    data,
    outside,
    sibling,
    cleanup: () => {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** What a call returned, as a model sees it. */
export interface Seen {
  readonly isError: boolean;
  readonly text: string;
  readonly texts: readonly string[];
  readonly structured: unknown;
  readonly raw: CallToolResult;
}

/** Calls a tool; a tool error is a result, not a throw. */
export async function call(client: McpClient, name: string, args: Record<string, unknown> = {}): Promise<Seen> {
  const raw = await client.callTool({ name, arguments: args });
  const texts = raw.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`));
  return { isError: raw.isError === true, text: texts[0] ?? '', texts, structured: raw.structuredContent, raw };
}

/** Connects a handshake-era client to `server` in memory. */
export function connectInMemory(server: McpServer, handlers: ClientHandlers = {}): Promise<McpClient> {
  return connectTestClient(server, { name: 'fs-test', version: '1.0.0', era: '2025-11-25', handlers });
}

/** Connects a handshake-era client to a server process. */
export async function connectProcess(args: readonly string[], env: Record<string, string> = {}): Promise<McpClient> {
  const client = new McpClient({ name: 'fs-test', version: '1.0.0', era: '2025-11-25' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, env, stderr: 'ignore' }));
  return client;
}

/** `mcpkit serve NAME ARGS --http 0` as a process: its URL, and a way to stop it. */
export async function serveOverHttp(args: readonly string[]): Promise<{ url: string; stop: () => void }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [CLI, 'serve', ...args, '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /serving \S+ on (\S+)/.exec(stderr)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) => {
      reject(new Error(`exited with ${String(code)}: ${stderr}`));
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}
