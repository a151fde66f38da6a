/**
 * `mcpkit auth-server`: the development OAuth authorization server on a
 * port, for trying a protected MCP server locally and for tests. Not for
 * production, and it says so wherever it can.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { jwksOf, type Jwks } from '../authServer/clients.js';
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
  'client-secret-file': { type: 'string' },
  'client-jwks-file': { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'allow-http-metadata': { type: 'boolean' },
  idp: { type: 'boolean' },
  'workload-issuer': { type: 'string', multiple: true },
  'workload-jwks-file': { type: 'string', multiple: true },
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
refresh tokens (rotated), client credentials (client_secret_basic,
client_secret_post, or private_key_jwt with a registered jwks or jwks_uri),
the JWT-bearer grant (an ID-JAG of the local identity provider, --idp, or a
workload JWT of a --workload-issuer), DPoP-bound tokens (token_type DPoP,
cnf.jkt) for a token request with a valid DPoP proof, a JWKS, token
introspection, the RFC 9207 iss parameter, and a list of revoked tokens
(/revoked: a replayed code revokes its grant) that mcpkit serve
--auth-server polls. Access tokens are ES256 JWTs whose aud is the resource
the client asked for.

NOT FOR PRODUCTION: everything lives in memory, there is one pretend user,
and anyone who can reach the port can register clients and get tokens.

Protect a bundled server with it:
  mcpkit auth-server --port 9000 --auto-approve
  mcpkit serve everything --http 3000 --auth-server http://127.0.0.1:9000

A machine client with a secret (kept in a file, never on the line):
  mcpkit auth-server --port 9000 --client-id robot --client-secret-file secret.txt
  mcpkit call http://127.0.0.1:3000/mcp echo '{"message":"hi"}' \
    --client-credentials --client-id robot --client-secret-file secret.txt [--dpop]

Enterprise-managed authorization with the local identity provider (--idp):
it serves /idp/id-token (an ID token for the --subject, to any registered
client that asks: there is no login) and /idp/token (RFC 8693 exchange of
that ID token for an ID-JAG aimed at this server), and the token endpoint
takes the ID-JAG as a JWT-bearer grant (checked: issuer, typ, aud, client_id,
resource, scope, single use):
  mcpkit auth-server --port 9000 --idp --client-id app --client-secret-file secret.txt
  curl -s -u app:"$(cat secret.txt)" -d x=1 http://127.0.0.1:9000/idp/id-token
  mcpkit call <url> <tool> --client-id app --client-secret-file secret.txt \
    --id-token-file id.jwt --idp-token-endpoint http://127.0.0.1:9000/idp/token

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
  --client-secret-file <f>  ...confidential, with the secret in this file (omit for a public client)
  --client-secret <s>     ...the same, the secret on the command line (visible to other users)
  --client-jwks-file <f>  ...or authenticating with private_key_jwt, its public keys (a JWKS) in this file
  --redirect-uri <uri>    ...and this redirect URI (repeatable; matched exactly)
  --allow-http-metadata   Accept Client ID Metadata Documents and clients' jwks_uri over http on
                          loopback, and fetch them from loopback (otherwise: from public addresses
                          only; private addresses never)
  --idp                   Run the local identity provider at <issuer>/idp and take its ID-JAGs
  --workload-issuer <url> Trust workload JWTs from this issuer in the JWT-bearer grant (repeatable)...
  --workload-jwks-file <f>  ...signed by a key of this JWKS file (one per --workload-issuer, in order)
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

/** A secret from a file (its first line, without the line end): never on the command line, where others see it. */
function secretFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--client-secret-file: cannot read ${file}: ${(error as Error).message}`, 'auth-server');
  }
  const secret = text.split(/\r?\n/)[0] ?? '';
  if (secret === '') throw new UsageError(`--client-secret-file: ${file} is empty`, 'auth-server');
  return secret;
}

/** A JWKS file of public keys. */
function jwksFile(file: string, option: string): Jwks {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${option}: cannot read a JSON JWKS from ${file}: ${(error as Error).message}`, 'auth-server');
  }
  const jwks = jwksOf(value);
  if (typeof jwks === 'string') throw new UsageError(`${option}: ${file}: ${jwks}`, 'auth-server');
  return jwks;
}

/** `--workload-issuer` and `--workload-jwks-file`, paired in order. */
function workloads(issuers: readonly string[], files: readonly string[]): { issuer: string; jwks: Jwks }[] {
  if (issuers.length !== files.length)
    throw new UsageError('give one --workload-jwks-file for each --workload-issuer', 'auth-server');
  return issuers.map((issuer, i) => {
    if (!/^https?:\/\/[^\s]+$/.test(issuer))
      throw new UsageError(`--workload-issuer must be an http(s) URL, not ${JSON.stringify(issuer)}`, 'auth-server');
    return { issuer, jwks: jwksFile(files[i] as string, '--workload-jwks-file') };
  });
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
  const describesClient = ['client-secret', 'client-secret-file', 'client-jwks-file', 'redirect-uri'].some(
    (o) => v[o as keyof typeof v] !== undefined,
  );
  if (v['client-id'] === undefined && describesClient)
    throw new UsageError(
      '--client-secret(-file), --client-jwks-file and --redirect-uri describe a client: give --client-id too',
      'auth-server',
    );
  const credentials = [v['client-secret'], v['client-secret-file'], v['client-jwks-file']].filter((c) => c !== undefined);
  if (credentials.length > 1)
    throw new UsageError('give one of --client-secret, --client-secret-file and --client-jwks-file', 'auth-server');
  const secret = v['client-secret-file'] === undefined ? v['client-secret'] : secretFile(v['client-secret-file']);
  const clients: PreregisteredClient[] =
    v['client-id'] === undefined
      ? []
      : [
          {
            clientId: v['client-id'],
            ...(secret !== undefined && { clientSecret: secret }),
            ...(v['client-jwks-file'] !== undefined && { jwks: jwksFile(v['client-jwks-file'], '--client-jwks-file') }),
            redirectUris: v['redirect-uri'] ?? [],
          },
        ];
  const workloadIssuers = workloads(v['workload-issuer'] ?? [], v['workload-jwks-file'] ?? []);
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
          log: (line) => {
            io.stderr(`${line}\n`);
          },
          idp: v.idp === true,
          workloadIssuers,
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
