/**
 * Logging: server log messages for the client. Deprecated in 2026-07-28,
 * where a request opts in with `_meta["io.modelcontextprotocol/logLevel"]`
 * instead of `logging/setLevel`.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/logging
 * @module
 */
import type { LoggingLevel, NotificationParams, RequestParams, Result } from './base.js';
/** Params of `logging/setLevel` (≤ 2025-11-25). */
export interface SetLevelParams extends RequestParams {
    /** Send messages at this level and above. */
    readonly level: LoggingLevel;
}
/** Result of `logging/setLevel`. */
export type SetLevelResult = Result;
/** Params of `notifications/message`. */
export interface LoggingMessageParams extends NotificationParams {
    /** Severity. */
    readonly level: LoggingLevel;
    /** The logger that issued it. */
    readonly logger?: string;
    /** The message: a string or any JSON value. */
    readonly data: unknown;
}
//# sourceMappingURL=logging.d.ts.map