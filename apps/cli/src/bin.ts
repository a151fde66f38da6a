/**
 * The executable entry: `node dist/bin.js <args>`. No top-level await: a
 * server runs until its transport closes, and an unsettled top-level await
 * would turn a normal exit into exit code 13.
 *
 * When the command's work is done the process ends, whatever is still
 * pending: every command resolves `main` only once it is finished (a server
 * when it stops serving), so a handle left open by a failure on some path (a
 * listener, a socket, a timer) must not keep a finished command running past
 * its answer and its `--timeout`. The process normally exits by itself at
 * once; the unref'd timer fires only when something dangles.
 *
 * @module
 */
import { main } from './main.js';

/** How long a finished command's pending cleanups may run before the process ends anyway, ms. */
const EXIT_GRACE_MS = 1000;

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  setTimeout(() => {
    // Flushed first: on some platforms a pipe's writes are asynchronous.
    process.stdout.write('', () => {
      process.stderr.write('', () => {
        process.exit(code);
      });
    });
  }, EXIT_GRACE_MS).unref();
});
