/**
 * `mcpkit auth list`: the servers with kept tokens, their issuer, scopes and
 * expiry: never a token or a secret.
 *
 * @module
 */
import type { StoredAuthorization } from 'mcpkit/auth';
import { tokenStore } from '../authSettings.js';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { printJson, type Command } from './command.js';

function help(): string {
  return `Usage:
  mcpkit auth list [--json]

Lists the servers this user has tokens for: the server, the authorization
server, the scopes, when the access token expires and whether it can be
refreshed. Tokens and secrets are never shown. The file is
~/.config/mcpkit/auth.json ($XDG_CONFIG_HOME or MCPKIT_AUTH_FILE move it).
`;
}

/** What is shown of one record. */
interface Shown {
  readonly server: string;
  readonly issuer: string | undefined;
  readonly scopes: readonly string[];
  readonly expiresAt: string | undefined;
  readonly expired: boolean;
  readonly refreshable: boolean;
  readonly tokenType: string | undefined;
  readonly registeredWith: readonly string[];
}

function shown(record: StoredAuthorization, now: number): Shown {
  const tokens = record.tokens;
  return {
    server: record.server,
    issuer: tokens?.issuer,
    scopes: tokens?.scopes ?? [],
    expiresAt: tokens?.expiresAt === undefined ? undefined : new Date(tokens.expiresAt).toISOString(),
    expired: tokens?.expiresAt !== undefined && tokens.expiresAt <= now,
    refreshable: tokens?.refreshToken !== undefined,
    tokenType: tokens?.tokenType,
    registeredWith: Object.keys(record.clients ?? {}),
  };
}

function line(s: Shown): string {
  if (s.issuer === undefined) return `${s.server}  (no token; registered with ${s.registeredWith.join(', ') || 'nobody'})`;
  const expiry = s.expiresAt === undefined ? 'no expiry given' : `${s.expired ? 'expired' : 'expires'} ${s.expiresAt}`;
  const scopes = s.scopes.length === 0 ? 'no scopes' : `scopes: ${s.scopes.join(' ')}`;
  return `${s.server}  issuer ${s.issuer}; ${scopes}; ${expiry}${s.refreshable ? '; refreshable' : ''}`;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout(help());
    return sub === undefined ? ExitCode.Usage : ExitCode.Ok;
  }
  if (sub !== 'list') throw new UsageError(`unknown auth subcommand ${JSON.stringify(sub)} (try: mcpkit auth list)`, 'auth');
  const unknown = rest.find((a) => a !== '--json');
  if (unknown !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(unknown)}`, 'auth');
  const now = Date.now();
  const records = (await tokenStore().list()).map((r) => shown(r, now)).sort((a, b) => a.server.localeCompare(b.server));
  if (rest.includes('--json')) printJson(io, { servers: records });
  else if (records.length === 0) io.stdout('no servers with kept tokens\n');
  else io.stdout(`${records.map(line).join('\n')}\n`);
  return ExitCode.Ok;
}

/** `mcpkit auth`. */
export const authCommand: Command = {
  help,
  run,
};
