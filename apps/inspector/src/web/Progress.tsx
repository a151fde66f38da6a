/**
 * A running request: a progress bar (when the server reports progress) and
 * a Cancel button.
 *
 * @module
 */
import type { JSX } from 'preact';
import type { RequestState } from './useRequest.js';

/** Shown while `state` runs. */
export function Running({ state }: { readonly state: RequestState }): JSX.Element | null {
  if (!state.running) return null;
  const p = state.progress;
  return (
    <div class="running" role="status">
      {p === undefined ? (
        <progress aria-label="Progress" />
      ) : (
        <progress aria-label="Progress" value={p.progress} max={p.total ?? p.progress + 1} />
      )}
      {p?.message === undefined ? null : <span>{p.message}</span>}
      <button
        type="button"
        onClick={() => {
          state.cancel();
        }}
      >
        Cancel
      </button>
    </div>
  );
}
