/**
 * `mcpkit gateway --config FILE`: every server of a config file served as one
 * MCP server, on stdio or (`--http`) on Streamable HTTP, both eras, and
 * HTTP+SSE for old clients (the HTTP server pieces `mcpkit serve` uses).
 *
 * The config named with `--config` is trusted: the user named it on the
 * command line, which is the consent chat asks for before a project's config
 * may start its servers (the gateway has no terminal to ask on when it speaks
 * stdio). No config is ever found and trusted without being named.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFile, nodeTransportFor, serverOAuth, type Connector, type HostConfig } from 'mcpkit/host';
import { StdioServerTransport } from 'mcpkit/stdio';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import { Gateway } from '../gateway/gateway.js';
import { gatewaySettings, type GatewaySettings } from '../gateway/gatewayConfig.js';
import { answerHealth } from '../gateway/healthz.js';
import { indexedSearch } from '../gateway/toolSearch.js';
import type { Io } from '../io.js';
import type { Command } from './command.js';
import { authOptions, httpUrl, onShutdownSignal, parseDuration, parsePort, redisStoreFor, sharedSecret } from './serve.js';
import { currentTelemetry, stopTelemetry, telemetryOption } from '../telemetry/index.js';

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  http: { type: 'string' },
  host: { type: 'string' },
  'auth-server': { type: 'string' },
  resource: { type: 'string' },
  redis: { type: 'string' },
  'session-ttl': { type: 'string' },
  secret: { type: 'string' },
  discovery: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const SHUTDOWN_GRACE_MS = 2000;

/** `mcpkit gateway --help`. */
export function gatewayHelp(): string {
  return `Usage:
  mcpkit gateway --config <file> [--http <port>] [--host <address>]
                 [--auth-server <issuer>] [--resource <url>]
                 [--redis <url>] [--session-ttl <duration>] [--secret <text>]
                 [--discovery search]

Serves every server of a config file as one MCP server: on stdin and stdout
by default, or with --http on Streamable HTTP at http://<host>:<port>/mcp
(every protocol revision, and HTTP+SSE at /sse for 2024-11-05 clients), with
GET /healthz answering the status and each upstream's state as JSON (no
URLs, commands or secrets; with --auth-server, the status only).

The config may be in any dialect mcpkit reads (Claude Desktop, Claude Code,
Cursor, VS Code, Windsurf, Gemini CLI): stdio commands and URLs; URLs that
need OAuth use the tokens \`mcpkit login\` stored. Naming a file with --config
is trusting it: its commands run.

Tools and prompts are named <server>_<name> (a server name's characters other
than A-Z a-z 0-9 . - become -), so two servers may both have \`echo\`;
resources keep their URIs. Lists follow the upstreams' changes. An upstream
that crashes is restarted with backoff; meanwhile its tools answer an error.

A "gateway" section beside the servers sets who sees what and how often:
  "gateway": {
    "policy": [
      { "callers": { "scope": "admin" }, "servers": ["*"] },
      { "callers": "*", "servers": ["everything"], "tools": ["everything_echo"] }
    ],
    "rateLimit": { "perMinute": 600 }
  }
With --auth-server callers need OAuth access tokens from that issuer, and the
policy matches their scopes and claims; a caller's token never reaches an
upstream, and upstream credentials never reach a caller. See docs/gateway.md.

Options:
  -c, --config <file>  The config file (required)
  --http <port>        Serve on HTTP at this port (0: any free port) instead of stdio
  --host <address>     The address to listen on with --http (default 127.0.0.1)
  --auth-server <url>  Require OAuth access tokens issued by this authorization server
  --resource <url>     The gateway's public URL, the audience tokens must name
  --redis <url>        Share sessions with other gateway processes through this Redis
  --session-ttl <d>    How long an idle session lives (with --http; default 30m)
  --discovery search   List two tools instead of all: search_tools (find tools for a
                       task, with their schemas) and call_tool (call one by name)
  --secret <text>      The server secret (32+ characters; default MCPKIT_SECRET, or shared via --redis)
  -h, --help           Show this help

Exit codes: 0 success, 1 error, 2 usage error.
`;
}

/** `mcpkit gateway`. */
export const gatewayCommand: Command = {
  help: gatewayHelp,
  run: gateway,
};

function parse(args: readonly string[]): ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>> {
  try {
    return parseArgs({ args: [...args], options: OPTIONS });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), 'gateway');
  }
}

async function readConfig(file: string, io: Io): Promise<{ config: HostConfig; settings: GatewaySettings }> {
  try {
    const settings = gatewaySettings(readFileSync(file, 'utf8'));
    const config = await loadConfigFile({ file, trustProject: () => 'once' });
    for (const w of config.warnings)
      io.stderr(`mcpkit: warning: ${w.server === undefined ? '' : `server "${w.server}": `}${w.message}\n`);
    if (config.servers.length === 0) throw new UsageError(`${file} names no server`, 'gateway');
    return { config, settings };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof ConfigError || error instanceof Error ? error.message : String(error), 'gateway');
  }
}

/** Runs `mcpkit gateway`; resolves when it stops. */
export async function gateway(args: readonly string[], io: Io): Promise<ExitCode> {
  const { values } = parse(args);
  if (values.help === true) {
    io.stdout(gatewayHelp());
    return ExitCode.Ok;
  }
  if (values.config === undefined) throw new UsageError('gateway needs --config <file>', 'gateway');
  const issuer = values['auth-server'];
  if (values.http === undefined) {
    for (const o of ['host', 'auth-server', 'resource', 'redis', 'session-ttl'] as const)
      if (values[o] !== undefined) throw new UsageError(`--${o} only applies with --http`, 'gateway');
  }
  if (issuer === undefined && values.resource !== undefined)
    throw new UsageError('--resource only applies with --auth-server', 'gateway');
  if (values.redis !== undefined && !/^rediss?:\/\//.test(values.redis))
    throw new UsageError(`--redis needs a redis:// or rediss:// URL, not ${JSON.stringify(values.redis)}`, 'gateway');
  if (values.discovery !== undefined && values.discovery !== 'search')
    throw new UsageError(`--discovery takes "search", not ${JSON.stringify(values.discovery)}`, 'gateway');
  const port = values.http === undefined ? undefined : parsePort(values.http);
  const ttl = values['session-ttl'] === undefined ? undefined : parseDuration(values['session-ttl'], '--session-ttl');
  const auth =
    issuer === undefined
      ? undefined
      : {
          issuer: httpUrl(issuer, '--auth-server', 'gateway'),
          resource: values.resource === undefined ? undefined : httpUrl(values.resource, '--resource', 'gateway'),
        };
  let secret = values.secret ?? (process.env['MCPKIT_SECRET'] || undefined);
  if (secret !== undefined && new TextEncoder().encode(secret).length < 32)
    throw new UsageError('the server secret (--secret or MCPKIT_SECRET) needs 32 characters or more', 'gateway');

  const { config, settings } = await readConfig(values.config, io);
  const log = (message: string): void => {
    io.stderr(`mcpkit gateway: ${message}\n`);
  };
  const shared = port === undefined ? undefined : await redisStoreFor(values.redis, ttl, io);
  if (shared !== undefined && secret === undefined) secret = await sharedSecret(shared.store, values.redis ?? '');
  let gw: Gateway;
  try {
    gw = new Gateway({
      servers: config.servers,
      settings,
      ...(secret !== undefined && { secret }),
      ...(values.discovery === 'search' && { discovery: indexedSearch() }),
      ...telemetryOption(),
      log,
      connector: upstreamConnector(log),
    });
  } catch (error) {
    await shared?.close();
    throw new UsageError(error instanceof Error ? error.message : String(error), 'gateway');
  }
  await gw.start();
  if (port === undefined) return serveStdio(gw);
  try {
    return await serveHttp(gw, { port, host: values.host ?? '127.0.0.1', auth, shared, ttl }, io);
  } catch (error) {
    await gw.close();
    await shared?.close();
    throw new CliError(ExitCode.Error, `mcpkit gateway: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * How the gateway reaches its upstreams: the one transport factory, OAuth
 * upstreams with the user's stored tokens (never a browser: the gateway has
 * no user at hand), each process's stderr in the gateway's log.
 */
function upstreamConnector(log: (message: string) => void): Connector {
  const auth = serverOAuth({
    openBrowser: false,
    onUrl: (server, url) => {
      log(`${server} needs authorization: run \`mcpkit login\` for it, or open ${url.href}`);
    },
  });
  return (server, hooks) => nodeTransportFor(server, { auth, onWarning: hooks.onWarning, onStderr: hooks.onStderr });
}

async function serveStdio(gw: Gateway): Promise<ExitCode> {
  let done!: () => void;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  // With telemetry on, the end of stdin closes the gateway instead of ending the process, so what it recorded is sent.
  await gw.server.connect(new StdioServerTransport(currentTelemetry() === undefined ? {} : { onStdinClose: 'close' }), {
    onClose: done,
  });
  onShutdownSignal(async () => {
    await gw.server.close({ graceMs: SHUTDOWN_GRACE_MS });
    await gw.close();
    await stopTelemetry();
    process.exit(ExitCode.Ok);
  });
  await closed;
  await gw.close();
  return ExitCode.Ok;
}

type Shared = Awaited<ReturnType<typeof redisStoreFor>>;

async function serveHttp(
  gw: Gateway,
  where: {
    port: number;
    host: string;
    auth: { issuer: string; resource: string | undefined } | undefined;
    shared: Shared;
    ttl: number | undefined;
  },
  io: Io,
): Promise<ExitCode> {
  const { serveHttp: serve } = await import('mcpkit/node');
  const auth = where.auth === undefined ? undefined : await authOptions(where.auth);
  const { shared } = where;
  const handle = await serve(gw.server, {
    port: where.port,
    host: where.host,
    ...(auth !== undefined && { auth }),
    ...(shared !== undefined && { store: shared.store }),
    ...(shared === undefined && where.ttl !== undefined && { idleTimeoutMs: where.ttl }),
  });
  // /healthz sits before the MCP handler (which answers only its own paths): unauthenticated, and secret-free.
  const mcp = handle.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  handle.server.removeAllListeners('request');
  const detail = auth === undefined ? 'upstreams' : 'status';
  handle.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answerHealth(req, res, () => gw.health(), detail)) return;
    for (const listener of mcp) listener.call(handle.server, req, res);
  });
  io.stderr(`mcpkit gateway: serving on ${handle.url} (health at ${new URL('/healthz', handle.url).href}; Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    onShutdownSignal(async () => {
      await handle.close();
      await gw.server.close({ graceMs: SHUTDOWN_GRACE_MS });
      await gw.close();
      await shared?.close();
      resolve();
    });
  });
  return ExitCode.Ok;
}
