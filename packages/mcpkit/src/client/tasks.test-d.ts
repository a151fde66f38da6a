import { describe, expectTypeOf, it } from 'vitest';
import type { CallToolResult, GetTaskResult, ListTasksResult, Task } from '../protocol/types/index.js';
import type { McpClient } from './client.js';
import type { TaskHandle } from './tasks.js';
import type { CallToolOutcome } from './toolOutput.js';

declare const client: McpClient;

describe('task types', () => {
  it('callTool resolves a TaskHandle only when asked for a task', () => {
    expectTypeOf(client.callTool({ name: 't' })).resolves.toEqualTypeOf<CallToolOutcome>();
    expectTypeOf(client.callTool({ name: 't' }, { timeoutMs: 5 })).resolves.toEqualTypeOf<CallToolOutcome>();
    expectTypeOf(client.callTool({ name: 't' }, { task: true })).resolves.toEqualTypeOf<CallToolOutcome | TaskHandle>();
    expectTypeOf(client.callTool({ name: 't' }, { task: { ttl: 1000 } })).resolves.toEqualTypeOf<CallToolOutcome | TaskHandle>();
  });

  it('types the tasks namespace and awaitTask', () => {
    expectTypeOf(client.tasks.get({ taskId: 'x' })).resolves.toEqualTypeOf<GetTaskResult>();
    expectTypeOf(client.tasks.list()).resolves.toEqualTypeOf<ListTasksResult>();
    expectTypeOf(client.tasks.all()).toEqualTypeOf<AsyncGenerator<Task, void, undefined>>();
    expectTypeOf(
      client.awaitTask('x', { onStatus: (task) => expectTypeOf(task).toEqualTypeOf<Task>() }),
    ).resolves.toEqualTypeOf<CallToolResult>();
    // @ts-expect-error tasks/update needs inputResponses
    void client.tasks.update({ taskId: 'x' });
  });
});
