/**
 * Where the CLI writes: the process's streams, or a test's buffers.
 *
 * @module
 */

/** The CLI's output channels. */
export interface Io {
  /** Results and help. */
  stdout(text: string): void;
  /** Diagnostics. In stdio serving mode, the only channel besides the protocol. */
  stderr(text: string): void;
}

/** The process's own stdout and stderr. */
export const PROCESS_IO: Io = {
  stdout: (text) => {
    process.stdout.write(text);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
};
