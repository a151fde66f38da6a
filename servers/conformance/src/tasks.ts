/**
 * The tools the tasks scenarios of the conformance suite (0.2.0-alpha.12,
 * extension `io.modelcontextprotocol/tasks`) name, with their contracts:
 * `greet` is never a task; `slow_compute` may be one (`seconds: 0` finishes
 * within the server's grace, 100 ms, and answers directly); the others must be.
 * `confirm_delete` and `multi_input` start as tasks at once, so their
 * questions are task input requests; `test_tool_with_task` asks its question
 * before any work, which MRTR answers before the task exists.
 *
 * @module
 */
import { RpcError } from 'mcpkit/jsonrpc';
import type { ElicitResult } from 'mcpkit/protocol';
import type { McpServer } from 'mcpkit/server';
import { NAME_SCHEMA, text } from './shared.js';

/** Resolves after `ms`, or rejects when `signal` fires (a cancelled task stops sleeping). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });
}

function field(answer: ElicitResult, name: string): unknown {
  return (answer.content as Record<string, unknown> | undefined)?.[name];
}

const CONFIRM_SCHEMA = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } as const;

/** Registers the tasks tools. */
export function taskTools(server: McpServer): void {
  server.tool(
    {
      name: 'greet',
      description: 'Greets synchronously (never a task)',
      input: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    (args) => text(`Hello, ${(args as { name: string }).name}!`),
  );
  server.tool(
    {
      name: 'slow_compute',
      description: 'Sleeps `seconds`, then answers; may run as a task',
      input: { type: 'object', properties: { seconds: { type: 'number' }, label: { type: 'string' } }, required: ['seconds'] },
      execution: { taskSupport: 'optional' },
    },
    async (args, ctx) => {
      const { seconds, label } = args as { seconds: number; label?: string };
      await sleep(seconds * 1000, ctx.signal);
      return text(`Computed ${label ?? 'result'} after ${String(seconds)}s`);
    },
  );
  server.tool(
    {
      name: 'failing_job',
      description: 'Fails with a tool error after about a second; always a task',
      execution: { taskSupport: 'required' },
    },
    async (_args, ctx) => {
      await sleep(1000, ctx.signal);
      return { content: [{ type: 'text', text: 'The job failed' }], isError: true };
    },
  );
  server.tool(
    {
      name: 'protocol_error_job',
      description: 'Crashes into a JSON-RPC error; always a task',
      execution: { taskSupport: 'required' },
    },
    async (_args, ctx) => {
      await sleep(300, ctx.signal);
      throw new RpcError(-32603, 'The job crashed');
    },
  );
  server.tool(
    {
      name: 'confirm_delete',
      description: 'Asks to confirm, then deletes; a task from the start',
      input: { type: 'object', properties: { filename: { type: 'string' } }, required: ['filename'] },
      execution: { taskSupport: 'required' },
      taskStart: 'immediate',
    },
    async (args, ctx) => {
      const { filename } = args as { filename: string };
      const answer = await ctx.elicit({ message: `Delete ${filename}?`, requestedSchema: CONFIRM_SCHEMA });
      const confirmed = answer.action === 'accept' && field(answer, 'confirm') === true;
      return text(confirmed ? `Deleted ${filename}` : `Kept ${filename}`);
    },
  );
  server.tool(
    {
      name: 'multi_input',
      description: 'Asks two questions at once; a task from the start',
      execution: { taskSupport: 'required' },
      taskStart: 'immediate',
    },
    async (_args, ctx) => {
      const [first, second] = await Promise.all([
        ctx.elicit({ message: 'First name?', requestedSchema: NAME_SCHEMA }),
        ctx.elicit({ message: 'Second name?', requestedSchema: NAME_SCHEMA }),
      ]);
      return text(`Got ${String(field(first, 'name'))} and ${String(field(second, 'name'))}`);
    },
  );
  server.tool(
    {
      name: 'test_tool_with_task',
      description: 'Asks a name (MRTR), then works as a task',
      execution: { taskSupport: 'required' },
    },
    async (_args, ctx) => {
      const answer = await ctx.elicit({ message: 'What is your name?', requestedSchema: NAME_SCHEMA }, { key: 'user_name' });
      await sleep(200, ctx.signal);
      return text(`Hello, ${String(field(answer, 'name'))}! Your task is done.`);
    },
  );
}
