import { describe, expect, it } from 'vitest';
import { RpcError } from '../../src/jsonrpc/index.js';
import type { ProgressParams } from '../../src/protocol/index.js';
import { everythingUpstream, proxied } from './fixtures.js';

const ERAS = ['handshake', 'stateless'] as const;

describe.each(ERAS)('a proxy whose upstream speaks the %s era', (upstreamEra) => {
  describe.each(ERAS)('to a caller of the %s era', (callerEra) => {
    const connect = (extra: Parameters<typeof proxied>[1] = {}) =>
      proxied(everythingUpstream().server, {
        ...extra,
        upstream: { era: upstreamEra },
        caller: { era: callerEra, ...extra.caller },
      });

    it('lists and calls the upstream tools, with progress and _meta passed on', async () => {
      const upstream = everythingUpstream();
      const { caller } = await proxied(upstream.server, { upstream: { era: upstreamEra }, caller: { era: callerEra } });
      const tools = await caller.listAllTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['ask', 'count', 'echo', 'hang']);
      expect(tools.find((t) => t.name === 'echo')?.description).toBe('Echoes');
      const echoed = await caller.callTool({ name: 'echo', arguments: { text: 'hi' }, _meta: { traceparent: '00-abc-def-01' } });
      expect(echoed.content).toEqual([{ type: 'text', text: 'up: hi' }]);
      // Nothing of the upstream's own connection (its serverInfo, its era's resultType) reaches the caller.
      const answer = caller.wire.entries.map((e) => JSON.stringify(e)).find((e) => e.includes('up: hi')) ?? '';
      if (callerEra === 'handshake') expect(answer).not.toMatch(/resultType|serverInfo/);
      expect(upstream.seen.meta?.['traceparent']).toBe('00-abc-def-01');
      const progress: ProgressParams[] = [];
      const counted = await caller.callTool({ name: 'count', arguments: { n: 3 } }, { onProgress: (p) => progress.push(p) });
      expect(counted.content).toEqual([{ type: 'text', text: 'counted 3' }]);
      if (callerEra === 'handshake' || upstreamEra === 'handshake') expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    });

    it('serves resources, templates, prompts and completion', async () => {
      const { caller } = await connect();
      expect((await caller.listAllResources()).map((r) => r.uri)).toEqual(['mem://up/note']);
      expect((await caller.listAllResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['mem://up/items/{id}']);
      const note = await caller.readResource({ uri: 'mem://up/note' });
      expect(note.contents[0]).toMatchObject({ text: 'note of up' });
      const item = await caller.readResource({ uri: 'mem://up/items/7' });
      expect(item.contents[0]).toMatchObject({ text: 'item 7' });
      const prompt = await caller.getPrompt({ name: 'greet', arguments: { who: 'you' } });
      expect(prompt.messages[0]?.content).toMatchObject({ text: 'Hello you' });
      const done = await caller.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'w' } });
      expect(done.completion.values).toEqual(['world', 'wide']);
      const ids = await caller.complete({
        ref: { type: 'ref/resource', uri: 'mem://up/items/{id}' },
        argument: { name: 'id', value: 'a' },
      });
      expect(ids.completion.values).toEqual(['apple', 'avocado']);
    });

    it("forwards the upstream's elicitation to the caller", async () => {
      const { caller } = await connect({
        caller: { handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } } },
      });
      const result = await caller.callTool({ name: 'ask' });
      expect(result.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    });

    it('refuses the elicitation to the upstream when the caller cannot answer it', async () => {
      const { caller } = await connect();
      // The upstream's elicitation is refused as the caller would refuse it; its tool fails with that error.
      await expect(caller.callTool({ name: 'ask' })).rejects.toThrow(/does not support elicitation/);
    });
  });

  it('cancels the upstream call when the caller cancels', async () => {
    const upstream = everythingUpstream();
    const { caller } = await proxied(upstream.server, { upstream: { era: upstreamEra }, caller: { era: 'handshake' } });
    const controller = new AbortController();
    const call = caller.callTool({ name: 'hang' }, { signal: controller.signal });
    await upstream.seen.started.promise;
    controller.abort();
    await expect(call).rejects.toThrow();
    await upstream.seen.aborted.promise;
  });

  it('answers a call in flight with a JSON-RPC error when the upstream goes away', async () => {
    const upstream = everythingUpstream();
    const { caller, upstreamClient } = await proxied(upstream.server, { upstream: { era: upstreamEra } });
    const call = caller.callTool({ name: 'hang' });
    await upstream.seen.started.promise;
    await upstreamClient.session.close();
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(/Upstream up is unavailable/);
    // And later calls fail at once, the same way.
    await expect(caller.callTool({ name: 'echo', arguments: { text: 'x' } })).rejects.toThrow(/unavailable/);
  });
});
