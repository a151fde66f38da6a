// Per-call options in both eras: progress, cancellation (the server sees it),
// timeouts, reset on progress (with or without a callback) under a hard cap.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProgressParams } from '../../src/protocol/types/index.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, sleep } from '../helpers.js';
import { link } from './harness.js';

const cancelled = { count: 0, reason: undefined as unknown };

function server(): McpServer {
  const s = new McpServer({ name: 'calls', version: '1' });
  s.tool(
    { name: 'steps', input: { type: 'object', properties: { n: { type: 'number' }, gap: { type: 'number' } } } },
    async (args, ctx) => {
      const { n, gap } = args as { n: number; gap: number };
      for (let i = 1; i <= n; i++) {
        await sleep(gap);
        await ctx.progress(i, n, `step ${String(i)}`);
      }
      return 'done';
    },
  );
  s.tool({ name: 'hang' }, (_args, ctx) => {
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        cancelled.count++;
        cancelled.reason = ctx.signal.reason;
        resolve('never sent');
      });
    });
  });
  return s;
}

afterEach(() => {
  cancelled.count = 0;
  cancelled.reason = undefined;
});

describe.each(['2025-03-26', '2026-07-28'] as const)('at %s', (era) => {
  it('delivers progress to onProgress', async () => {
    const linked = await link(server(), { era });
    const seen: ProgressParams[] = [];
    const result = await linked.client.callTool(
      { name: 'steps', arguments: { n: 3, gap: 1 } },
      { onProgress: (p) => seen.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(seen.map((p) => [p.progress, p.total, p.message])).toEqual([
      [1, 3, 'step 1'],
      [2, 3, 'step 2'],
      [3, 3, 'step 3'],
    ]);
  });

  it('cancels with the signal, and the server sees it', async () => {
    const linked = await link(server(), { era });
    const controller = new AbortController();
    const call = linked.client.callTool({ name: 'hang' }, { signal: controller.signal });
    await sleep(10);
    controller.abort('user gave up');
    await expectLocalError(call, 'CANCELLED');
    await sleep(10);
    expect(cancelled.count).toBe(1);
  });

  it('times out, and the server sees a cancellation', async () => {
    const linked = await link(server(), { era });
    const error = await expectLocalError(linked.client.callTool({ name: 'hang' }, { timeoutMs: 30 }), 'REQUEST_TIMEOUT');
    expect(error.message).toContain('30 ms');
    await sleep(10);
    expect(cancelled.count).toBe(1);
  });

  it('uses the client default timeout', async () => {
    const linked = await link(server(), { era, timeoutMs: 25 });
    await expectLocalError(linked.client.callTool({ name: 'hang' }), 'REQUEST_TIMEOUT');
  });

  it('resets the timeout on progress, even without a callback', async () => {
    const linked = await link(server(), { era });
    // Margins wide enough for a loaded machine: the whole run (1 s) is twice the timeout, each gap a fifth of it.
    const args = { n: 10, gap: 100 };
    await expectLocalError(linked.client.callTool({ name: 'steps', arguments: args }, { timeoutMs: 500 }), 'REQUEST_TIMEOUT');
    const result = await linked.client.callTool(
      { name: 'steps', arguments: args },
      { timeoutMs: 500, resetTimeoutOnProgress: true },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
  });

  it('never past maxTotalTimeoutMs', async () => {
    const linked = await link(server(), { era });
    const error = await expectLocalError(
      linked.client.callTool(
        // The total cap (300 ms) comes long before the run ends (1 s), each gap well inside the reset timeout.
        { name: 'steps', arguments: { n: 10, gap: 100 } },
        { timeoutMs: 500, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 300 },
      ),
      'REQUEST_TIMEOUT',
    );
    expect(error.message).toContain('maximum total timeout');
  });

  it('refuses a call whose signal already fired, without sending it', async () => {
    const s = server();
    let lists = 0;
    s.use((next) => (request, ctx) => {
      if (request.method === 'tools/list') lists++;
      return next(request, ctx);
    });
    const linked = await link(s, { era });
    const controller = new AbortController();
    controller.abort();
    await expectLocalError(linked.client.listTools({}, { signal: controller.signal }), 'CANCELLED');
    expect(lists).toBe(0);
    expect(await linked.client.listTools()).toMatchObject({ tools: [{ name: 'steps' }, { name: 'hang' }] });
    expect(lists).toBe(1);
  });
});
