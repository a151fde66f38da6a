/**
 * Progress notifications on stderr: one redrawn line on a terminal, one line
 * per update otherwise.
 *
 * @module
 */
import type { ProgressParams } from 'mcpkit/protocol';
import type { Io } from '../io.js';

/** Reports progress to `io.stderr`; `done()` ends a redrawn line. */
export function progressReporter(io: Io): { readonly report: (p: ProgressParams) => void; readonly done: () => void } {
  let drawn = false;
  return {
    report: (p) => {
      const amount = p.total === undefined ? String(p.progress) : `${String(p.progress)}/${String(p.total)}`;
      const line = `progress ${amount}${p.message === undefined ? '' : `: ${p.message}`}`;
      if (io.stderrIsTty === true) {
        io.stderr(`\r\x1b[K${line}`);
        drawn = true;
      } else io.stderr(`${line}\n`);
    },
    done: () => {
      if (drawn) io.stderr('\n');
      drawn = false;
    },
  };
}
