/**
 * The options of the HTTP handler, and their defaults in one place.
 *
 * @module
 */
import type { AuthOptions } from './auth/authOptions.js';
import { MemoryEventStore, type EventStore } from './eventStore.js';
import type { SharedStore } from '../../scaleout/index.js';

/** Cross-origin resource sharing (off unless configured). */
export interface CorsOptions {
  /** Origins that may call the endpoint from a browser, or `'*'` for any. */
  readonly origins: readonly string[] | '*';
  /** How long a browser may cache a preflight answer, in seconds (default 600). */
  readonly maxAgeSeconds?: number;
  /** Whether browsers may send credentials (cookies, HTTP auth); never with `'*'` (default false). */
  readonly credentials?: boolean;
}

/** The paths of the 2024-11-05 HTTP+SSE transport. */
export interface HttpSseOptions {
  /** Where a client opens the event stream (default `/sse`). */
  readonly ssePath?: string;
  /** Where it posts messages, as announced in the `endpoint` event (default `/messages`). */
  readonly messagesPath?: string;
}

/** How the HTTP handler serves an `McpServer`. */
export interface HttpHandlerOptions {
  /** The path of the Streamable HTTP endpoint (default `/mcp`). */
  readonly path?: string;
  /** The 2024-11-05 HTTP+SSE endpoints, served beside it (default on, at `/sse` and `/messages`); `false` turns them off. */
  readonly httpSse?: HttpSseOptions | false;
  /** @deprecated Renamed `httpSse` (the transport is HTTP+SSE; "legacy" named it before). Ignored when `httpSse` is given. */
  readonly legacySse?: HttpSseOptions | false;
  /**
   * `Origin` values accepted besides the request's own origin (same scheme,
   * host and port), or `'*'` for any. A present `Origin` that is neither gets
   * 403 (DNS-rebinding and cross-site protection). Default: none.
   */
  readonly allowedOrigins?: readonly string[] | '*';
  /**
   * `Host` values accepted: a hostname (any port) or `hostname:port`. Default:
   * no check, except that `serveHttp` on a loopback address accepts only
   * `localhost`, `127.0.0.1` and `[::1]`.
   */
  readonly allowedHosts?: readonly string[];
  /** The largest request body accepted, in bytes (default 4 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /** CORS for browser clients (default off); `true` allows any origin. */
  readonly cors?: CorsOptions | boolean;
  /** A session with no open connection for this long is closed, in ms (default 30 minutes). */
  readonly idleTimeoutMs?: number;
  /** The most sessions kept at once; a new one evicts the longest-idle session, or gets 503 (default 10 000). */
  readonly maxSessions?: number;
  /** Where SSE events are kept for `Last-Event-ID` replay (default: bounded in memory). */
  readonly eventStore?: EventStore;
  /** The reconnection delay advised to clients in priming events, in ms (default 1000). */
  readonly retryMs?: number;
  /** How often an idle SSE stream gets a keep-alive comment, in ms (default 15 000; 0: never). */
  readonly keepAliveMs?: number;
  /**
   * OAuth protection (the spec's authorization): every MCP request needs a
   * valid bearer token for this server, and the Protected Resource Metadata
   * is served at its well-known path. Handlers read the token as `ctx.auth`.
   */
  readonly auth?: AuthOptions;
  /**
   * Stores shared with other processes serving the same endpoint (scale-out:
   * `redisStore` of `mcpkit/redis`). Sessions, resumable streams and the
   * routing of answers then work through any of them; `eventStore` is unused.
   * Default: none, everything in this process.
   */
  readonly store?: SharedStore;
}

/** The options with every default applied. */
export interface ResolvedOptions {
  readonly path: string;
  readonly ssePath: string | undefined;
  readonly messagesPath: string | undefined;
  readonly allowedOrigins: ReadonlySet<string> | '*';
  readonly allowedHosts: readonly string[] | undefined;
  readonly maxBodyBytes: number;
  readonly cors: Required<CorsOptions> | undefined;
  readonly idleTimeoutMs: number;
  readonly maxSessions: number;
  readonly eventStore: EventStore;
  readonly retryMs: number;
  readonly keepAliveMs: number;
  readonly store: SharedStore | undefined;
}

/** Applies the defaults. */
export function resolveOptions(options: HttpHandlerOptions = {}): ResolvedOptions {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the old name is still honoured
  const sseOption = options.httpSse ?? options.legacySse;
  const sse = sseOption === false ? undefined : (sseOption ?? {});
  const cors = options.cors === true ? { origins: '*' as const } : options.cors === false ? undefined : options.cors;
  const origins = options.allowedOrigins ?? [];
  return {
    path: options.path ?? '/mcp',
    ssePath: sse === undefined ? undefined : (sse.ssePath ?? '/sse'),
    messagesPath: sse === undefined ? undefined : (sse.messagesPath ?? '/messages'),
    allowedOrigins: origins === '*' ? '*' : new Set(origins.map((o) => o.toLowerCase())),
    allowedHosts: options.allowedHosts?.map((h) => h.toLowerCase()),
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    cors: cors === undefined ? undefined : { maxAgeSeconds: 600, credentials: false, ...cors },
    idleTimeoutMs: options.idleTimeoutMs ?? options.store?.sessionTtlMs ?? 30 * 60_000,
    maxSessions: options.maxSessions ?? 10_000,
    eventStore: options.eventStore ?? new MemoryEventStore(),
    retryMs: options.retryMs ?? 1000,
    keepAliveMs: options.keepAliveMs ?? 15_000,
    store: options.store,
  };
}

/** @deprecated Renamed {@link HttpSseOptions}. */
export type LegacySseOptions = HttpSseOptions;
