// The client checks an accepted form answer before sending it (elicitation.mdx:
// clients SHOULD validate): an application handler that answers with values
// the form does not allow gets an error it can see, and nothing is sent.
import { describe, expect, it } from 'vitest';
import type { LocalError } from '../../src/jsonrpc/localError.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, expectRpcError } from '../helpers.js';
import { link } from './harness.js';

const FORM = {
  type: 'object',
  properties: { email: { type: 'string', format: 'email' }, age: { type: 'integer', maximum: 150 } },
  required: ['email'],
} as const;

function server(seen: unknown[]): McpServer {
  const s = new McpServer({ name: 'check', version: '1' });
  s.tool({ name: 'form' }, async (_a, ctx) => {
    try {
      return JSON.stringify(await ctx.elicit({ message: 'Who?', requestedSchema: FORM }));
    } catch (error) {
      seen.push(error);
      throw error;
    }
  });
  return s;
}

const invalid = { elicitation: { form: () => ({ action: 'accept' as const, content: { email: 'nope', age: 999 } }) } };

describe('the client checks form answers before sending', () => {
  it('stateless era: the call fails with INVALID_ARGUMENT naming the fields, and no answer is sent', async () => {
    const seen: unknown[] = [];
    const { client, close } = await link(server(seen), { era: 'stateless', handlers: invalid });
    const error = await expectLocalError(client.callTool({ name: 'form' }), 'INVALID_ARGUMENT');
    expect(error.message).toMatch(/\/email.*\/age|\/age.*\/email/);
    // The handler never ran to the point of getting an answer.
    expect(seen).toEqual([]);
    await close();
  });

  it('handshake era: the application hears why through onError; the server only that the client could not answer', async () => {
    const seen: unknown[] = [];
    const errors: LocalError[] = [];
    const { client, close } = await link(server(seen), {
      era: 'handshake',
      handlers: invalid,
      onError: (e) => errors.push(e),
    });
    // The server's ctx.elicit rejects with the client's JSON-RPC error, which the tool lets through.
    const failure = await expectRpcError(client.callTool({ name: 'form' }), -32603);
    expect(failure.message).toBe('The client could not answer elicitation/create');
    expect(errors.map((e) => e.code)).toEqual(['INVALID_ARGUMENT']);
    expect(errors[0]?.message).toContain('/email');
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen[0])).not.toContain('nope');
    await close();
  });

  it('sends a valid answer, with the defaults filled, as before', async () => {
    const { client, close } = await link(server([]), {
      handlers: { elicitation: { form: () => ({ action: 'accept', content: { email: 'ada@example.com' } }) } },
    });
    const result = await client.callTool({ name: 'form' });
    expect(result.content).toEqual([{ type: 'text', text: '{"action":"accept","content":{"email":"ada@example.com"}}' }]);
    await close();
  });
});
