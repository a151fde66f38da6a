/**
 * The one OAuth hook-up of mcpkit: each HTTP server gets its own
 * `OAuthClient` (`mcpkit/auth`), kept across restarts, with tokens in the
 * user's token file (the one `mcpkit login` writes, so a login is reused by
 * the host, `mcpkit chat`, the client commands, the bridge and the inspector),
 * shaped by the server's own `oauth` settings (a pre-registered client, a key,
 * the grant, DPoP, scopes, a callback port), and the authorization page opened through a
 * loopback listener.
 *
 * @module
 */
import {
  OAuthClient,
  type AuthEvent,
  type OAuthClientOptions,
  type OAuthGrant,
  type PreRegisteredClient,
} from '../../auth/index.js';
import { LocalError } from '../../jsonrpc/index.js';
import { defaultTokenFile, FileTokenStore, guardedAuthFetch, LoopbackAuthorization } from '../../node/index.js';
import type { HttpServerConfig } from '../config/types.js';

/** How the OAuth clients {@link serverOAuth} makes behave, for every server. */
export interface ServerOAuthOptions {
  /** The token file (default: `MCPKIT_AUTH_FILE`, else the user's, shared with `mcpkit login`). */
  readonly tokenFile?: string | undefined;
  /** Open the authorization page in a browser (default true, where one exists). */
  readonly openBrowser?: boolean | undefined;
  /** The authorization URL of a server, and whether a browser opened on it (show it to the user). */
  readonly onUrl?: ((server: string, url: URL, opened: boolean) => void) | undefined;
  /** Progress of a server's authorization (no secrets in it). */
  readonly onEvent?: ((server: string, event: AuthEvent) => void) | undefined;
  /**
   * Asks the user to paste the URL the browser was sent to (for a browser on
   * another machine); `refused` says why the last paste was not taken.
   */
  readonly readPasted?: ((server: string, signal: AbortSignal, refused?: string) => Promise<string | undefined>) | undefined;
  /** The `client_name` to register with (default `mcpkit`). */
  readonly clientName?: string | undefined;
  /** A fixed port for the callback listener of every server without its own `oauth.callbackPort`; default random. */
  readonly callbackPort?: number | undefined;
  /** How long a user has to authorize, ms (default: the loopback listener's). */
  readonly timeoutMs?: number | undefined;
}

/** The OAuth client of an HTTP server, or undefined when its config sends its own `Authorization` header. */
export type ServerOAuth = (server: HttpServerConfig) => OAuthClient | undefined;

/** The user's token file: `MCPKIT_AUTH_FILE` when set, else the platform's (the one `mcpkit login` writes). */
export function userTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  const file = env['MCPKIT_AUTH_FILE'];
  return file !== undefined && file !== '' ? file : defaultTokenFile(env);
}

function hasAuthorizationHeader(server: HttpServerConfig): boolean {
  return Object.keys(server.headers).some((name) => name.toLowerCase() === 'authorization');
}

function preRegistered(server: HttpServerConfig): PreRegisteredClient | undefined {
  const oauth = server.oauth;
  if (oauth?.clientId === undefined) return undefined;
  return {
    clientId: oauth.clientId,
    ...(oauth.clientSecret !== undefined && { clientSecret: oauth.clientSecret }),
    ...(oauth.privateKey !== undefined && { privateKey: oauth.privateKey }),
  };
}

/** The grant of the server's `oauth` settings: client credentials, a JWT-bearer assertion, else the browser's. */
function grantOf(server: HttpServerConfig): OAuthGrant | undefined {
  const oauth = server.oauth;
  if (oauth?.clientCredentials === true && oauth.assertion !== undefined)
    throw new LocalError(
      'INVALID_ARGUMENT',
      `server ${server.name}: oauth.clientCredentials and oauth.assertion are two grants; give one`,
    );
  if (oauth?.clientCredentials === true) return { type: 'client_credentials' };
  const assertion = oauth?.assertion;
  if (assertion === undefined) return undefined;
  return { type: 'jwt_bearer', assertion: typeof assertion === 'string' ? () => assertion : assertion };
}

/**
 * One `OAuthClient` per HTTP server, made the first time it is asked for and
 * kept (a restart reuses its tokens). A server whose config sends its own
 * `Authorization` header gets none: that header is sent as given. Pass the
 * result as the `auth` of `transportFor`/`nodeTransportFor` or of the Node `Host`.
 */
export function serverOAuth(options: ServerOAuthOptions = {}, env: NodeJS.ProcessEnv = process.env): ServerOAuth {
  const clients = new Map<string, OAuthClient>();
  // One store for all servers: the file is rewritten whole, so one writer keeps every server's entry.
  const store = new FileTokenStore(options.tokenFile ?? userTokenFile(env));
  return (server) => {
    if (hasAuthorizationHeader(server)) return undefined;
    const key = `${server.name}\n${server.url}`;
    let client = clients.get(key);
    if (client === undefined) {
      client = new OAuthClient(clientOptions(server, store, options));
      clients.set(key, client);
    }
    return client;
  };
}

function clientOptions(server: HttpServerConfig, store: FileTokenStore, options: ServerOAuthOptions): OAuthClientOptions {
  const { onEvent, onUrl, readPasted } = options;
  const port = server.oauth?.callbackPort ?? options.callbackPort;
  const client = preRegistered(server);
  const grant = grantOf(server);
  const dpop = server.oauth?.dpop;
  return {
    store,
    clientName: options.clientName ?? 'mcpkit',
    // Every URL a server hands over is judged by the address its connection reaches.
    guardedFetch: guardedAuthFetch(),
    ...(server.oauth?.scopes !== undefined && { scopes: server.oauth.scopes }),
    ...(client !== undefined && { client }),
    ...(grant !== undefined && { grant }),
    ...(dpop !== undefined && dpop !== false && { dpop }),
    ...(onEvent !== undefined && {
      onEvent: (event: AuthEvent) => {
        onEvent(server.name, event);
      },
    }),
    handler: new LoopbackAuthorization({
      openBrowser: options.openBrowser ?? true,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(port !== undefined && { port }),
      ...(onUrl !== undefined && {
        onUrl: (url: URL, opened: boolean) => {
          onUrl(server.name, url, opened);
        },
      }),
      ...(readPasted !== undefined && {
        readPasted: (signal: AbortSignal, refused?: string) => readPasted(server.name, signal, refused),
      }),
    }),
  };
}
