/**
 * The one way past `McpServer`'s public surface: the layers that serve a
 * server (the HTTP handler needs its revisions, principals and tool schemas)
 * and the tests read its `ServerView` here. `McpServer` keeps the view in a
 * private field and hands this module a reader once, when its class is
 * defined. A module of its own, with nothing to load, so that `mcpkit/http`
 * can ask without pulling the server into its import graph.
 *
 * @internal
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { ServerView } from './serverView.js';

let reader: ((server: object) => ServerView | undefined) | undefined;

/** @internal Called once, by `McpServer`'s class definition. */
export function grantViewReader(read: (server: object) => ServerView | undefined): void {
  reader = read;
}

/** @internal The `ServerView` of an `McpServer`; undefined for anything else (another `SessionServer` of mcpkit/http). */
export function findServerView(server: object): ServerView | undefined {
  return reader?.(server);
}

/** @internal The `ServerView` of an `McpServer`; throws for anything else. */
export function serverViewOf(server: object): ServerView {
  const view = reader?.(server);
  if (view === undefined) throw new LocalError('INVALID_ARGUMENT', 'Not an McpServer');
  return view;
}
