/**
 * The close bookkeeping both faces' stream writers share: open until closed,
 * listeners called once on close, and a listener added after the close
 * called at once.
 *
 * @module
 */

/** Open-until-closed state with its listeners. */
export class CloseListeners {
  #listeners: (() => void)[] = [];
  #open = true;

  /** True until {@link close}. */
  get open(): boolean {
    return this.#open;
  }

  /** Calls `listener` on close (at once if already closed). */
  add(listener: () => void): void {
    if (this.#open) this.#listeners.push(listener);
    else listener();
  }

  /** Closes (idempotent) and calls every listener once. */
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const l of listeners) l();
  }
}
