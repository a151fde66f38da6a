// Every tool, resource and prompt of the everything server over mcpkit's
// in-memory pair, driven by a raw JSON-RPC peer in the stateless era
// (2026-07-28): input_required rounds instead of server-to-client requests,
// per-request log levels, cache hints, subscriptions/listen.
import { describe, expect, it } from 'vitest';
import { meta2026 } from '../../../packages/mcpkit/test/rawClient.js';
import { CLOCK_URI, ELICIT_URL, HELLO_TEXT, itemText, itemUri, TEXT_URI } from '../src/index.js';
import { CAPS, CASES, request2026, statelessPeer, text, undecorated } from './rawPeer.js';

describe('everything over a raw peer, stateless era (2026-07-28)', () => {
  it('covers every tool', async () => {
    const peer = await statelessPeer();
    const { result } = await request2026(peer, 'tools/list', {});
    expect((result['tools'] as { name: string }[]).map((t) => t.name)).toEqual(CASES.map((c) => c.name));
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    await peer.close();
  });

  const INTERACTIVE: Readonly<Record<string, string>> = {
    sample_llm: 'sampling/createMessage',
    elicit_form: 'elicitation/create',
    elicit_url: 'elicitation/create',
    list_roots: 'roots/list',
  };

  for (const c of CASES) {
    it(`calls ${c.name}`, async () => {
      const peer = await statelessPeer();
      const { result, rounds } = await request2026(peer, 'tools/call', {
        name: c.name,
        ...(c.args !== undefined && { arguments: c.args }),
      });
      expect(undecorated(result)).toEqual(c.result);
      const asked = INTERACTIVE[c.name];
      if (asked === undefined) expect(rounds).toEqual([]);
      else {
        expect(rounds).toHaveLength(1);
        expect(Object.values(rounds[0]?.['inputRequests'] as object)).toEqual([expect.objectContaining({ method: asked })]);
        expect(rounds[0]?.['requestState']).toBeTypeOf('string');
      }
      // Nothing but the response: no server-to-client request, and no log message without a log level.
      expect(peer.notifications).toEqual([]);
      await peer.close();
    });
  }

  it('asks by URL without an elicitation id', async () => {
    const peer = await statelessPeer();
    const { rounds } = await request2026(peer, 'tools/call', { name: 'elicit_url' });
    expect(rounds[0]?.['inputRequests']).toEqual({
      confirm: {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: 'Please open the page to confirm (a demonstration; nothing happens there).',
          url: ELICIT_URL,
        },
      },
    });
    await peer.close();
  });

  it('logs only at the level the request names', async () => {
    const peer = await statelessPeer();
    await request2026(peer, 'tools/call', { name: 'log_messages' }, { 'io.modelcontextprotocol/logLevel': 'error' });
    expect(peer.notifications.map((n) => n.params)).toEqual([
      { level: 'error', logger: 'everything', data: { message: 'A error message from the everything server' } },
    ]);
    await peer.close();
  });

  it('refuses a tool that needs a capability the request does not declare', async () => {
    const peer = await statelessPeer();
    await expect(
      peer.request('tools/call', { name: 'sample_llm', arguments: { prompt: 'x' }, _meta: meta2026({}) }),
    ).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { sampling: {} } },
    });
    await peer.close();
  });

  it('reads, completes and gets prompts; an unknown item is -32602', async () => {
    const peer = await statelessPeer();
    const text1 = await request2026(peer, 'resources/read', { uri: TEXT_URI });
    expect(text1.result).toMatchObject({
      contents: [{ uri: TEXT_URI, text: HELLO_TEXT }],
      ttlMs: 3_600_000,
      cacheScope: 'public',
    });
    await expect(peer.request('resources/read', { uri: itemUri('21'), _meta: meta2026(CAPS) })).rejects.toMatchObject({
      code: -32602,
      data: { uri: itemUri('21') },
    });
    const prompt = await request2026(peer, 'prompts/get', { name: 'resource_prompt', arguments: { itemId: '2' } });
    expect(undecorated(prompt.result)).toEqual({
      description: 'A prompt that embeds one of the server items.',
      messages: [
        { role: 'user', content: text('Here is item 2:') },
        {
          role: 'user',
          content: { type: 'resource', resource: { uri: itemUri('2'), mimeType: 'application/json', text: itemText('2') } },
        },
        { role: 'user', content: text('Please summarise it.') },
      ],
    });
    const completion = await request2026(peer, 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'everything://items/{id}' },
      argument: { name: 'id', value: '2' },
    });
    expect(undecorated(completion.result)).toEqual({ completion: { values: ['2', '20'], total: 2, hasMore: false } });
    await peer.close();
  });

  it('streams clock updates to a subscriptions/listen stream', async () => {
    const peer = await statelessPeer();
    const controller = new AbortController();
    const listening = peer.request(
      'subscriptions/listen',
      { notifications: { resourceSubscriptions: [CLOCK_URI] }, _meta: meta2026(CAPS) },
      { signal: controller.signal, timeoutMs: Infinity },
    );
    listening.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await request2026(peer, 'tools/call', { name: 'touch_clock' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(peer.notifications.map((n) => n.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/resources/updated',
    ]);
    expect(peer.notifications[1]?.params).toMatchObject({ uri: CLOCK_URI });
    controller.abort();
    await peer.close();
  });
});
