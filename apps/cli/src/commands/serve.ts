/**
 * `mcpkit serve <server>`: runs a bundled server on stdio or, with `--http`,
 * on Streamable HTTP (through `serveHttp` from `mcpkit/node`, loaded only
 * when asked for).
 *
 * @module
 */
import { currentTelemetry, stopTelemetry } from '../telemetry/index.js';
import { withRevocationList } from '../revocationList.js';
import { parseArgs } from 'node:util';
import { LocalError } from 'mcpkit/jsonrpc';
import type { AuthOptions } from 'mcpkit/http';
import type { RedisStore } from 'mcpkit/redis';
import type { McpServer } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { SERVERS, type BundledServer, type SharedServerOptions } from '../servers.js';
import type { Command } from './command.js';

const OPTIONS = {
  http: { type: 'string' },
  host: { type: 'string' },
  'auth-server': { type: 'string' },
  redis: { type: 'string' },
  'session-ttl': { type: 'string' },
  resource: { type: 'string' },
  secret: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** How long in-flight requests may take to finish after SIGINT/SIGTERM. */
const SHUTDOWN_GRACE_MS = 2000;

/** The command line of `mcpkit serve`, parsed. */
interface ServeArgs {
  readonly values: {
    readonly http?: string | undefined;
    readonly host?: string | undefined;
    readonly 'auth-server'?: string | undefined;
    readonly redis?: string | undefined;
    readonly 'session-ttl'?: string | undefined;
    readonly resource?: string | undefined;
    readonly secret?: string | undefined;
    readonly help?: boolean | undefined;
  };
  readonly positionals: readonly string[];
}

function parse(args: readonly string[]): ServeArgs {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), 'serve');
  }
}

/**
 * Splits the command line into serve's own part (its options and the server
 * name, the first positional) and the server's part (everything else, in
 * order), so each bundled server parses its own options.
 */
export function splitServeArgs(args: readonly string[]): { own: string[]; server: string[] } {
  const { tokens } = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const mine = new Set<number>();
  let named = false;
  for (const token of tokens) {
    if (token.kind === 'option' && token.name in OPTIONS) {
      mine.add(token.index);
      if (token.value !== undefined && !token.inlineValue) mine.add(token.index + 1);
    } else if (token.kind === 'positional' && !named) {
      named = true;
      mine.add(token.index);
    }
  }
  return { own: args.filter((_, i) => mine.has(i)), server: args.filter((_, i) => !mine.has(i)) };
}

/** A duration: a number with a unit (`ms`, `s`, `m`, `h`; seconds without one), in ms. */
export function parseDuration(text: string, option: string): number {
  const match = /^(\d{1,9})(ms|s|m|h)?$/.exec(text.trim());
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match?.[2] ?? 's'] ?? 1000;
  const ms = match === null ? NaN : Number(match[1]) * unit;
  if (!(ms > 0)) throw new UsageError(`${option} needs a duration such as 90s, 30m or 2h, not ${JSON.stringify(text)}`, 'serve');
  return ms;
}

/** A TCP port: an integer from 0 to 65535. */
export function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--http needs a port number from 0 to 65535, not ${JSON.stringify(text)}`, 'serve');
  return port;
}

function serverList(): string {
  const names = Object.keys(SERVERS);
  const width = Math.max(...names.map((n) => n.length)) + 3;
  return names
    .map((n) => {
      const usage = SERVERS[n]?.usage;
      const line = `  ${n.padEnd(width)}${SERVERS[n]?.description ?? ''}`;
      return usage === undefined ? line : `${line}\n  ${' '.repeat(width)}${usage}`;
    })
    .join('\n');
}

/** `mcpkit serve --help`. */
export function serveHelp(): string {
  return `Usage:
  mcpkit serve <server> [server options] [--http <port>] [--host <address>]
               [--auth-server <issuer>] [--resource <url>]
               [--redis <url>] [--session-ttl <duration>] [--secret <text>]

Serves a bundled MCP server. By default it speaks MCP on stdin and stdout
(newline-delimited JSON-RPC), for a client that spawns it:
  mcpkit serve everything
With --http it serves Streamable HTTP at http://<host>:<port>/mcp:
  mcpkit serve everything --http 3000
With --redis, several processes serve one endpoint behind any load balancer,
sharing sessions, resumable streams and routing through Redis (or Valkey):
  mcpkit serve everything --http 3000 --redis redis://127.0.0.1:6379
Those processes share one server secret (which signs requestState and
pagination cursors): --secret, else MCPKIT_SECRET, else a random one that the
first process stores in Redis (key mcpkit:secret, no expiry) for all of them.

With --auth-server the HTTP server is an OAuth resource server: every request
needs a bearer token (a JWT signed with the issuer's published keys, whose
aud names this server); clients find the authorization server through the
Protected Resource Metadata at /.well-known/oauth-protected-resource/mcp
(and /.well-known/oauth-protected-resource/sse for the HTTP+SSE endpoint, a
resource of its own). A DPoP-bound token (cnf.jkt) is accepted only as
Authorization: DPoP with a DPoP proof by its key, never as Bearer.
Try it with the development authorization server:
  mcpkit auth-server --port 9000 --auto-approve
  mcpkit serve everything --http 3000 --auth-server http://127.0.0.1:9000

One process serves every protocol revision (2024-11-05 to 2026-07-28).
Diagnostics go to stderr; on stdio, stdout carries nothing but the protocol.
The server stops when stdin closes (stdio), or on SIGINT or SIGTERM.

Servers (and their own options):
${serverList()}

Options:
  --http <port>       Serve on HTTP at this port (0: any free port) instead of stdio
  --host <address>    The address to listen on with --http (default 127.0.0.1)
  --auth-server <url> Require OAuth access tokens issued by this authorization server (issuer URL)
  --resource <url>    The server's public URL, the audience tokens must name (default: the URL it listens on)
  --redis <url>       Share sessions with the other processes using this Redis (with --http)
  --secret <text>     The server secret, 32 characters or more (default: MCPKIT_SECRET;
                      with --redis, one shared through Redis; else random per process)
  --session-ttl <d>   How long an idle session lives (with --http; default 30m): 90s, 30m, 2h
  -h, --help          Show this help

Exit codes: 0 success, 1 error (e.g. the port is taken), 2 usage error.
`;
}

/** `mcpkit serve`. */
export const serveCommand: Command = {
  help: serveHelp,
  run: serve,
};

/** Runs `mcpkit serve`; resolves when the server stops. */
export async function serve(args: readonly string[], io: Io): Promise<ExitCode> {
  const { own, server: serverArgs } = splitServeArgs(args);
  const { values, positionals } = parse(own);
  if (values.help === true) {
    io.stdout(serveHelp());
    return ExitCode.Ok;
  }
  const names = Object.keys(SERVERS).join(', ');
  const [name] = positionals;
  if (name === undefined) throw new UsageError(`serve needs a server name (one of: ${names})`, 'serve');
  const bundled = SERVERS[name];
  if (bundled === undefined) throw new UsageError(`unknown server ${JSON.stringify(name)} (available: ${names})`, 'serve');
  const [extra] = serverArgs;
  if (bundled.usage === undefined && extra !== undefined) {
    throw new UsageError(
      extra.startsWith('-') ? `Unknown option '${extra}'` : `unexpected argument ${JSON.stringify(extra)}`,
      'serve',
    );
  }
  if (values.http === undefined && values.host !== undefined) throw new UsageError('--host only applies with --http', 'serve');
  const issuer = values['auth-server'];
  if (values.http === undefined && (issuer !== undefined || values.resource !== undefined))
    throw new UsageError('--auth-server and --resource only apply with --http', 'serve');
  if (issuer === undefined && values.resource !== undefined)
    throw new UsageError('--resource only applies with --auth-server', 'serve');
  if (values.http === undefined && (values.redis !== undefined || values['session-ttl'] !== undefined))
    throw new UsageError('--redis and --session-ttl only apply with --http', 'serve');
  const ttl = values['session-ttl'] === undefined ? undefined : parseDuration(values['session-ttl'], '--session-ttl');
  if (values.redis !== undefined && !/^rediss?:\/\//.test(values.redis))
    throw new UsageError(`--redis needs a redis:// or rediss:// URL, not ${JSON.stringify(values.redis)}`, 'serve');
  const port = values.http === undefined ? undefined : parsePort(values.http);
  const auth =
    issuer === undefined
      ? undefined
      : {
          issuer: httpUrl(issuer, '--auth-server'),
          resource: values.resource === undefined ? undefined : httpUrl(values.resource, '--resource'),
        };
  const secret = values.secret ?? nonEmpty(process.env['MCPKIT_SECRET']);
  if (secret !== undefined && new TextEncoder().encode(secret).length < 32)
    throw new UsageError(`the server secret (--secret or MCPKIT_SECRET) needs 32 characters or more`, 'serve');
  if (values.secret !== undefined && bundled.takesSecret !== true)
    throw new UsageError(`--secret does not apply to ${name}, which issues no requestState or cursors`, 'serve');
  if (port === undefined) return serveStdio(await createBundled(bundled, name, serverArgs, { secret }));
  const shared = await redisStoreFor(values.redis, ttl, io);
  try {
    const shareSecret = secret === undefined && shared !== undefined && bundled.takesSecret === true;
    const server = await createBundled(bundled, name, serverArgs, {
      secret: shareSecret ? await sharedSecret(shared.store, values.redis ?? '') : secret,
    });
    return await serveOverHttp(server, { name, port, host: values.host ?? '127.0.0.1', auth, shared, ttl }, io);
  } catch (error) {
    await shared?.close();
    throw error;
  }
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

/** The secret every process on this Redis shares; without it their cursors would not verify on each other. */
export async function sharedSecret(store: RedisStore, url: string): Promise<string> {
  try {
    await store.ready();
    return await store.sharedSecret();
  } catch (error) {
    throw new CliError(
      ExitCode.Error,
      `mcpkit: cannot read the shared server secret from Redis at ${url} (${error instanceof Error ? error.message : String(error)}); ` +
        'start Redis, or give every process the same --secret',
    );
  }
}

/** An absolute http(s) URL without a trailing slash (issuers are compared as strings). Also `bridge --http`'s. */
export function httpUrl(text: string, option: string, command = 'serve'): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`${option} needs an http(s) URL, not ${JSON.stringify(text)}`, command);
  return text.replace(/\/$/, '');
}

/**
 * Creates a bundled server; a failure is about its arguments, so it is a
 * usage error, unless the server says it cannot run here at all (NOT_SUPPORTED:
 * say, no SQLite driver loads on this Node), which is one line and no help.
 */
async function createBundled(
  bundled: BundledServer,
  name: string,
  args: readonly string[],
  shared: SharedServerOptions,
): Promise<McpServer> {
  try {
    const server = await bundled.create(args, shared.secret === undefined ? undefined : shared);
    server.instrument(currentTelemetry());
    return server;
  } catch (error) {
    if (error instanceof LocalError && error.code === 'NOT_SUPPORTED')
      throw new CliError(ExitCode.Error, `${name}: ${error.message}`);
    throw new UsageError(`${name}: ${error instanceof Error ? error.message : String(error)}`, 'serve');
  }
}

/** Calls `stop` once on the first SIGINT or SIGTERM. */
export function onShutdownSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (): void => {
    if (stopping) return;
    stopping = true;
    void stop();
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

async function serveStdio(server: McpServer): Promise<ExitCode> {
  let done!: () => void;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  // The transport ends the process soon after stdin closes (the client went away).
  // With telemetry on, the end of stdin closes the server instead of ending the process, so what it recorded is sent.
  const transport = new StdioServerTransport(currentTelemetry() === undefined ? {} : { onStdinClose: 'close' });
  await server.connect(transport, { onClose: done });
  onShutdownSignal(async () => {
    await server.close({ graceMs: SHUTDOWN_GRACE_MS });
    await stopTelemetry();
    // stdin may still be open: nothing else would end the process.
    process.exit(ExitCode.Ok);
  });
  await closed;
  return ExitCode.Ok;
}

/** The shared store on Redis (`mcpkit/redis`, loaded only with --redis). */
export async function redisStoreFor(
  url: string | undefined,
  ttl: number | undefined,
  io: Io,
): Promise<{ store: RedisStore; close: () => Promise<void> } | undefined> {
  if (url === undefined) return undefined;
  const redis = await import('mcpkit/redis');
  const store = redis.redisStore({ url, ...(ttl !== undefined && { sessionTtlMs: ttl }) });
  // Not fatal: stateless requests are served meanwhile, sessions get 503 until Redis answers.
  await store.ready().catch((error: unknown) => {
    io.stderr(`mcpkit: ${error instanceof Error ? error.message : String(error)}; retrying in the background\n`);
  });
  return { store, close: () => store.close() };
}

/** OAuth protection as the command line asks for it. */
export interface AuthArgs {
  readonly issuer: string;
  readonly resource: string | undefined;
}

/**
 * The `auth` option of `serveHttp`: JWTs from the issuer, keys found through
 * its metadata (fetched again, at most every 30 s, for a key it does not
 * know), minus the tokens its revocation list names. Also `bridge --http`'s.
 */
export async function authOptions(auth: AuthArgs): Promise<AuthOptions> {
  const { jwtVerifier } = await import('mcpkit/http');
  return {
    verifier: withRevocationList(jwtVerifier({ issuer: auth.issuer }), auth.issuer),
    authorizationServers: [auth.issuer],
    ...(auth.resource !== undefined && { resource: auth.resource }),
  };
}

async function serveOverHttp(
  server: McpServer,
  where: {
    name: string;
    port: number;
    host: string;
    auth: AuthArgs | undefined;
    shared: { store: RedisStore; close: () => Promise<void> } | undefined;
    ttl: number | undefined;
  },
  io: Io,
): Promise<ExitCode> {
  // Loaded here: stdio serving never pays for the HTTP server.
  const { serveHttp } = await import('mcpkit/node');
  const auth = where.auth === undefined ? undefined : await authOptions(where.auth);
  const shared = where.shared;
  const handle = await serveHttp(server, {
    port: where.port,
    host: where.host,
    ...(auth !== undefined && { auth }),
    ...(shared !== undefined && { store: shared.store }),
    ...(shared === undefined && where.ttl !== undefined && { idleTimeoutMs: where.ttl }),
  });
  io.stderr(`mcpkit: serving ${where.name} on ${handle.url} (Ctrl-C to stop)\n`);
  if (where.auth !== undefined) io.stderr(`mcpkit: requests need OAuth access tokens from ${where.auth.issuer}\n`);
  await new Promise<void>((resolve) => {
    onShutdownSignal(async () => {
      await handle.close();
      await server.close({ graceMs: SHUTDOWN_GRACE_MS });
      await shared?.close();
      resolve();
    });
  });
  return ExitCode.Ok;
}
