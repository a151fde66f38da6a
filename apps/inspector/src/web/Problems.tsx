/**
 * What is wrong with a form's input, listed above its buttons and announced
 * to screen readers; nothing when all is well.
 *
 * @module
 */
import type { JSX } from 'preact';

/** The problems, one per line, or nothing when there are none. */
export function Problems({ problems }: { readonly problems: readonly string[] }): JSX.Element | null {
  if (problems.length === 0) return null;
  return (
    <ul class="problems" role="alert">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}
