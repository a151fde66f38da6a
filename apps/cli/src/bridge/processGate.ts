/**
 * How many server processes `bridge --http` runs for sessions at once. Each
 * handshake-era session holds a slot from before its process starts until
 * its relay closes (the session ended, was reaped idle, or its process
 * could not be kept running); at the cap a new session is refused with 503
 * and `Retry-After` rather than starting a process, and rather than evicting
 * another client's session.
 *
 * @module
 */
import { HttpError } from 'mcpkit/http';

/** Slots for session processes. */
export class ProcessGate {
  readonly #max: number;
  #used = 0;

  constructor(max: number) {
    this.#max = max;
  }

  /** Takes a slot, or throws the 503 the client gets; the returned function gives it back (once). */
  acquire(): () => void {
    if (this.#used >= this.#max)
      throw HttpError.unavailable(
        `Service Unavailable: this bridge runs at most ${this.#max} server processes at once (--max-processes); ` +
          'try again when a session ends',
      );
    this.#used++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#used--;
    };
  }
}
