/**
 * The `data` of the MCP errors that define one, keyed by error code.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes
 * @module
 */
import type { ClientCapabilities } from './capabilities.js';
import type { ElicitUrlParams } from './elicitation.js';
/** `data` of -32022 UnsupportedProtocolVersion (2026-07-28+). */
export interface UnsupportedProtocolVersionData {
    /** The revisions the server speaks; the client retries with one of them. */
    readonly supported: readonly string[];
    /** The revision the request named. */
    readonly requested: string;
}
/** `data` of -32021 MissingRequiredClientCapability (2026-07-28+). */
export interface MissingRequiredClientCapabilityData {
    /** The client capabilities the server needs for this request. */
    readonly requiredCapabilities: ClientCapabilities;
}
/** `data` of -32042 UrlElicitationRequired (2025-11-25 only). */
export interface UrlElicitationRequiredData {
    /** The URL-mode elicitations to complete before retrying. */
    readonly elicitations: readonly ElicitUrlParams[];
    /** Other members the server adds. */
    readonly [key: string]: unknown;
}
/** Error code → the type of its `data`. */
export interface ErrorDataMap {
    /** UnsupportedProtocolVersion. */
    readonly [-32022]: UnsupportedProtocolVersionData;
    /** MissingRequiredClientCapability. */
    readonly [-32021]: MissingRequiredClientCapabilityData;
    /** UrlElicitationRequired. */
    readonly [-32042]: UrlElicitationRequiredData;
}
/** An MCP error object whose `data` is typed by its code. */
export interface TypedErrorObject<C extends keyof ErrorDataMap> {
    /** The error code. */
    readonly code: C;
    /** One concise sentence. */
    readonly message: string;
    /** The code's data. */
    readonly data: ErrorDataMap[C];
}
//# sourceMappingURL=errors.d.ts.map