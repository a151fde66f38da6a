/**
 * The help texts shared by several commands: the main help, and the options
 * every client command takes.
 *
 * @module
 */

/** The exit codes, as every help lists them. */
export const EXIT_CODES_HELP = `Exit codes:
  0    success
  1    error (anything not listed below)
  2    usage error: bad command line, or arguments that break the tool's schema
  3    the server refused: JSON-RPC error, no such tool/prompt/resource, malformed reply
  4    the tool ran and returned isError: true (its content is printed)
  5    connection failure: the command could not start, the URL is unreachable,
       the server went away
  124  timed out (--timeout)
  130  interrupted (Ctrl-C)
`;

/** The target and connection options of every client command. */
export const CLIENT_OPTIONS_HELP = `Server (exactly one):
  -- <command> [args...]    Start the server and speak stdio to it, e.g.
                            -- npx -y @modelcontextprotocol/server-everything
  <url>, --url <url>        A server on HTTP: Streamable HTTP, falling back to
                            the older HTTP+SSE transport by itself
  -c, --config <file>       A server from an mcpServers config file (Claude
  -s, --server <name>       Desktop, Cursor, VS Code, ...); --server may be left
                            out when the file has one server

Connection:
  -H, --header 'K: V'       HTTP header for every request (repeatable)
      --sse                 Use the HTTP+SSE transport (2024-11-05) only
  -e, --env NAME=value      Environment variable for the server process
                            (repeatable); it gets only a safe default set
                            (PATH, HOME, ...) besides these
      --inherit-env         Give the server process this whole environment
      --cwd <dir>           The server process's working directory
      --era <era>           auto (default: probe with server/discover, fall back
                            to initialize), handshake, stateless, or a revision
                            such as 2025-06-18
  -t, --timeout <duration>  Give up after this long (30s, 500ms, 2m; a bare
                            number is seconds): exit 124. Without it each
                            request waits up to 60s, restarted by progress
      --root <dir>          Offer this directory to the server as a root
                            (repeatable)
      --log-level <level>   Ask for the server's log messages at this level
                            (debug, info, ... emergency); shown on stderr

Authorization (URL targets; done by itself when the server asks):
      --no-browser          Print the authorization URL, do not open a browser;
                            at a terminal, the URL the browser was sent to can
                            be pasted back (for a browser on another machine)
      --callback-port <n>   Receive the callback on this fixed 127.0.0.1 port
                            (forward it: ssh -L N:127.0.0.1:N)
      --client-id <id>      A client registered beforehand with the server's
                            authorization server
      --client-secret <s>   Its secret (or MCPKIT_CLIENT_SECRET)
      --client-secret-file <f>  Its secret, from a file
      --client-key <file>   Its private key (PKCS#8 PEM or JWK): private_key_jwt
      --client-credentials  Authorize as a machine client, no browser
      --assertion-file <f>  A workload JWT for the JWT-bearer grant, no browser
      --id-token-file <f>, --idp-token-endpoint <url>
                            Enterprise-managed authorization (ID-JAG)
      --dpop                Ask for DPoP-bound tokens
      --scope <scopes>      Ask for these scopes too (repeatable)
                            Tokens are kept per server (see mcpkit login --help)

Output:
      --json                Print the spec result object as JSON (lists with all
                            pages gathered), for scripts
  -q, --quiet               No progress, no server stderr, no notes
  -h, --help                Show this help

Progress, server logs and the server's stderr go to stderr. When the server
asks for input (elicitation) and stdin is a terminal, the form is asked there;
otherwise it is declined. Sampling requests are declined (no model here).
`;

/** A command as the main help lists it. */
export interface Listed {
  readonly synopsis: string;
  readonly summary: string;
}

/** `mcpkit --help`. */
export function mainHelp(commands: readonly Listed[]): string {
  const width = Math.max(...commands.map((c) => c.synopsis.length)) + 2;
  return `mcpkit: the mcpkit command line

Usage:
  mcpkit <command> [options]
  mcpkit <command> --help

Commands:
${commands.map((c) => `  ${c.synopsis.padEnd(width)}${c.summary}`).join('\n')}
  ${'help [command]'.padEnd(width)}Show help for mcpkit or for a command

Examples:
  mcpkit list tools -- npx -y @modelcontextprotocol/server-everything
  mcpkit call get-sum --arg a=1 --arg b=2 http://localhost:3001/mcp
  mcpkit read file:///tmp/notes.txt --config ~/.cursor/mcp.json --server files
  mcpkit list tools --json -- npx mcpkit serve everything | jq '.tools[].name'

Options of the client commands (list, call, read, prompt, complete, discover):

${CLIENT_OPTIONS_HELP}
Tool and prompt arguments (call, prompt): -a/--arg key=value, typed by the
tool's input schema (see mcpkit call --help), and --json-args '{...}'.

Other options:
  -v, --version             Show the version

${EXIT_CODES_HELP}`;
}
