/**
 * The error for a tool or prompt the server does not have (exit 3), naming
 * the closest ones it does.
 *
 * @module
 */
import { CliError, ExitCode } from '../exitCodes.js';

/** "the server has no tool x (did you mean y?)". */
export function noSuch(kind: string, name: string, known: readonly string[]): CliError {
  const lower = name.toLowerCase();
  const close = known.filter(
    (k) => k.toLowerCase().includes(lower) || lower.includes(k.toLowerCase()) || distance(k.toLowerCase(), lower) <= 2,
  );
  const hint =
    close.length > 0
      ? ` (did you mean ${close.slice(0, 3).join(', ')}?)`
      : known.length > 0
        ? ` (it has: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', …' : ''})`
        : ` (it has no ${kind}s)`;
  return new CliError(ExitCode.Server, `the server has no ${kind} ${JSON.stringify(name)}${hint}`);
}

/** Edit distance, for suggestions. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
