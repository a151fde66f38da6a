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
  /** The server's own options for the help, one line; absent: it takes none. */
  readonly usage?: string;
  /**
   * Creates a fresh instance from the server's own arguments (whatever
   * `mcpkit serve` does not take itself). A throw means the arguments are
   * wrong: `serve` reports its message as a usage error.
   */
  readonly create: (args: readonly string[], shared?: SharedServerOptions) => Promise<McpServer>;
  /** Whether it takes a shared `secret` (stateless `requestState` and cursors on several processes). */
  readonly takesSecret?: boolean;
}

/** What the processes serving one endpoint must agree on. */
export interface SharedServerOptions {
  /** The server's HMAC secret (at least 32 bytes), the same on every process. */
  readonly secret?: string | undefined;
}

/** Every bundled server, by the name `mcpkit serve <name>` takes. */
export const SERVERS: Readonly<Record<string, BundledServer>> = {
  everything: {
    description: 'Every MCP feature: tools, resources, prompts, completion, sampling, elicitation, roots, logging, progress',
    takesSecret: true,
    create: async (_args, shared) =>
      (await import('@mcpkit/server-everything')).createEverythingServer(
        shared?.secret === undefined ? {} : { secret: shared.secret },
      ),
  },
  fetch: {
    description: 'A URL as readable markdown, public addresses only (a drop-in for mcp-server-fetch)',
    usage: '[--allow-host HOST[:PORT]]... [--allow-private] [--ignore-robots-txt] [--user-agent UA] [--proxy-url URL]',
    create: async (args) => {
      const fetch = await import('@mcpkit/server-fetch');
      return fetch.createFetchServer(fetch.parseFetchArgs(args));
    },
  },
  filesystem: {
    description: 'Files in the directories you name (roots may only narrow them): read, write, edit, search',
    usage: 'DIR… [--read-only] [--max-file-size BYTES] [--max-read-size BYTES] [--search-timeout SECONDS] …',
    create: async (args) => {
      const fs = await import('@mcpkit/server-filesystem');
      return fs.createFilesystemServer(fs.filesystemOptionsFromArgs(args));
    },
  },
  git: {
    description: 'Git for a model: read-only unless --allow-write, confined to its repositories (a drop-in for mcp-server-git)',
    usage: '[-r|--repository DIR]... [--allow-write]',
    create: async (args) => {
      const git = await import('@mcpkit/server-git');
      return git.createGitServer(git.parseGitArgs(args));
    },
  },
  memory: {
    description: 'A knowledge graph of entities, relations and observations, kept in SQLite',
    usage: '[--db FILE] [--max-result-size BYTES]   (or MEMORY_FILE_PATH, as the official server reads it)',
    create: async (args) => {
      const memory = await import('@mcpkit/server-memory');
      return memory.createMemoryServer(memory.memoryOptionsFromArgs(args, process.env));
    },
  },
  time: {
    description: 'Current time in any IANA zone, conversion between zones (a drop-in for mcp-server-time)',
    usage: '[--local-timezone ZONE]',
    create: async (args) => {
      const time = await import('@mcpkit/server-time');
      return time.createTimeServer(time.parseTimeArgs(args));
    },
  },
};
