/**
 * The floor of the zod pair: `node` importing zod, the same schema, and a
 * hand-written stdio loop (newline-delimited JSON, one write per reply) that
 * checks the echo's arguments with it. No library can start with less.
 */
import { z } from 'zod';
import { answer } from '../servers/raw-protocol.mjs';

const input = z.object({ message: z.string() });

function reply(msg) {
  if (msg.method === 'tools/call' && msg.id !== undefined && !input.safeParse(msg.params?.arguments).success) {
    return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'Invalid arguments' }], isError: true } };
  }
  return answer(msg);
}

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
      process.stdout.write('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n');
      continue;
    }
    const out = reply(msg);
    if (out !== undefined) process.stdout.write(`${JSON.stringify(out)}\n`);
  }
});
process.stdin.on('end', () => process.exit(0));
