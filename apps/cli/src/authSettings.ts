/**
 * How the command line authorizes at a URL: the options (`--no-browser`,
 * `--callback-port`, `--client-id`, `--client-secret`, `--client-secret-file`,
 * `--client-key`, `--client-credentials`, `--assertion-file`,
 * `--id-token-file` with `--idp-token-endpoint`, `--dpop`, `--scope`), as the
 * server's `oauth` settings and the library's one OAuth hook-up
 * (`serverOAuth`), with tokens cached per server in the user's token file
 * (`MCPKIT_AUTH_FILE` overrides where), the authorization URL printed on
 * stderr and opened where a browser exists.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import {
  enterpriseAssertion,
  importSigningKey,
  type AuthEvent,
  type JwsAlgorithm,
  type OAuthClient,
  type SigningKey,
} from 'mcpkit/auth';
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
  'client-secret-file': { type: 'string' },
  dpop: { type: 'boolean' },
  'assertion-file': { type: 'string' },
  'id-token-file': { type: 'string' },
  'idp-token-endpoint': { type: 'string' },
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
  /** Ask for DPoP-bound tokens (RFC 9449), with a key made for this process. */
  readonly dpop: boolean;
  /** A file holding a JWT to present in the JWT-bearer grant (a workload identity token); read at each grant. */
  readonly assertionFile: string | undefined;
  /** Enterprise-managed authorization: a file holding the user's ID token, exchanged at the identity provider... */
  readonly idTokenFile: string | undefined;
  /** ...at this token endpoint, for an ID-JAG. */
  readonly idpTokenEndpoint: string | undefined;
}

/** Reads the authorization settings from parsed option values. */
export function parseAuthSettings(
  values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): AuthSettings {
  const clientId = values['client-id'] as string | undefined;
  const secretFile = values['client-secret-file'] as string | undefined;
  if (secretFile !== undefined && values['client-secret'] !== undefined)
    throw new UsageError('give --client-secret or --client-secret-file, not both', name);
  const secret =
    secretFile !== undefined
      ? readSecret(secretFile, name)
      : ((values['client-secret'] as string | undefined) ?? env['MCPKIT_CLIENT_SECRET']);
  const key = values['client-key'] as string | undefined;
  if ((values['client-secret'] !== undefined || secretFile !== undefined || key !== undefined) && clientId === undefined)
    throw new UsageError('--client-secret(-file) and --client-key need --client-id', name);
  const clientCredentials = values['client-credentials'] === true;
  if (clientCredentials && secret === undefined && key === undefined)
    throw new UsageError('--client-credentials needs --client-id with --client-secret(-file) or --client-key', name);
  const assertionFile = values['assertion-file'] as string | undefined;
  const idTokenFile = values['id-token-file'] as string | undefined;
  const idpTokenEndpoint = values['idp-token-endpoint'] as string | undefined;
  if ((idTokenFile === undefined) !== (idpTokenEndpoint === undefined))
    throw new UsageError('--id-token-file and --idp-token-endpoint go together', name);
  const grants = [clientCredentials, assertionFile !== undefined, idTokenFile !== undefined].filter(Boolean).length;
  if (grants > 1) throw new UsageError('give one of --client-credentials, --assertion-file and --id-token-file', name);
  if (grants === 1 && clientId === undefined)
    throw new UsageError('--assertion-file and --id-token-file need --client-id (a client registered beforehand)', name);
  const scopes = ((values['scope'] as readonly string[] | undefined) ?? []).flatMap((s) => s.split(/\s+/)).filter(Boolean);
  return {
    noBrowser: values['no-browser'] === true,
    callbackPort: parseCallbackPort(values['callback-port'] as string | undefined, name),
    clientId,
    clientSecret: clientId === undefined ? undefined : secret,
    clientKeyFile: key,
    clientCredentials,
    scopes,
    dpop: values['dpop'] === true,
    assertionFile,
    idTokenFile,
    idpTokenEndpoint,
  };
}

/** A secret from a file (its first line): never on the command line, where other users see it. */
function readSecret(file: string, name: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--client-secret-file: cannot read ${file}: ${(error as Error).message}`, name);
  }
  const secret = text.split(/\r?\n/)[0] ?? '';
  if (secret === '') throw new UsageError(`--client-secret-file: ${file} is empty`, name);
  return secret;
}

/** A JWT from a file, read when a grant needs it (a workload token is rotated under the process's feet). */
function jwtFile(file: string, option: string): () => string {
  return () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (error) {
      throw new UsageError(`${option}: cannot read ${file}: ${(error as Error).message}`);
    }
    if (text === '') throw new UsageError(`${option}: ${file} is empty`);
    return text;
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
  dpop: false,
  assertionFile: undefined,
  idTokenFile: undefined,
  idpTokenEndpoint: undefined,
};

/** The token file of this user (`MCPKIT_AUTH_FILE` overrides it). */
export function tokenStore(env: NodeJS.ProcessEnv = process.env): FileTokenStore {
  return new FileTokenStore(userTokenFile(env));
}

/**
 * The server's `oauth` settings from the command line's: a pre-registered
 * client (its key file read here), the grant (a JWT file read at each grant),
 * DPoP, the scopes, the callback port.
 */
export async function oauthConfig(settings: AuthSettings): Promise<ServerOAuthConfig> {
  const assertion = assertionOf(settings);
  return {
    ...(settings.clientId !== undefined && { clientId: settings.clientId }),
    ...(settings.clientId !== undefined && settings.clientSecret !== undefined && { clientSecret: settings.clientSecret }),
    ...(settings.clientId !== undefined &&
      settings.clientKeyFile !== undefined && { privateKey: await loadKey(settings.clientKeyFile) }),
    ...(settings.clientCredentials && { clientCredentials: true }),
    ...(assertion !== undefined && { assertion }),
    ...(settings.dpop && { dpop: true }),
    ...(settings.scopes.length > 0 && { scopes: settings.scopes }),
    ...(settings.callbackPort !== undefined && { callbackPort: settings.callbackPort }),
  };
}

/**
 * The JWT-bearer assertion of `--assertion-file` (the workload's JWT) or of
 * `--id-token-file` (the ID token exchanged at `--idp-token-endpoint` for an
 * ID-JAG, by the same client with the same secret where it has one).
 */
function assertionOf(settings: AuthSettings): ServerOAuthConfig['assertion'] {
  if (settings.assertionFile !== undefined) return jwtFile(settings.assertionFile, '--assertion-file');
  if (settings.idTokenFile === undefined || settings.idpTokenEndpoint === undefined || settings.clientId === undefined)
    return undefined;
  return enterpriseAssertion({
    idpTokenEndpoint: settings.idpTokenEndpoint,
    idToken: jwtFile(settings.idTokenFile, '--id-token-file'),
    idpClientId: settings.clientId,
    ...(settings.clientSecret !== undefined && { idpClientSecret: settings.clientSecret }),
  });
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
