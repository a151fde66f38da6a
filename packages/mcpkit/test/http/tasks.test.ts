// Tasks over Streamable HTTP through the web handler. 2025-11-25 sessions: a
// task handler's input request, with no GET stream open, waits for the
// client's tasks/result and travels on its response stream. 2026-07-28: each
// tasks/* request runs on its own short-lived session, its Mcp-Name header
// checked against the task id.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { McpServer } from '../../src/server/server.js';
import { meta2026 } from '../rawClient.js';
import { openSession, post, sessionHeaders, SseReader } from './webClient.js';

const RELATED = 'io.modelcontextprotocol/related-task';
const TASKS = 'io.modelcontextprotocol/tasks';
let handler: WebHandler;
afterEach(async () => {
  await handler.close();
});

function serve(): WebHandler {
  const server = new McpServer({ name: 'http-tasks', version: '1.0.0', tasks: { pollIntervalMs: 10, graceMs: 0 } });
  server.tool({ name: 'ask', execution: { taskSupport: 'optional' } }, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } });
    return `answer: ${answer.action}`;
  });
  server.tool({ name: 'slow', execution: { taskSupport: 'required' } }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return 'slow done';
  });
  handler = createWebHandler(server);
  return handler;
}

async function rpc(h: WebHandler, body: object, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await h(post(body, headers));
  return (await res.json()) as Record<string, unknown>;
}

describe('tasks over Streamable HTTP', () => {
  it('2025-11-25: input requests of a task travel on the tasks/result stream', async () => {
    const h = serve();
    const sid = await openSession(h, '2025-11-25', { elicitation: {} });
    const headers = sessionHeaders(sid);
    const created = await rpc(h, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask', task: {} } }, headers);
    const taskId = (created['result'] as { task: { taskId: string } }).task.taskId;
    let status = '';
    for (let i = 0; i < 100 && status !== 'input_required'; i++) {
      const got = await rpc(h, { jsonrpc: '2.0', id: 10 + i, method: 'tasks/get', params: { taskId } }, headers);
      status = (got['result'] as { status: string }).status;
    }
    expect(status).toBe('input_required');
    const stream = await h(post({ jsonrpc: '2.0', id: 200, method: 'tasks/result', params: { taskId } }, headers));
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = new SseReader(stream);
    const asked = await reader.nextMessage();
    expect(asked).toMatchObject({ method: 'elicitation/create', params: { message: 'Go?', _meta: { [RELATED]: { taskId } } } });
    const answered = await h(post({ jsonrpc: '2.0', id: asked?.['id'], result: { action: 'accept', content: {} } }, headers));
    expect(answered.status).toBe(202);
    expect(await reader.nextMessage()).toMatchObject({
      id: 200,
      result: { content: [{ type: 'text', text: 'answer: accept' }], _meta: { [RELATED]: { taskId } } },
    });
  });

  it('2026-07-28: a task outlives its request; tasks/get checks Mcp-Name against the task id', async () => {
    const h = serve();
    const caps = { extensions: { [TASKS]: {} } };
    const stateless = (method: string, params: object, name: string): Record<string, string> => ({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      'mcp-name': name,
      ...(params as Record<string, string>),
    });
    const created = await rpc(
      h,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', _meta: meta2026(caps) } },
      stateless('tools/call', {}, 'slow'),
    );
    const taskId = (created['result'] as { taskId: string; resultType: string }).taskId;
    expect(created['result']).toMatchObject({ resultType: 'task', status: 'working' });
    const wrong = await h(
      post(
        { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId, _meta: meta2026(caps) } },
        stateless('tasks/get', {}, 'other'),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: number } }).error.code).toBe(-32020);
    let task: Record<string, unknown> = {};
    for (let i = 0; i < 100 && task['status'] !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const got = await rpc(
        h,
        { jsonrpc: '2.0', id: 3 + i, method: 'tasks/get', params: { taskId, _meta: meta2026(caps) } },
        stateless('tasks/get', {}, taskId),
      );
      task = got['result'] as Record<string, unknown>;
    }
    expect(task).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'slow done' }] } });
  });
});
