/**
 * Checking a tool result against the tool's `outputSchema` (2025-06-18+).
 * Strict mode rejects a result that breaks the schema; lenient mode keeps it
 * and attaches the issues. A result with `isError: true` is the tool reporting
 * a failure and is never checked, and nothing is checked before 2025-06-18.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { CallToolResult } from '../protocol/types/index.js';
import { type Revision } from '../protocol/versions.js';
import { type Issue } from '../schema/jsonSchemaValidator.js';
import type { ToolCatalog } from './toolCatalog.js';
/** A tool result, with the output-schema issues found in lenient mode. */
export interface CallToolOutcome extends CallToolResult {
    /**
     * Lenient mode only: how `structuredContent` breaks the tool's
     * `outputSchema`. Absent when it conforms (or nothing was checked).
     */
    readonly outputIssues?: readonly Issue[];
}
/** How to check. */
export interface OutputCheck {
    readonly catalog: ToolCatalog;
    readonly mode: 'strict' | 'lenient';
    /** Lists every tool, so the catalog learns a schema it has not seen. */
    readonly listAll: () => Promise<unknown>;
    /** Receives a listing failure (the result is then returned unchecked: an unknown schema is not a broken one). */
    readonly report: (error: LocalError) => void;
    /** The negotiated revision: structured content exists from 2025-06-18. */
    readonly revision: Revision;
}
/** Checks `result` of tool `name`; see the module note. */
export declare function checkToolOutput(name: string, result: CallToolResult, check: OutputCheck): Promise<CallToolOutcome>;
//# sourceMappingURL=toolOutput.d.ts.map