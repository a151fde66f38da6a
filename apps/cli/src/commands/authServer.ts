/**
 * `mcpkit auth-server`: the development OAuth authorization server on a
 * port, for trying a protected MCP server locally and for tests. Not for
 * production, and it says so wherever it can.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { createDevAuthServer, type PreregisteredClient } from '../authServer/devAuthServer.js';
import { serveFetch } from '../authServer/serveFetch.js';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import type { Command } from './command.js';

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'auto-approve': { type: 'boolean' },
  subject: { type: 'string' },
  scopes: { type: 'string' },
  'token-ttl': { type: 'string' },
  'opaque-tokens': { type: 'boolean' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'allow-http-metadata': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The warning printed at start-up. */
export const NOT_FOR_PRODUCTION =
  'mcpkit auth-server is a DEVELOPMENT authorization server: tokens live in memory, there are no users\n' +
  'or passwords, and anyone who can reach it can register clients and get tokens. Never use it in production.\n';

function help(): string {
  return `Usage:
  mcpkit auth-server [--port <port>] [--auto-approve] [options]

A development OAuth 2.1 authorization server for MCP: RFC 8414 metadata,
dynamic client registration, Client ID Metadata Documents, PKCE (S256 only),
the authorization code grant (with a consent page, or --auto-approve),
refresh tokens (rotated), client credentials, a JWKS, token introspection,
the RFC 9207 iss parameter, and a list of revoked tokens (/revoked: a
replayed code revokes its grant) that mcpkit serve --auth-server polls.
Access tokens are ES256 JWTs whose aud is the resource the client asked for.

NOT FOR PRODUCTION: everything lives in memory, there is one pretend user,
and anyone who can reach the port can register clients and get tokens.

Protect a bundled server with it:
  mcpkit auth-server --port 9000 --auto-approve
  mcpkit serve everything --http 3000 --auth-server http://127.0.0.1:9000

Prints its issuer URL on stdout ("listening <url>"), then serves until
SIGINT or SIGTERM.

Options:
  --port <port>           The port (default 9000; 0: any free port)
  --host <address>        The address to listen on (default 127.0.0.1)
  --auto-approve          Approve every valid authorization request at once (no consent page)
  --subject <name>        The user tokens are issued for (default dev-user)
  --scopes "<a b c>"      The scopes offered (scopes_supported); others are refused (default: any)
  --token-ttl <seconds>   Access token lifetime (default 3600)
  --opaque-tokens         Issue opaque access tokens (verifiable only by introspection)
  --client-id <id>        Pre-register a client with this id...
  --client-secret <s>     ...confidential, with this secret (omit for a public client)
  --redirect-uri <uri>    ...and this redirect URI (repeatable; matched exactly)
  --allow-http-metadata   Accept Client ID Metadata Documents over http on loopback, and fetch
                          them from loopback (otherwise: from public addresses only)
  -h, --help              Show this help

Exit codes: 0 stopped by a signal, 1 error (e.g. the port is taken), 2 usage error.
`;
}

function wholeNumber(text: string, option: string, min: number, max: number): number {
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(
      `${option} needs a whole number from ${String(min)} to ${String(max)}, not ${JSON.stringify(text)}`,
      'auth-server',
    );
  return n;
}

/** `mcpkit auth-server`. */
export const authServerCommand: Command = {
  help,
  run: runAuthServer,
};

async function runAuthServer(args: readonly string[], io: Io): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), 'auth-server');
  }
  const v = parsed.values;
  if (v.help === true) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  if (v['client-id'] === undefined && (v['client-secret'] !== undefined || v['redirect-uri'] !== undefined))
    throw new UsageError('--client-secret and --redirect-uri describe a client: give --client-id too', 'auth-server');
  const clients: PreregisteredClient[] =
    v['client-id'] === undefined
      ? []
      : [
          {
            clientId: v['client-id'],
            ...(v['client-secret'] !== undefined && { clientSecret: v['client-secret'] }),
            redirectUris: v['redirect-uri'] ?? [],
          },
        ];
  const port = v.port === undefined ? 9000 : wholeNumber(v.port, '--port', 0, 65535);
  const ttl = v['token-ttl'] === undefined ? undefined : wholeNumber(v['token-ttl'], '--token-ttl', 1, 365 * 24 * 3600);
  const host = v.host ?? '127.0.0.1';
  io.stderr(NOT_FOR_PRODUCTION);
  const served = await serveFetch(
    async (origin) =>
      (
        await createDevAuthServer({
          issuer: origin,
          autoApprove: v['auto-approve'] === true,
          ...(v.subject !== undefined && { subject: v.subject }),
          ...(v.scopes !== undefined && { scopes: v.scopes.split(/\s+/).filter((s) => s !== '') }),
          ...(ttl !== undefined && { accessTokenTtlSeconds: ttl }),
          tokenFormat: v['opaque-tokens'] === true ? 'opaque' : 'jwt',
          clients,
          allowInsecureMetadataUrls: v['allow-http-metadata'] === true,
        })
      ).fetch,
    port,
    host,
  );
  io.stdout(`listening ${served.origin}\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      void served.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return ExitCode.Ok;
}
