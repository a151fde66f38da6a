/**
 * MCP's spelling of cancellation and progress, handed to the JSON-RPC engine.
 *
 * @module
 */
import type { CancellationConvention, ProgressConvention } from '../jsonrpc/conventions.js';
/** `notifications/cancelled { requestId, reason? }`. */
export declare const mcpCancellation: CancellationConvention;
/** `notifications/progress { progressToken, progress, total?, message? }`, token in `params._meta.progressToken`. */
export declare const mcpProgress: ProgressConvention;
//# sourceMappingURL=conventions.d.ts.map