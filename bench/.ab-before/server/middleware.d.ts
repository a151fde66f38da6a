/**
 * Middleware: plain functions around every request. A middleware takes the
 * next handler and returns a handler; composition is function application, so
 * there are no hooks to learn and nothing runs that the chain does not call.
 *
 * @module
 */
import type { Result } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
/** A request as middleware sees it. */
export interface ServerRequest {
    readonly method: string;
    readonly params: Readonly<Record<string, unknown>>;
}
/** Handles one request and produces its result. */
export type MethodHandler = (request: ServerRequest, ctx: ServerContext) => Promise<Result>;
/** Wraps a handler: logging, auth, rate limits, caching. */
export type Middleware = (next: MethodHandler) => MethodHandler;
/** Applies `middleware` around `handler`; the first in the list is the outermost. */
export declare function compose(middleware: readonly Middleware[], handler: MethodHandler): MethodHandler;
//# sourceMappingURL=middleware.d.ts.map