import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';
/** Finds a tool's input schema (for `x-mcp-header`). */
export type InputSchemaLookup = (tool: string) => unknown;
/** -32602 unless the request `_meta` carries a well-formed revision, capabilities and (optional) client info and log level. */
export declare function checkEnvelope(params: unknown): HttpError | undefined;
/** Every HTTP-level check of a 2026-07-28 request, in the order the errors are reported. */
export declare function checkStatelessRequest(message: Readonly<Record<string, unknown>>, req: HttpRequestInfo, inputSchema: InputSchemaLookup): HttpError | undefined;
/** The check of a 2026-07-28 notification: only a present `Mcp-Method` must agree. */
export declare function checkStatelessNotification(message: Readonly<Record<string, unknown>>, req: HttpRequestInfo): HttpError | undefined;
//# sourceMappingURL=statelessChecks.d.ts.map