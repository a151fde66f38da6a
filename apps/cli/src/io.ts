/**
 * Where the CLI writes and asks: the process's streams and terminal, or a
 * test's buffers and scripted answers.
 *
 * @module
 */
import { createInterface } from 'node:readline';

/** The CLI's channels. */
export interface Io {
  /** Results and help. */
  stdout(text: string): void;
  /** Diagnostics, progress, server logs. In stdio serving mode, the only channel besides the protocol. */
  stderr(text: string): void;
  /**
   * Asks the user one question at the terminal (the prompt goes to stderr) and
   * resolves with the answer, or undefined at end of input. Absent when stdin
   * is not a terminal: then nobody can answer, and the CLI declines. An
   * aborted `signal` withdraws the question (it then resolves undefined).
   */
  readonly ask?: (question: string, signal?: AbortSignal) => Promise<string | undefined>;
  /** True when stderr is a terminal (progress may redraw one line). */
  readonly stderrIsTty?: boolean;
  /** The terminal's width in columns, when stdout is one (human tables are fitted to it). */
  readonly columns?: number;
}

/** Asks on the process's terminal: one readline per question, so nothing keeps stdin open in between. */
function askAtTerminal(question: string, signal?: AbortSignal): Promise<string | undefined> {
  if (signal?.aborted === true) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    let answered = false;
    const withdraw = (): void => {
      rl.close();
    };
    signal?.addEventListener('abort', withdraw, { once: true });
    rl.once('close', () => {
      signal?.removeEventListener('abort', withdraw);
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    rl.once('close', () => {
      if (!answered) resolve(undefined);
    });
    // Ctrl-C at a question interrupts the command, as it does anywhere else.
    rl.once('SIGINT', () => {
      rl.close();
      process.emit('SIGINT');
    });
  });
}

/** The process's own stdout, stderr and terminal. */
export const PROCESS_IO: Io = {
  stdout: (text) => {
    process.stdout.write(text);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
  ...(process.stdin.isTTY && { ask: askAtTerminal }),
  stderrIsTty: process.stderr.isTTY,
  ...(process.stdout.isTTY && { columns: process.stdout.columns }),
};
