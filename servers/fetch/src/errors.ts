/**
 * The fetch server's failures: each message is what the model sees.
 *
 * @module
 */

/** A fetch that failed; the message is the official server's text where it has one. */
export class FetchFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchFailure';
  }
}

/** A fetch refused before or while connecting, because of where it would go. */
export class FetchRefused extends FetchFailure {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}
