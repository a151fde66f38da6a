/**
 * The official v1 client's tasks (`client.experimental.tasks`, 2025-11-25)
 * through three Redis-backed processes behind a round-robin proxy: a task
 * streamed to its result, read, listed and its result fetched from every
 * process, an elicitation inside a task, a cancellation at another process.
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { HAVE_REDIS } from './cluster.js';
import { useCluster } from './testBed.js';

if (!HAVE_REDIS) console.warn('scale-out task tests skipped: redis-server is not installed (apt-get install -y redis-server)');

const text = (result: { readonly content?: readonly unknown[] }): string => (result.content?.[0] as { text: string }).text;

describe.skipIf(!HAVE_REDIS)('the official v1 client’s tasks through three Redis-backed processes', () => {
  const bed = useCluster();

  it('streams, reads, lists, cancels tasks and answers an elicitation inside one, wherever requests land', async () => {
    const client = new V1Client({ name: 'sdk-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Grace' } }));
    await client.connect(new V1Transport(new URL(bed.proxy.url)));
    try {
      const tasks = client.experimental.tasks;
      const messages: { type: string; task?: { taskId: string }; result?: { content?: unknown[] } }[] = [];
      for await (const m of tasks.callToolStream({ name: 'job', arguments: { ms: 600 } }, CallToolResultSchema, {
        task: { ttl: 60_000 },
      }))
        messages.push(m);
      expect(messages[0]?.type).toBe('taskCreated');
      expect(messages.at(-1)?.type).toBe('result');
      expect(text(messages.at(-1)?.result ?? {})).toMatch(/^job done \(pid \d+\)$/);
      const taskId = messages[0]?.task?.taskId as string;
      for (let i = 0; i < 3; i++) {
        expect((await tasks.getTask(taskId)).status).toBe('completed');
        expect((await tasks.listTasks()).tasks.map((t) => t.taskId)).toContain(taskId);
        expect(text(await tasks.getTaskResult(taskId, CallToolResultSchema))).toMatch(/^job done/);
      }

      for (let i = 0; i < 3; i++) {
        const asked: { type: string; result?: { content?: unknown[] } }[] = [];
        for await (const m of tasks.callToolStream({ name: 'ask', arguments: {} }, CallToolResultSchema, { task: {} }))
          asked.push(m);
        expect(asked.at(-1)?.type).toBe('result');
        expect(text(asked.at(-1)?.result ?? {})).toMatch(/^hello Grace \(pid \d+\)$/);
      }

      const created = await client.request(
        { method: 'tools/call', params: { name: 'job', arguments: { ms: 60_000 }, task: {} } },
        CreateTaskResultSchema,
      );
      const cancelled = await tasks.cancelTask(created.task.taskId);
      expect(cancelled.status).toBe('cancelled');
      for (let i = 0; i < 3; i++) expect((await tasks.getTask(created.task.taskId)).status).toBe('cancelled');
    } finally {
      await client.close();
    }
  });
});
