/**
 * How the command line authorizes at a URL: the options (`--no-browser`,
 * `--callback-port`, `--client-id`, `--client-secret`, `--client-key`,
 * `--client-credentials`, `--scope`), as the server's `oauth` settings and
 * the library's one OAuth hook-up (`serverOAuth`), with tokens cached per
 * server in the user's token file (`MCPKIT_AUTH_FILE` overrides where), the
 * authorization URL printed on stderr and opened where a browser exists.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { importSigningKey, type AuthEvent, type JwsAlgorithm, type OAuthClient, type SigningKey } from 'mcpkit/auth';
import { serverOAuth, userTokenFile, type ServerOAuth } from 'mcpkit/host/transport';
import type { HttpServerConfig, ServerConfig, ServerOAuthConfig } from 'mcpkit/host/config';
import { FileTokenStore } from 'mcpkit/node';
import { UsageError } from './exitCodes.js';
import type { Io } from './io.js';

/** The authorization options of every client command. */
export const AUTH_OPTIONS = {
  'no-browser': { type: 'boolean' },
  'callback-port': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-key': { type: 'string' },
  'client-credentials': { type: 'boolean' },
  scope: { type: 'string', multiple: true },
} as const;

/** The authorization settings, parsed. */
export interface AuthSettings {
  readonly noBrowser: boolean;
  /** The fixed port of the callback listener (to forward with `ssh -L`); undefined: a random one. */
  readonly callbackPort: number | undefined;
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  /** A PKCS#8 PEM or JWK file, for private_key_jwt. */
  readonly clientKeyFile: string | undefined;
  readonly clientCredentials: boolean;
  readonly scopes: readonly string[];
}

/** Reads the authorization settings from parsed option values. */
export function parseAuthSettings(
  values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): AuthSettings {
  const clientId = values['client-id'] as string | undefined;
  const secret = (values['client-secret'] as string | undefined) ?? env['MCPKIT_CLIENT_SECRET'];
  const key = values['client-key'] as string | undefined;
  if ((values['client-secret'] !== undefined || key !== undefined) && clientId === undefined)
    throw new UsageError('--client-secret and --client-key need --client-id', name);
  const clientCredentials = values['client-credentials'] === true;
  if (clientCredentials && secret === undefined && key === undefined)
    throw new UsageError('--client-credentials needs --client-id with --client-secret or --client-key', name);
  const scopes = ((values['scope'] as readonly string[] | undefined) ?? []).flatMap((s) => s.split(/\s+/)).filter(Boolean);
  return {
    noBrowser: values['no-browser'] === true,
    callbackPort: parseCallbackPort(values['callback-port'] as string | undefined, name),
    clientId,
    clientSecret: clientId === undefined ? undefined : secret,
    clientKeyFile: key,
    clientCredentials,
    scopes,
  };
}

/** `--callback-port`: a port a browser elsewhere can be forwarded to (1 to 65535; 0 would be random). */
export function parseCallbackPort(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new UsageError(`--callback-port needs a port number (1 to 65535), not ${JSON.stringify(text)}`, name);
  return port;
}

/** What a bare command line means: the browser, no pre-registered client. */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  noBrowser: false,
  callbackPort: undefined,
  clientId: undefined,
  clientSecret: undefined,
  clientKeyFile: undefined,
  clientCredentials: false,
  scopes: [],
};

/** The token file of this user (`MCPKIT_AUTH_FILE` overrides it). */
export function tokenStore(env: NodeJS.ProcessEnv = process.env): FileTokenStore {
  return new FileTokenStore(userTokenFile(env));
}

/**
 * The server's `oauth` settings from the command line's: a pre-registered
 * client (its key file read here), the grant, the scopes, the callback port.
 */
export async function oauthConfig(settings: AuthSettings): Promise<ServerOAuthConfig> {
  return {
    ...(settings.clientId !== undefined && { clientId: settings.clientId }),
    ...(settings.clientId !== undefined && settings.clientSecret !== undefined && { clientSecret: settings.clientSecret }),
    ...(settings.clientId !== undefined &&
      settings.clientKeyFile !== undefined && { privateKey: await loadKey(settings.clientKeyFile) }),
    ...(settings.clientCredentials && { clientCredentials: true }),
    ...(settings.scopes.length > 0 && { scopes: settings.scopes }),
    ...(settings.callbackPort !== undefined && { callbackPort: settings.callbackPort }),
  };
}

/** `server` with the command line's `oauth` settings (a process has none). */
export async function withOAuth<S extends ServerConfig>(server: S, settings: AuthSettings): Promise<S> {
  if (server.type === 'stdio') return server;
  return { ...server, oauth: { ...(await oauthConfig(settings)), ...server.oauth } };
}

/**
 * The command line's OAuth hook-up (`serverOAuth` of `mcpkit/host`, shared
 * with the host): progress and the authorization URL on stderr, the browser
 * unless `--no-browser`, and with `--no-browser` at a terminal the URL the
 * browser was sent to may be pasted back.
 */
export function cliServerOAuth(settings: AuthSettings, io: Io, quiet: boolean): ServerOAuth {
  const ask = io.ask;
  // Only where nothing else reads the terminal meanwhile (not the stdio bridge, whose stdin is the protocol).
  const readPasted =
    settings.noBrowser && ask !== undefined
      ? (_server: string, signal: AbortSignal, refused?: string) =>
          ask(
            refused === undefined
              ? 'mcpkit: or paste the URL your browser was sent to: '
              : `mcpkit: ${refused}; paste the URL your browser was sent to (Ctrl-C to stop): `,
            signal,
          )
      : undefined;
  return serverOAuth({
    openBrowser: !settings.noBrowser,
    ...(readPasted !== undefined && { readPasted }),
    onEvent: (_server, event) => {
      const line = describe(event);
      if (line !== undefined && !quiet) io.stderr(`mcpkit: ${line}\n`);
    },
    onUrl: (_server, url, opened) => {
      // The URL is the way in when no browser opened: printed even with --quiet.
      io.stderr(
        `mcpkit: ${opened ? 'opened your browser to authorize; if it did not appear, open' : 'to authorize, open'}:\n  ${url.href}\n`,
      );
    },
  });
}

/**
 * The hook-up for connections the command does not make itself (the
 * inspector's, a replay's): every HTTP server gets the command line's
 * `oauth` settings under its own.
 */
export async function cliAuthForAll(settings: AuthSettings, io: Io, quiet: boolean): Promise<ServerOAuth> {
  const oauth = await oauthConfig(settings);
  const hookup = cliServerOAuth(settings, io, quiet);
  return (server) => hookup({ ...server, oauth: { ...oauth, ...server.oauth } });
}

/** The OAuth client of one command for the server at `url` (`mcpkit login`). */
export async function cliOAuthClient(url: string, settings: AuthSettings, io: Io, quiet: boolean): Promise<OAuthClient> {
  const server = await withOAuth<HttpServerConfig>({ type: 'http', name: url, url, headers: {} }, settings);
  const client = cliServerOAuth(settings, io, quiet)(server);
  // No Authorization header was given, so there always is one.
  if (client === undefined) throw new Error('no OAuth client for a server without an Authorization header');
  return client;
}

function describe(event: AuthEvent): string | undefined {
  switch (event.type) {
    case 'discovered':
      return `${event.resource} is protected by ${event.issuer}`;
    case 'registered':
      return `registered with ${event.issuer}`;
    case 'authorized':
      return `authorized by ${event.issuer}${event.scopes.length === 0 ? '' : ` (scopes: ${event.scopes.join(' ')})`}`;
    case 'refreshed':
      return undefined;
    case 'refresh_failed':
      return refreshFailed(event.server, event.reason);
    case 'authorizing':
      return undefined;
  }
}

/** What a refused refresh token tells the user: its reason, and the command that logs in again. */
export function refreshFailed(server: string, reason: string): string {
  return `the token for ${server} could not be refreshed (${reason}); log in again: mcpkit login ${server}`;
}

/** A private key file: PKCS#8 PEM (EC P-256, RSA or Ed25519) or a JWK with its `alg`. */
async function loadKey(file: string): Promise<SigningKey> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--client-key: cannot read ${file}: ${(error as Error).message}`);
  }
  const trimmed = text.trim();
  const jwkAlg = trimmed.startsWith('{') ? (JSON.parse(trimmed) as { alg?: unknown }).alg : undefined;
  const candidates: JwsAlgorithm[] = typeof jwkAlg === 'string' ? [jwkAlg as JwsAlgorithm] : ['ES256', 'RS256', 'EdDSA', 'ES384'];
  for (const alg of candidates) {
    try {
      return await importSigningKey(trimmed, alg);
    } catch {
      // try the next algorithm
    }
  }
  throw new UsageError(`--client-key: ${file} is not a PKCS#8 PEM or JWK private key for ES256, ES384, RS256 or EdDSA`);
}
