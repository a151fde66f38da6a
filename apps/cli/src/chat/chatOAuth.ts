/**
 * `mcpkit chat`'s authorization flags on its servers: the same flags as the
 * other client commands (`authSettings.ts`), as each HTTP server's `oauth`.
 *
 * @module
 */
import type { HostConfig } from 'mcpkit/host';
import { withOAuth, type AuthSettings } from '../authSettings.js';
import { UsageError } from '../exitCodes.js';

/**
 * The config with the command line's `oauth` settings on its HTTP servers.
 * A client, its secret or key, a grant, DPoP or scopes are for one server:
 * a config may hold servers the user did not write (a project's), and each
 * names its own authorization server, which would otherwise receive the
 * client's secret or assertion. With more than one HTTP server they are
 * refused until `--server` picks one.
 */
export async function withChatOAuth(config: HostConfig, auth: AuthSettings): Promise<HostConfig> {
  const forOneServer = auth.clientId !== undefined || auth.dpop || auth.scopes.length > 0;
  const http = config.servers.filter((server) => server.type !== 'stdio');
  if (forOneServer && http.length > 1)
    throw new UsageError(
      `--client-id, the grant flags, --dpop and --scope are for one server, and this config has ${String(http.length)} at a URL (${http.map((s) => s.name).join(', ')}): choose one with --server NAME`,
      'chat',
    );
  return { ...config, servers: await Promise.all(config.servers.map((server) => withOAuth(server, auth))) };
}
