/**
 * mcpkit clients for the interop tests: handlers that answer sampling,
 * elicitation and roots with recognizable values, and the transports for a
 * command line or a URL.
 *
 * @module
 */
import type { Transport } from 'mcpkit';
import { McpClient, type EraPreference } from 'mcpkit/client';
import { httpTransport } from 'mcpkit/http';
import { StdioClientTransport } from 'mcpkit/stdio';

/** A client whose handlers answer with values a test can recognize. */
export function testClient(era: EraPreference = 'auto'): McpClient {
  return new McpClient({
    name: 'mcpkit-interop',
    version: '1.0.0',
    era,
    handlers: {
      sampling: {
        createMessage: (params) => ({
          role: 'assistant',
          model: 'interop-model',
          content: { type: 'text', text: `sampled ${String(params.messages.length)} message(s)` },
        }),
      },
      elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada Lovelace' } }) },
      roots: { list: () => [{ uri: 'file:///interop/root', name: 'interop-root' }] },
    },
  });
}

/** A transport that starts `command` (stderr dropped). */
export function stdio(command: readonly string[], env?: Readonly<Record<string, string>>): Transport {
  const [program = '', ...args] = command;
  return new StdioClientTransport({ command: program, args, stderr: 'ignore', ...(env !== undefined && { env }) });
}

/** A Streamable HTTP transport (falling back to HTTP+SSE). */
export function http(url: string): Transport {
  return httpTransport(url);
}

/** Connects a test client over `transport`. */
export async function connected(transport: Transport, era: EraPreference = 'auto'): Promise<McpClient> {
  const client = testClient(era);
  await client.connect(transport);
  return client;
}

/** The text of every text block of a result, joined. */
export function textOf(result: { readonly content: readonly { readonly type: string; readonly text?: string }[] }): string {
  return result.content.map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n');
}
