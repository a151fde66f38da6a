/**
 * The state behind `everything://clock`: a counter that advances only when
 * asked (`touch_clock`), so subscribers see an update they caused, and tests
 * see deterministic content.
 *
 * @module
 */

/** The URI of the clock resource. */
export const CLOCK_URI = 'everything://clock';

/** A counter with a change callback. */
export class Clock {
  #tick = 0;
  readonly #onChange: () => void;

  /** @param onChange called after every change (the server notifies subscribers). */
  constructor(onChange: () => void) {
    this.#onChange = onChange;
  }

  /** The current tick. */
  get tick(): number {
    return this.#tick;
  }

  /** Advances one tick; returns the new one. */
  touch(): number {
    this.#tick++;
    this.#onChange();
    return this.#tick;
  }

  /** Back to zero. */
  reset(): void {
    this.#tick = 0;
    this.#onChange();
  }

  /** The resource's text. */
  render(): string {
    return JSON.stringify({ tick: this.#tick });
  }
}
