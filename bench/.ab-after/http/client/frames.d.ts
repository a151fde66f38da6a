/**
 * Turning received text into frames for the connection. The transports parse
 * JSON themselves (they must look inside: response ids, the negotiated
 * revision, tool annotations), and hand the parsed value over; text that is not
 * a JSON object or array goes over as is, so the connection reports it exactly
 * as it reports malformed input on any other transport.
 *
 * @module
 */
import type { Frame } from '../../jsonrpc/transport.js';
/** The parsed message (or batch) in `text`, or the text itself when it is not one. */
export declare function toFrame(text: string): Frame;
//# sourceMappingURL=frames.d.ts.map