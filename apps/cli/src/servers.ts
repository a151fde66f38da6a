/**
 * The servers `mcpkit serve` can run, by name. Each is loaded only when asked
 * for, so the CLI starts fast whatever it bundles.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';

/** A bundled server. */
export interface BundledServer {
  /** One line for the help. */
  readonly description: string;
  /** Creates a fresh instance. */
  readonly create: () => Promise<McpServer>;
}

/** Every bundled server, by the name `mcpkit serve <name>` takes. */
export const SERVERS: Readonly<Record<string, BundledServer>> = {
  everything: {
    description: 'Every MCP feature: tools, resources, prompts, completion, sampling, elicitation, roots, logging, progress',
    create: async () => (await import('@mcpkit/server-everything')).createEverythingServer(),
  },
};
