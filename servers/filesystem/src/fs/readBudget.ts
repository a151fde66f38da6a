/**
 * The bytes one tool call may read, all its files together. Each read takes
 * its share before it reads (from the file's size, so eight parallel reads
 * never hold more than the budget between them), and a call that would go
 * past it fails as a whole: one `read_multiple_files` answered 485 MB before
 * there was a budget.
 *
 * @module
 */
import { ToolError } from 'mcpkit/server';

/** The failure of a call that went past its budget: not one file's error, the call's. */
export class OverBudget extends ToolError {}

/** What is left of one call's budget. */
export class ReadBudget {
  readonly #max: number;
  #left: number;

  constructor(max: number) {
    this.#max = max;
    this.#left = max;
  }

  /** True once a read was refused: the call is failing, nothing more need be read. */
  get spent(): boolean {
    return this.#left < 0;
  }

  /** Takes `bytes` for reading `path`; throws {@link OverBudget} if the call would go past its budget. */
  take(path: string, bytes: number): void {
    if (bytes <= this.#left) {
      this.#left -= bytes;
      return;
    }
    this.#left = -1;
    throw new OverBudget(
      `Reading ${path} (${bytes} bytes) would take this call past ${this.#max} bytes, the most one call reads ` +
        '(--max-read-size): read fewer files at a time, or parts of them with head or tail',
    );
  }
}
