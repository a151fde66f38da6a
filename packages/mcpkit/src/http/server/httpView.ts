/**
 * What the handler reads of the server it serves: an `McpServer`'s own view
 * (its revisions, principals and tool schemas), or, for any other
 * {@link SessionServer}, what it declares and the defaults.
 *
 * @module
 */
import { REVISIONS } from '../../protocol/versions.js';
import { defaultPrincipal } from '../../server/authInfo.js';
import type { McpServer } from '../../server/server.js';
import type { ServerView } from '../../server/serverView.js';
import type { HttpServerView } from './handlerScope.js';
import type { SessionServer } from './sessionServer.js';

/** The view of `server`; `full` is an `McpServer`'s own view, when it is one. */
export function httpView(server: SessionServer, full: ServerView | undefined): HttpServerView {
  if (full !== undefined)
    return {
      revisions: full.revisions,
      principal: (auth) => full.principal(auth),
      inputSchema: (tool) => full.tools.get(tool)?.wire.inputSchema,
    };
  return {
    revisions: server.revisions ?? REVISIONS,
    principal: (auth) => (server.principal === undefined ? defaultPrincipal(auth) : server.principal(auth)),
    // A server that relays knows no schemas: the server it relays to checks its own headers.
    inputSchema: () => undefined,
  };
}

/** True if `server` is an `McpServer`: its own view was found (`findServerView`). */
export function isMcpServer(server: SessionServer, full: ServerView | undefined): server is McpServer<unknown> {
  return full !== undefined;
}
