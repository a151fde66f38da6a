/**
 * The command line run in-process for tests: what it wrote to stdout and
 * stderr, and its exit code.
 *
 * @module
 */
import { main, type Io } from '../../src/main.js';

/** An `Io` that keeps everything written to it. */
function capture(): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}

/** Runs `mcpkit ...argv` and resolves with its exit code and output. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}
