/**
 * Baseline: a hand-written JSON-RPC echo server on stdio, newline-delimited
 * JSON, one write per reply (what a simple hand-written loop does).
 */
import '../lib/stats.mjs';
import { answer } from './raw-protocol.mjs';

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
      process.stdout.write('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}\n');
      continue;
    }
    const reply = answer(msg);
    if (reply !== undefined) process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
});
process.stdin.on('end', () => process.exit(0));
