/**
 * The help texts.
 *
 * @module
 */
import { SERVERS } from './servers.js';

function serverList(): string {
  const names = Object.keys(SERVERS);
  const width = Math.max(...names.map((n) => n.length)) + 3;
  return names.map((n) => `  ${n.padEnd(width)}${SERVERS[n]?.description ?? ''}`).join('\n');
}

/** `mcpkit --help`. */
export function mainHelp(): string {
  return `mcpkit: the mcpkit command line

Usage:
  mcpkit <command> [options]

Commands:
  serve <server>    Serve a bundled MCP server, on stdio or (--http) on HTTP
  help [command]    Show help for mcpkit or for a command

Options:
  -h, --help        Show this help (mcpkit <command> --help: the command's help)
  -v, --version     Show the version

Exit codes: 0 success, 1 error, 2 usage error.
`;
}

/** `mcpkit serve --help`. */
export function serveHelp(): string {
  return `Usage:
  mcpkit serve <server> [--http <port>] [--host <address>]

Serves a bundled MCP server. By default it speaks MCP on stdin and stdout
(newline-delimited JSON-RPC), for a client that spawns it:
  mcpkit serve everything
With --http it serves Streamable HTTP at http://<host>:<port>/mcp:
  mcpkit serve everything --http 3000

One process serves every protocol revision (2024-11-05 to 2026-07-28).
Diagnostics go to stderr; on stdio, stdout carries nothing but the protocol.
The server stops when stdin closes (stdio), or on SIGINT or SIGTERM.

Servers:
${serverList()}

Options:
  --http <port>       Serve on HTTP at this port (0: any free port) instead of stdio
  --host <address>    The address to listen on with --http (default 127.0.0.1)
  -h, --help          Show this help

Exit codes: 0 success, 1 error (e.g. the port is taken), 2 usage error.
`;
}
