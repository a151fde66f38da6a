/**
 * The types of the generic `McpClient.request`: MCP methods typed from the
 * method table, vendor methods open.
 *
 * @module
 */
import type { ClientRequestMethod, ParamsOf, RequestMethod, ResultOf } from '../protocol/methods.js';
import type { Result } from '../protocol/types/index.js';
/** Methods the generic `request` sends (the lifecycle ones are the client's own). */
export type ClientMethod = Exclude<ClientRequestMethod, 'initialize' | 'subscriptions/listen'>;
/** The params of `request(method)`: typed for MCP methods, an open object for others. */
export type RequestParamsOf<M extends string> = M extends RequestMethod ? ParamsOf<M> : Readonly<Record<string, unknown>>;
/** The result of `request(method)`. */
export type RequestResultOf<M extends string> = M extends RequestMethod ? ResultOf<M> : Result;
//# sourceMappingURL=requestTypes.d.ts.map