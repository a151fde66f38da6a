/**
 * One call signature for every client the scale-out scenarios drive (the
 * official v1 and v2 clients and mcpkit's), so a scenario is written once:
 * `(name, args, onProgress?) => result`. Each client answers elicitation
 * with `{ name: 'Grace' }`.
 *
 * @module
 */
import type { Client as V2Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpClient } from '../../src/client/index.js';

/** What the scenarios read of a tool result. */
export interface Outcome {
  readonly content?: readonly unknown[];
}

/** A tool call, with progress reported as its number. */
export type Call = (name: string, args: object, onProgress?: (progress: number) => void) => Promise<Outcome>;

/** The text of a result's first content block. */
export const text = (result: Outcome): string => (result.content?.[0] as { text: string }).text;

/** The progress option under the name each client spells it. */
function progress<K extends string>(
  key: K,
  onProgress?: (progress: number) => void,
): Partial<Record<K, (p: { progress: number }) => void>> {
  if (onProgress === undefined) return {};
  return {
    [key]: (p: { progress: number }) => {
      onProgress(p.progress);
    },
  } as Record<K, (p: { progress: number }) => void>;
}

/** The official v1 client, answering elicitation. */
export function v1Client(): V1Client {
  const client = new V1Client({ name: 'sdk-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Grace' } }));
  return client;
}

/** mcpkit's client in the handshake era, answering elicitation. */
export function mcpkitClient(): McpClient {
  return new McpClient({
    name: 'mcpkit',
    version: '1.0.0',
    era: 'handshake',
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Grace' } }) } },
  });
}

export const v1Call =
  (client: V1Client): Call =>
  (name, args, onProgress) =>
    client.callTool(
      { name, arguments: args as Record<string, unknown> },
      undefined,
      progress('onprogress', onProgress),
    ) as Promise<Outcome>;

export const v2Call =
  (client: V2Client): Call =>
  (name, args, onProgress) =>
    client.callTool({ name, arguments: args as Record<string, unknown> }, progress('onprogress', onProgress));

export const mcpkitCall =
  (client: McpClient): Call =>
  (name, args, onProgress) =>
    client.callTool({ name, arguments: args as Record<string, unknown> }, progress('onProgress', onProgress));
