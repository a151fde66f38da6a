/**
 * The hand-written baseline's stdio framing, shared by the raw stdio server
 * and the zod floor: newline-delimited JSON on stdin, one `write` per reply
 * (what a simple hand-written loop does). Kept apart from raw-protocol.mjs,
 * which the HTTP face uses too and which knows nothing of stdin.
 */
const PARSE_ERROR = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n';

/**
 * Reads messages from stdin until it ends, then exits. `reply(msg)` returns
 * the answer object, or undefined for a notification. A line that is not JSON
 * gets a parse error with `id: null`, as JSON-RPC 2.0 requires.
 */
export function serveLines(reply) {
  let buffer = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim() === '') continue;
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        process.stdout.write(PARSE_ERROR);
        continue;
      }
      const out = reply(msg);
      if (out !== undefined) process.stdout.write(`${JSON.stringify(out)}\n`);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
