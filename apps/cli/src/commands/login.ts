/**
 * `mcpkit login <url>`, `mcpkit logout <url>`: authorize at a server now
 * (the flow every URL command runs by itself on a 401), or forget what is
 * kept for it. The tokens go to the user's token file, never to the screen.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { serverKey } from 'mcpkit/auth';
import { AUTH_OPTIONS, cliOAuthClient, parseAuthSettings, tokenStore } from '../authSettings.js';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import { isConnectionFailure } from '../failure.js';
import type { Io } from '../io.js';
import { isHttpUrl } from '../targetOptions.js';
import type { Command } from './command.js';

const AUTH_HELP = `Authorization:
      --no-browser          Print the authorization URL, do not open a browser;
                            at a terminal, the URL the browser was sent to can
                            be pasted back (for a browser on another machine)
      --callback-port <n>   Receive the callback on this fixed 127.0.0.1 port
                            (forward it: ssh -L N:127.0.0.1:N)
      --client-id <id>      A client registered beforehand (else the server's
                            registration or a client metadata document is used)
      --client-secret <s>   Its secret (or MCPKIT_CLIENT_SECRET)
      --client-secret-file <f>  Its secret, from a file (safer than --client-secret)
      --client-key <file>   Its private key (PKCS#8 PEM or JWK) for private_key_jwt
      --client-credentials  Authorize as a machine client (client credentials
                            grant), no browser: needs --client-id with a secret
                            or key
      --assertion-file <f>  Present the JWT in this file (a workload identity
                            token) in the JWT-bearer grant, no browser
      --id-token-file <f>   Enterprise-managed authorization: exchange the ID
                            token in this file for an ID-JAG...
      --idp-token-endpoint <url>  ...at this identity provider token endpoint
      --dpop                Ask for DPoP-bound tokens (a key for this process)
      --scope <scopes>      Ask for these scopes too (repeatable)

Tokens are kept per server in ~/.config/mcpkit/auth.json (mode 0600;
$XDG_CONFIG_HOME or MCPKIT_AUTH_FILE move it).`;

function loginHelp(): string {
  return `Usage:
  mcpkit login <url> [options]

Authorizes at the MCP server at <url> now and keeps the tokens: the
authorization server's page opens in a browser (or its URL is printed) and
the answer comes back to a listener on 127.0.0.1. Every command with a URL
does this by itself when the server asks; login does it ahead of time, and
again when the tokens are there.

${AUTH_HELP}
`;
}

function logoutHelp(): string {
  return `Usage:
  mcpkit logout <url>

Forgets the tokens and client registrations kept for the server at <url>.
`;
}

function parseUrl(args: readonly string[], name: string, withAuth: boolean) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        ...(withAuth ? AUTH_OPTIONS : {}),
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), name);
  }
  if (parsed.values.help === true) return { help: true as const };
  const [url, extra] = parsed.positionals;
  if (url === undefined) throw new UsageError(`missing the server URL: mcpkit ${name} <url>`, name);
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`, name);
  if (!isHttpUrl(url)) throw new UsageError(`${name} needs an http:// or https:// URL, not ${JSON.stringify(url)}`, name);
  return {
    help: false as const,
    url,
    values: parsed.values as Readonly<Record<string, string | boolean | string[] | undefined>>,
  };
}

/** The server's challenge to a request without a token, if it sends one; a server that cannot be reached exits 5. */
async function probe(url: string): Promise<string | undefined> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpkit-cli', version: '0' } },
    }),
  }).catch((error: unknown) => {
    if (!isConnectionFailure(error)) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CliError(ExitCode.Connection, `could not reach ${url}: ${cause}`);
  });
  await response.body?.cancel();
  return response.status === 401 || response.status === 403 ? (response.headers.get('www-authenticate') ?? '') : undefined;
}

async function login(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseUrl(args, 'login', true);
  if (parsed.help) {
    io.stdout(loginHelp());
    return ExitCode.Ok;
  }
  const settings = parseAuthSettings(parsed.values, 'login');
  const quiet = parsed.values['quiet'] === true;
  const client = await cliOAuthClient(parsed.url, settings, io, quiet);
  const challenge = await probe(parsed.url);
  if (challenge === undefined && !quiet)
    io.stderr(`mcpkit: ${parsed.url} did not ask for authorization; looking for its metadata anyway\n`);
  const scopes = await client.authorize(parsed.url, challenge);
  io.stdout(`logged in to ${serverKey(parsed.url)}${scopes.length === 0 ? '' : ` (scopes: ${scopes.join(' ')})`}\n`);
  return ExitCode.Ok;
}

async function logout(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseUrl(args, 'logout', false);
  if (parsed.help) {
    io.stdout(logoutHelp());
    return ExitCode.Ok;
  }
  const store = tokenStore();
  const key = serverKey(parsed.url);
  const had = (await store.get(key)) !== undefined;
  await store.delete(key);
  io.stdout(had ? `logged out of ${key}\n` : `nothing kept for ${key}\n`);
  return ExitCode.Ok;
}

/** `mcpkit login`. */
export const loginCommand: Command = {
  help: loginHelp,
  run: login,
};

/** `mcpkit logout`. */
export const logoutCommand: Command = {
  help: logoutHelp,
  run: logout,
};
