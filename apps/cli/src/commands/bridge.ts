/**
 * `mcpkit bridge`: joins a stdio host to an HTTP server (`bridge URL`), or an
 * HTTP client to a stdio server (`bridge --http PORT -- CMD…`).
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { AUTH_OPTIONS, parseAuthSettings } from '../authSettings.js';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { isHttpUrl, resolveTarget } from '../targetOptions.js';
import type { Command } from './command.js';
import { httpUrl, parsePort } from './serve.js';

const OPTIONS = {
  header: { type: 'string', short: 'H', multiple: true },
  sse: { type: 'boolean' },
  http: { type: 'string' },
  host: { type: 'string' },
  env: { type: 'string', short: 'e', multiple: true },
  cwd: { type: 'string' },
  'inherit-env': { type: 'boolean' },
  'auth-server': { type: 'string' },
  resource: { type: 'string' },
  'max-processes': { type: 'string' },
  'idle-timeout': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  ...AUTH_OPTIONS,
} as const;

/** `mcpkit bridge --help`. */
export function bridgeHelp(): string {
  return `Usage:
  mcpkit bridge [options] <url>
  mcpkit bridge --http <port> [options] -- <command> [args...]

The first form serves the MCP server at <url> on stdin and stdout, for hosts
that only start stdio servers (a Claude Desktop config, say):
  mcpkit bridge https://example.com/mcp --header 'Authorization: Bearer ...'
It speaks Streamable HTTP, falling back to HTTP+SSE (or HTTP+SSE only with
--sse), and relays every message both ways: requests, progress, cancellation,
logging, list changes, and the server's own requests (sampling, elicitation,
roots). It ends when stdin closes. When the server asks for authorization
(OAuth), the bridge authorizes as the client commands do: the browser opens
(or, with --no-browser, the URL is printed on stderr) and the tokens are kept
per server in ~/.config/mcpkit/auth.json; \`mcpkit login <url>\` does it ahead
of time.

The second form serves a stdio server on HTTP, at http://<host>:<port>/mcp
(Streamable HTTP, every revision) and /sse + /messages (HTTP+SSE):
  mcpkit bridge --http 3000 -- npx -y @modelcontextprotocol/server-everything
Each handshake-era session gets its own server process; 2026-07-28 requests
share one. A process that dies is started again (requests in flight get an
error); every process is stopped when the bridge stops (Ctrl-C, SIGTERM).
At most --max-processes session processes run at once (a new session beyond
gets 503 and no process), a session idle for --idle-timeout is closed with its
process, and with --auth-server nothing starts before a request is authorized.

Options:
  -H, --header <h>      Add an HTTP header to every request ('Name: value'; repeatable)
  --sse                 Use the 2024-11-05 HTTP+SSE transport only
  --http <port>         Serve the command after -- on HTTP at this port (0: any free port)
  --host <address>      The address to listen on with --http (default 127.0.0.1)
  -e, --env <K=V>       Set a variable for the command (repeatable)
  --cwd <dir>           The command's working directory
  --inherit-env         Pass this process's whole environment to the command
  --auth-server <url>   With --http: require OAuth access tokens from this authorization server (issuer URL)
  --resource <url>      With --auth-server: the public URL tokens must name (default: where it listens)
  --max-processes <n>   With --http: the most session processes at once (default 8)
  --idle-timeout <s>    With --http: close a session idle this many seconds, and its process (default 300)
  --no-browser, --callback-port <n>, --client-id <id>, --client-secret <s>,
  --client-secret-file <f>, --client-key <file>, --client-credentials,
  --assertion-file <f>, --id-token-file <f>, --idp-token-endpoint <url>,
  --dpop, --scope <s>
                        Authorization at <url>, as for the client commands
                        (see mcpkit login --help; no pasted URL: stdin is the
                        protocol)
  -q, --quiet           No diagnostics on stderr
  -h, --help            Show this help

Diagnostics go to stderr; with a URL, stdout carries nothing but the protocol.
Exit codes: 0 success, 1 error (e.g. the port is taken), 2 usage error.
`;
}

/** `mcpkit bridge`. */
export const bridgeCommand: Command = {
  help: bridgeHelp,
  run: bridge,
};

type Values = ReturnType<typeof parse>['values'];

function parse(args: readonly string[]): ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>> {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), 'bridge');
  }
}

/** Runs `mcpkit bridge`; resolves when the bridge stops. */
export async function bridge(args: readonly string[], io: Io): Promise<ExitCode> {
  const dash = args.indexOf('--');
  const own = dash < 0 ? args : args.slice(0, dash);
  const command = dash < 0 ? [] : args.slice(dash + 1);
  const { values, positionals } = parse(own);
  if (values.help === true) {
    io.stdout(bridgeHelp());
    return ExitCode.Ok;
  }
  if (values.http !== undefined) return toHttp(values, positionals, command, io);
  return toUrl(values, positionals, command, io);
}

async function toUrl(values: Values, positionals: readonly string[], command: readonly string[], io: Io): Promise<ExitCode> {
  if (command.length > 0)
    throw new UsageError('a command after -- needs --http <port> (bridge URL serves a URL on stdio)', 'bridge');
  for (const flag of ['host', 'env', 'cwd', 'inherit-env', 'auth-server', 'resource', 'max-processes', 'idle-timeout'] as const)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies with --http, not to a URL`, 'bridge');
  const [url, extra] = positionals;
  if (url === undefined) throw new UsageError('bridge needs the URL of the server, or --http <port> -- <command>', 'bridge');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`, 'bridge');
  if (!isHttpUrl(url)) throw new UsageError(`bridge needs an http:// or https:// URL, not ${JSON.stringify(url)}`, 'bridge');
  const { server, label } = resolveTarget({ header: values.header, sse: values.sse }, url, [], 'bridge');
  if (server.type === 'stdio')
    throw new UsageError(`bridge needs an http:// or https:// URL, not ${JSON.stringify(url)}`, 'bridge');
  const { bridgeStdioToUrl } = await import('../bridge/stdioToUrl.js');
  const auth = parseAuthSettings(values, 'bridge');
  return bridgeStdioToUrl({ server, label, quiet: values.quiet === true, auth }, io);
}

async function toHttp(values: Values, positionals: readonly string[], command: readonly string[], io: Io): Promise<ExitCode> {
  const [extra] = positionals;
  if (extra !== undefined)
    throw new UsageError(`unexpected argument ${JSON.stringify(extra)} (put the command after --)`, 'bridge');
  if (command.length === 0) throw new UsageError('--http needs the command of a stdio server after --', 'bridge');
  for (const flag of ['header', 'sse'] as const)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to a URL, not with --http`, 'bridge');
  const port = parsePort(values.http ?? '');
  const issuer = values['auth-server'];
  if (issuer === undefined && values.resource !== undefined)
    throw new UsageError('--resource only applies with --auth-server', 'bridge');
  // The same protection as `serve --http --auth-server`.
  const auth =
    issuer === undefined
      ? undefined
      : {
          issuer: httpUrl(issuer, '--auth-server', 'bridge'),
          resource: values.resource === undefined ? undefined : httpUrl(values.resource, '--resource', 'bridge'),
        };
  const { server, label } = resolveTarget(
    { env: values.env, cwd: values.cwd, 'inherit-env': values['inherit-env'] },
    undefined,
    command,
    'bridge',
  );
  if (server.type !== 'stdio') throw new UsageError('--http needs the command of a stdio server after --', 'bridge');
  const maxProcesses = positiveNumber(values['max-processes'], '--max-processes', true);
  const idleSeconds = positiveNumber(values['idle-timeout'], '--idle-timeout', false);
  const { bridgeHttpToStdio } = await import('../bridge/httpToStdio.js');
  return bridgeHttpToStdio(
    {
      server,
      label,
      port,
      host: values.host ?? '127.0.0.1',
      quiet: values.quiet === true,
      auth,
      maxProcesses,
      idleTimeoutMs: idleSeconds === undefined ? undefined : Math.round(idleSeconds * 1000),
    },
    io,
  );
}

/** A flag's positive number (a whole one when `whole`), or undefined when the flag is absent. */
function positiveNumber(text: string | undefined, flag: string, whole: boolean): number | undefined {
  if (text === undefined) return undefined;
  const value = (whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(text.trim()) ? Number(text) : NaN;
  if (!(value > 0))
    throw new UsageError(`${flag} needs a positive ${whole ? 'whole ' : ''}number, not ${JSON.stringify(text)}`, 'bridge');
  return value;
}
