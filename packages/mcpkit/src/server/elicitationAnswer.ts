/**
 * `ctx.elicit` checks what comes back: an accepted form answer that breaks the
 * form's own `requestedSchema` (a number over its maximum, a string where a
 * list was asked, an invalid email) is not handed to the tool as valid. The
 * tool gets an {@link ElicitationAnswerError} instead — a `ToolError`, so a
 * tool that does not catch it fails with a message the model can read.
 *
 * @module
 */
import type { ElicitParams, ElicitResult } from '../protocol/types/index.js';
import { formatIssues, type Issue, type JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';
import { checkFormAnswer } from '../schema/formAnswer.js';
import { ToolError } from './tools.js';

/** Thrown by `ctx.elicit` when the client accepted a form with values the form does not allow. */
export class ElicitationAnswerError extends ToolError {
  /** What is wrong, per field (JSON Pointers into `content`). */
  readonly issues: readonly Issue[];
  /** The values the client sent, unchecked: for logging, never to be trusted. */
  readonly content: unknown;

  constructor(message: string, issues: readonly Issue[], content: unknown) {
    super(message);
    this.name = 'ElicitationAnswerError';
    this.issues = issues;
    this.content = content;
  }
}

/** Returns `result` if it is not an accepted form, or if its content fits the form; throws otherwise. */
export async function checkedAnswer(
  params: ElicitParams,
  result: ElicitResult,
  validator: JsonSchemaValidator | undefined,
): Promise<ElicitResult> {
  if (params.mode === 'url' || result.action !== 'accept') return result;
  const verdict = await checkFormAnswer(params.requestedSchema, result.content, validator);
  if (verdict.ok) return result;
  throw new ElicitationAnswerError(
    `The answer to the form does not match what it asked: ${formatIssues(verdict.issues)}`,
    verdict.issues,
    result.content,
  );
}
