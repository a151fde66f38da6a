/**
 * Small expectations for MCP results, independent of any test runner: each
 * throws an {@link AssertionError} that says what came back instead, and
 * returns what the test most likely checks next.
 *
 * @module
 */
import { RpcError } from '../jsonrpc/index.js';
import type { CallToolResult } from '../protocol/index.js';
import { AssertionError } from './assertionError.js';

/** What a text is checked against: the exact text, or a pattern it must match. */
export type TextMatcher = string | RegExp;

/**
 * The text of a tool result: its text blocks joined with newlines. Fails when
 * the result has no text block at all.
 */
export function toolText(result: CallToolResult): string {
  const texts = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  if (texts.length === 0)
    throw new AssertionError(
      `Expected a text block in the tool result, got ${result.content.length === 0 ? 'no content' : `only ${result.content.map((b) => b.type).join(', ')}`}`,
    );
  return texts.join('\n');
}

/**
 * Expects a tool result that is not an error (optionally with this text) and
 * returns its text (empty when it has no text block, say a structured-only
 * result). A tool error fails with the tool's own message.
 */
export function expectToolResult(result: CallToolResult, text?: TextMatcher): string {
  if (result.isError === true) throw new AssertionError(`Expected the tool to succeed; it failed: ${describe(result)}`);
  const actual = result.content.some((b) => b.type === 'text') ? toolText(result) : '';
  if (text !== undefined) checkText(actual, text, 'tool result');
  return actual;
}

/** Expects a tool result with `isError: true` (optionally with this text) and returns its text. */
export function expectToolError(result: CallToolResult, text?: TextMatcher): string {
  if (result.isError !== true) throw new AssertionError(`Expected the tool to fail; it succeeded: ${describe(result)}`);
  const actual = toolText(result);
  if (text !== undefined) checkText(actual, text, 'tool error');
  return actual;
}

/**
 * Expects `promise` to reject with a JSON-RPC error of `code` (optionally
 * with this message) and returns the error, for a look at its `data`.
 */
export async function expectRpcError(promise: Promise<unknown>, code: number, message?: TextMatcher): Promise<RpcError> {
  let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await promise };
  } catch (error) {
    outcome = { ok: false, error };
  }
  if (outcome.ok)
    throw new AssertionError(`Expected a JSON-RPC error ${String(code)}; the call succeeded with ${preview(outcome.value)}`);
  const error = outcome.error;
  if (!(error instanceof RpcError))
    throw new AssertionError(`Expected a JSON-RPC error ${String(code)}; the call failed with ${String(error)}`);
  if (error.code !== code)
    throw new AssertionError(`Expected JSON-RPC error ${String(code)}, got ${String(error.code)}: ${error.message}`, {
      actual: error.code,
      expected: code,
    });
  if (message !== undefined) checkText(error.message, message, `error ${String(code)}'s message`);
  return error;
}

function checkText(actual: string, expected: TextMatcher, what: string): void {
  const ok = typeof expected === 'string' ? actual === expected : expected.test(actual);
  if (!ok)
    throw new AssertionError(
      `Expected the ${what} ${typeof expected === 'string' ? 'to be' : 'to match'} ${typeof expected === 'string' ? JSON.stringify(expected) : String(expected)}, got ${JSON.stringify(actual)}`,
      { actual, expected: typeof expected === 'string' ? expected : String(expected) },
    );
}

function describe(result: CallToolResult): string {
  const texts = result.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
  return texts.length > 0 ? JSON.stringify(texts.join('\n')) : preview(result);
}

function preview(value: unknown): string {
  let text: string;
  try {
    // JSON.stringify has no text for these (it returns undefined, though typed string).
    const unwritable = value === undefined || typeof value === 'function' || typeof value === 'symbol';
    text = unwritable ? String(value) : JSON.stringify(value);
  } catch {
    text = String(value); // a cycle, a bigint
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
