/**
 * The floor of the zod pair: `node` importing zod, the same schema, and a
 * hand-written stdio loop (newline-delimited JSON, one write per reply) that
 * checks the echo's arguments with it. No library can start with less.
 */
import { z } from 'zod';
import { answer } from '../servers/raw-protocol.mjs';
import { serveLines } from '../servers/raw-lines.mjs';

const input = z.object({ message: z.string() });

function reply(msg) {
  if (msg.method === 'tools/call' && msg.id !== undefined && !input.safeParse(msg.params?.arguments).success) {
    return { jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'Invalid arguments' }], isError: true } };
  }
  return answer(msg);
}

serveLines(reply);
