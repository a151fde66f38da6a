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
import { isAtLeast, type Revision } from '../protocol/versions.js';
import { formatIssues, type Issue } from '../schema/jsonSchemaValidator.js';
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
  /** Lists every tool, so the catalog learns a schema it has not seen (concurrent checks share one listing). */
  readonly listAll: () => Promise<unknown>;
  /** Receives a listing failure (the result is then returned unchecked: an unknown schema is not a broken one). */
  readonly report: (error: LocalError) => void;
  /** The negotiated revision: structured content exists from 2025-06-18. */
  readonly revision: Revision;
}

/** Checks `result` of tool `name`; see the module note. */
export async function checkToolOutput(name: string, result: CallToolResult, check: OutputCheck): Promise<CallToolOutcome> {
  // Before 2025-06-18 there is no structured content to check (a server may still list output schemas).
  if (result.isError === true || !isAtLeast(check.revision, '2025-06-18')) return result;
  const { catalog } = check;
  // The schema comes from the last listing; list first when this tool was never seen (or join the listing under way).
  if (catalog.get(name) === undefined && !catalog.listed) {
    try {
      await catalog.listOnce(check.listAll);
    } catch (error) {
      check.report(new LocalError('PROTOCOL_VIOLATION', `Could not list tools to check the output of ${name}`, { cause: error }));
      return result;
    }
  }
  const tool = catalog.get(name);
  if (tool === undefined) return result;
  const issues = await catalog.check(tool, result);
  if (issues.length === 0) return result;
  if (check.mode === 'lenient') return { ...result, outputIssues: issues };
  throw new LocalError(
    'PROTOCOL_VIOLATION',
    `Tool ${name} returned structuredContent that breaks its outputSchema: ${formatIssues(issues)}`,
  );
}
