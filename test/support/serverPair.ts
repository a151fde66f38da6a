/**
 * An mcpkit client connected in memory to a server under test, at a pinned
 * revision: the harness of the reference servers' tests (fetch, git, time).
 *
 * @module
 */
import type { ClientOptions, McpClient } from 'mcpkit/client';
import type { CallToolResult } from 'mcpkit/protocol';
import type { McpServer } from 'mcpkit/server';
import { connectInMemory } from 'mcpkit/testing';

/** The revisions the reference servers are tested at: the oldest, the newest handshake one, the stateless one. */
export const REVISIONS = ['2024-11-05', '2025-11-25', '2026-07-28'] as const;

/** One of {@link REVISIONS}. */
export type TestRevision = (typeof REVISIONS)[number];

/** Connects a fresh client to `server` in memory, speaking `revision`. */
export async function connectPair(
  server: McpServer,
  revision: TestRevision = '2025-11-25',
  options: Partial<ClientOptions> = {},
): Promise<McpClient> {
  return connectInMemory(server, { name: 'reference-test', version: '1.0.0', era: revision, ...options });
}

/** The text of a result's single text block (fails the test if there is not exactly one). */
export function onlyText(result: CallToolResult): string {
  const [block, ...rest] = result.content;
  if (block?.type !== 'text' || rest.length > 0)
    throw new Error(`expected one text block, got ${JSON.stringify(result.content)}`);
  return block.text;
}
