/**
 * How the Node host authorizes its HTTP servers: by default each gets its own
 * `OAuthClient` (`mcpkit/auth`), kept across restarts, with tokens in the
 * user's token file (the one `mcpkit login` writes, so a login is reused) and
 * the authorization page opened through a loopback listener.
 *
 * @module
 */
import { OAuthClient, type AuthEvent } from '../../auth/index.js';
import type { HttpAuthorizer } from '../../http/index.js';
import { defaultTokenFile, FileTokenStore, guardedAuthFetch, LoopbackAuthorization } from '../../node/index.js';
import type { HttpServerConfig } from '../config/types.js';

/** The authorizer of an HTTP server (undefined: none, only its config's headers). */
export type ServerAuth = (server: HttpServerConfig) => HttpAuthorizer | undefined;

/** How the host's own OAuth clients behave. */
export interface HostAuthOptions {
  /** The token file (default: `MCPKIT_AUTH_FILE`, else the user's, shared with `mcpkit login`). */
  readonly tokenFile?: string | undefined;
  /** Open the authorization page in a browser (default true, where one exists). */
  readonly openBrowser?: boolean | undefined;
  /** The authorization URL of a server, and whether a browser opened on it (show it to the user). */
  readonly onUrl?: ((server: string, url: URL, opened: boolean) => void) | undefined;
  /** Progress of a server's authorization (no secrets in it). */
  readonly onEvent?: ((server: string, event: AuthEvent) => void) | undefined;
  /** The `client_name` to register with (default `mcpkit`). */
  readonly clientName?: string | undefined;
  /** A fixed port for the authorization callback listener (to forward from another machine); default random. */
  readonly callbackPort?: number | undefined;
  /** How long a user has to authorize, ms (default: the loopback listener's). */
  readonly timeoutMs?: number | undefined;
}

function hasAuthorizationHeader(server: HttpServerConfig): boolean {
  return Object.keys(server.headers).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * One `OAuthClient` per HTTP server, made the first time it connects and kept
 * (a restart reuses its tokens). A server whose config sends its own
 * `Authorization` header gets none: that header is sent as given.
 */
export function hostOAuth(options: HostAuthOptions = {}, env: NodeJS.ProcessEnv = process.env): ServerAuth {
  const clients = new Map<string, OAuthClient>();
  const envFile = env['MCPKIT_AUTH_FILE'];
  const file = options.tokenFile ?? (envFile !== undefined && envFile !== '' ? envFile : defaultTokenFile(env));
  // One store for all servers: the file is rewritten whole, so one writer keeps every server's entry.
  const store = new FileTokenStore(file);
  return (server) => {
    if (hasAuthorizationHeader(server)) return undefined;
    const key = `${server.name}\n${server.url}`;
    let client = clients.get(key);
    if (client === undefined) {
      client = new OAuthClient({
        store,
        clientName: options.clientName ?? 'mcpkit',
        guardedFetch: guardedAuthFetch(),
        ...(options.onEvent !== undefined && { onEvent: (event: AuthEvent) => options.onEvent?.(server.name, event) }),
        handler: new LoopbackAuthorization({
          openBrowser: options.openBrowser ?? true,
          ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
          ...(options.callbackPort !== undefined && { port: options.callbackPort }),
          ...(options.onUrl !== undefined && { onUrl: (url: URL, opened: boolean) => options.onUrl?.(server.name, url, opened) }),
        }),
      });
      clients.set(key, client);
    }
    return client;
  };
}
