/**
 * Completion of prompt arguments and template variables
 * (`completion/complete`), with the values of earlier arguments as context.
 *
 * @module
 */
import type { CompleteResult } from '../protocol/types/index.js';

/** What a completer knows besides the partial value. */
export interface CompletionContext {
  /** Values of the other arguments the user already filled in. */
  readonly arguments: Readonly<Record<string, string>>;
}

/** Suggests values for one argument, given what the user typed so far. */
export type Completer = (value: string, context: CompletionContext) => readonly string[] | Promise<readonly string[]>;

/** The spec caps one completion response at 100 values. */
const MAX_VALUES = 100;

/** Runs a completer and shapes its answer: at most 100 values, with `total` and `hasMore`. */
export async function complete(
  completer: Completer | undefined,
  value: string,
  context: CompletionContext,
): Promise<CompleteResult> {
  if (completer === undefined) return { completion: { values: [] } };
  const all = await completer(value, context);
  const values = all.slice(0, MAX_VALUES);
  return { completion: { values, total: all.length, hasMore: all.length > MAX_VALUES } };
}

/** A completer over a fixed list: the entries that start with what was typed (case-insensitive). */
export function completeFrom(options: readonly string[]): Completer {
  return (value) => {
    const prefix = value.toLowerCase();
    return options.filter((o) => o.toLowerCase().startsWith(prefix));
  };
}
