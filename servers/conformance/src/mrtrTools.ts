/**
 * The 2026-07-28 multi round-trip tools (`input-required-result-*`
 * scenarios): each asks for input with the key the suite expects.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';
import { NAME_SCHEMA, NO_ARGS, nameOf, replyText, text } from './shared.js';

/** Registers the MRTR tools. */
export function inputRequiredTools(server: McpServer): void {
  server.tool(
    { name: 'test_input_required_result_elicitation', description: 'MRTR: one elicitation', input: NO_ARGS },
    async (_args, ctx) => {
      const answer = await ctx.elicit({ message: 'What is your name?', requestedSchema: NAME_SCHEMA }, { key: 'user_name' });
      return text(`Hello, ${nameOf(answer, 'name')}!`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_sampling', description: 'MRTR: one sampling request', input: NO_ARGS },
    async (_args, ctx) => {
      const reply = await ctx.sample(
        { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
        { key: 'capital_question' },
      );
      return text(`Sampling response: ${replyText(reply)}`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_list_roots', description: 'MRTR: roots', input: NO_ARGS },
    async (_args, ctx) => {
      const { roots } = await ctx.listRoots({ key: 'client_roots' });
      return text(`Roots: ${roots.map((r) => r.uri).join(', ')}`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_request_state', description: 'MRTR: requestState round trip', input: NO_ARGS },
    async (_args, ctx) => {
      const answer = await ctx.elicit(
        {
          message: 'Please confirm',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        },
        { key: 'confirm' },
      );
      // Reaching here on a retry means the sealed requestState verified (a bad one is -32602 before the handler runs).
      return text(`state-ok: confirmed=${JSON.stringify((answer.content as { ok?: unknown } | undefined)?.ok)}`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_multiple_inputs', description: 'MRTR: three inputs at once', input: NO_ARGS },
    async (_args, ctx) => {
      const [user, greeting, roots] = await Promise.all([
        ctx.elicit({ message: 'What is your name?', requestedSchema: NAME_SCHEMA }, { key: 'user_name' }),
        ctx.sample(
          { messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 },
          { key: 'greeting' },
        ),
        ctx.listRoots({ key: 'client_roots' }),
      ]);
      return text(`name=${nameOf(user, 'name')} model=${greeting.model} roots=${String(roots.roots.length)}`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_multi_round', description: 'MRTR: two rounds', input: NO_ARGS },
    async (_args, ctx) => {
      const step1 = await ctx.elicit({ message: 'Step 1: What is your name?', requestedSchema: NAME_SCHEMA }, { key: 'step1' });
      const step2 = await ctx.elicit(
        {
          message: 'Step 2: What is your favorite color?',
          requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        },
        { key: 'step2' },
      );
      return text(`${nameOf(step1, 'name')} likes ${nameOf(step2, 'color')}`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_tampered_state', description: 'MRTR: integrity-protected state', input: NO_ARGS },
    async (_args, ctx) => {
      const answer = await ctx.elicit({ message: 'Please confirm', requestedSchema: NAME_SCHEMA }, { key: 'confirm' });
      return text(`Verified state, name=${nameOf(answer, 'name')}`);
    },
  );
  server.tool(
    { name: 'test_input_required_result_capabilities', description: 'MRTR: only declared capabilities', input: NO_ARGS },
    async (_args, ctx) => {
      const asks: Promise<unknown>[] = [];
      const caps = ctx.clientCapabilities;
      if (caps.elicitation !== undefined)
        asks.push(ctx.elicit({ message: 'What is your name?', requestedSchema: NAME_SCHEMA }, { key: 'user_name' }));
      if (caps.sampling !== undefined) {
        asks.push(
          ctx.sample(
            { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 20 },
            { key: 'greeting' },
          ),
        );
      }
      if (caps.roots !== undefined) asks.push(ctx.listRoots({ key: 'client_roots' }));
      await Promise.all(asks);
      return text(`Answered ${String(asks.length)} input request(s)`);
    },
  );
}
