/**
 * The stateless era (2026-07-28): every request carries its revision, client
 * capabilities and client info in `_meta`; the server checks them, answers
 * `server/discover` and `subscriptions/listen`, serves input requests by
 * replay, and stamps every result with `resultType`, `serverInfo` and, where
 * cacheable, cache hints.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import type { RequestEntry } from '../protocol/methodTable.js';
import type { Result, SubscriptionFilter } from '../protocol/types/index.js';
import { type Revision } from '../protocol/versions.js';
import type { ServerHost } from './host.js';
import type { MethodHandler } from './middleware.js';
import { type Caller } from './scope.js';
/** The revisions of the stateless era that the server speaks. */
export declare function statelessRevisions(host: ServerHost): Revision[];
/** Reads and checks the request `_meta` of 2026-07-28; throws the spec's error for each defect. */
export declare function statelessCaller(host: ServerHost, meta: Readonly<Record<string, unknown>> | undefined, rpc: RequestContext): Caller;
/** Adds `resultType`, `serverInfo` and, on complete cacheable results, the cache hints. */
export declare function decorate(host: ServerHost, method: string, entry: RequestEntry, value: Result): Record<string, unknown>;
/** Serves a method that may answer `input_required`: replays the handler with the answers so far. */
export declare function runWithReplay(host: ServerHost, rpc: RequestContext, caller: Caller, method: string, params: Readonly<Record<string, unknown>>, meta: Readonly<Record<string, unknown>> | undefined, core: MethodHandler): Promise<Result>;
/** The `server/discover` result. */
export declare function discover(host: ServerHost): MethodHandler;
/** The part of a filter the server honours: only what its capabilities offer. */
export declare function honoured(host: ServerHost, filter: SubscriptionFilter): SubscriptionFilter;
/**
 * `subscriptions/listen`: acknowledges first (with the honoured filter), then
 * delivers the requested notifications tagged with the subscription id until
 * the client cancels; at shutdown, ends with `notifications/cancelled` and a
 * complete result.
 */
export declare function listen(host: ServerHost, rpc: RequestContext): MethodHandler;
//# sourceMappingURL=stateless.d.ts.map