/**
 * The executable entry: `node dist/bin.js <args>`. No top-level await: a
 * server runs until its transport closes, and an unsettled top-level await
 * would turn a normal exit into exit code 13.
 *
 * @module
 */
import { main } from './main.js';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
