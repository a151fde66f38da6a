// Every tool, resource and prompt of the everything server over mcpkit's
// in-memory pair, driven by a raw JSON-RPC peer that sees exactly what goes
// over the wire: the handshake era (2025-11-25), and what older revisions get
// instead.
import { describe, expect, it } from 'vitest';
import {
  CLOCK_URI,
  elicitationForm,
  HELLO_TEXT,
  itemText,
  itemUri,
  SERVER_TIME_APP_URI,
  TEXT_URI,
  TINY_WAV_BASE64,
  TONE_URI,
} from '../src/index.js';
import { answer, CASES, handshakePeer, text } from './rawPeer.js';

describe('everything over a raw peer, handshake era (2025-11-25)', () => {
  it('covers every tool', async () => {
    const peer = await handshakePeer('2025-11-25');
    const listed = (await peer.request('tools/list')) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(CASES.map((c) => c.name));
    await peer.close();
  });

  for (const c of CASES) {
    it(`calls ${c.name}`, async () => {
      const peer = await handshakePeer('2025-11-25');
      expect(await peer.request('tools/call', { name: c.name, ...(c.args !== undefined && { arguments: c.args }) })).toEqual(
        c.result,
      );
      await peer.close();
    });
  }

  it('sends progress with the request token, and log messages at the session level', async () => {
    const peer = await handshakePeer('2025-11-25');
    const progress: unknown[] = [];
    await peer.request(
      'tools/call',
      { name: 'long_running_operation', arguments: { duration: 0, steps: 2 } },
      { onProgress: (p) => progress.push(p) },
    );
    expect(progress).toEqual(
      [1, 2].map((n) => ({
        progressToken: expect.anything() as unknown,
        progress: n,
        total: 2,
        message: `Step ${String(n)} of 2`,
      })),
    );
    await peer.request('logging/setLevel', { level: 'notice' });
    await peer.request('tools/call', { name: 'log_messages' });
    const logs = peer.notifications
      .filter((n) => n.method === 'notifications/message')
      .map((n) => (n.params as { level: string }).level);
    expect(logs).toEqual(['notice', 'warning', 'error']);
    await peer.close();
  });

  it('stops the long operation when the client cancels it', async () => {
    const peer = await handshakePeer('2025-11-25');
    const controller = new AbortController();
    const progress: unknown[] = [];
    const call = peer.request(
      'tools/call',
      { name: 'long_running_operation', arguments: { duration: 2, steps: 100 } },
      {
        signal: controller.signal,
        onProgress: (p) => {
          progress.push(p);
          controller.abort();
        },
      },
    );
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
    const seen = peer.notifications.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // No progress after the cancellation: the handler stopped.
    expect(peer.notifications.length).toBe(seen);
    expect(progress).toHaveLength(1);
    await peer.close();
  });

  it('tells subscribers when the clock changes, and completes URL elicitations', async () => {
    const peer = await handshakePeer('2025-11-25');
    await peer.request('resources/subscribe', { uri: CLOCK_URI });
    await peer.request('tools/call', { name: 'touch_clock' });
    await peer.request('tools/call', { name: 'elicit_url' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const methods = peer.notifications.map((n) => n.method);
    expect(methods).toContain('notifications/resources/updated');
    expect(methods).toContain('notifications/elicitation/complete');
    await peer.close();
  });

  it('serves resources, templates, prompts and completion with their titles', async () => {
    const peer = await handshakePeer('2025-11-25');
    expect(await peer.request('resources/read', { uri: TEXT_URI })).toEqual({
      contents: [{ uri: TEXT_URI, mimeType: 'text/plain', text: HELLO_TEXT }],
    });
    expect(await peer.request('resources/read', { uri: TONE_URI })).toEqual({
      contents: [{ uri: TONE_URI, mimeType: 'audio/wav', blob: TINY_WAV_BASE64 }],
    });
    await expect(peer.request('resources/read', { uri: itemUri('0') })).rejects.toMatchObject({
      code: -32002,
      data: { uri: itemUri('0') },
    });
    const prompts = (await peer.request('prompts/list')) as { prompts: { arguments?: unknown[] }[] };
    expect(prompts.prompts[1]?.arguments).toEqual([
      { name: 'city', title: 'City', description: 'The city to ask about', required: true },
      { name: 'style', title: 'Style', description: 'How to answer: haiku, limerick, news report, poem' },
    ]);
    expect(
      await peer.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'args_prompt' },
        argument: { name: 'city', value: 'to' },
      }),
    ).toEqual({
      completion: { values: ['Tokyo', 'Toronto'], total: 2, hasMore: false },
    });
    await peer.close();
  });

  it('pages lists with sealed cursors', async () => {
    const peer = await handshakePeer('2025-11-25', { pageSize: 10 });
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await peer.request('resources/list', cursor === undefined ? {} : { cursor })) as {
        resources: { uri: string }[];
        nextCursor?: string;
      };
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(uris).toHaveLength(25);
    await expect(peer.request('resources/list', { cursor: 'forged' })).rejects.toMatchObject({ code: -32602 });
    await peer.close();
  });
});

describe('everything over a raw peer, older handshake revisions', () => {
  it('2025-06-18: resource links, structured content, and a form without 2025-11-25 fields', async () => {
    const peer = await handshakePeer('2025-06-18');
    const asked: unknown[] = [];
    peer.onRequest = (method, params) => {
      asked.push(params);
      return answer(method, params);
    };
    expect(await peer.request('tools/call', { name: 'get_resource_links', arguments: { count: 1 } })).toEqual(
      CASES.find((c) => c.name === 'get_resource_links')?.result,
    );
    expect(await peer.request('tools/call', { name: 'add', arguments: { a: 1, b: 1 } })).toEqual({
      content: [text('{"sum":2}')],
      structuredContent: { sum: 2 },
    });
    await peer.request('tools/call', { name: 'elicit_form' });
    expect(asked).toEqual([
      { message: 'Please tell us about yourself (a demonstration form).', requestedSchema: elicitationForm('2025-06-18') },
    ]);
    expect(JSON.stringify(asked)).not.toMatch(/"default":"|oneOf|anyOf/);
    // URL mode is 2025-11-25: refused, as a protocol error naming the capability.
    await expect(peer.request('tools/call', { name: 'elicit_url' })).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
    await peer.close();
  });

  it('2025-03-26: no structured content, resource links embedded; elicitation refused', async () => {
    const peer = await handshakePeer('2025-03-26');
    expect(await peer.request('tools/call', { name: 'add', arguments: { a: 1, b: 1 } })).toEqual({
      content: [text('{"sum":2}')],
    });
    expect(await peer.request('tools/call', { name: 'get_resource_links', arguments: { count: 1 } })).toEqual({
      content: [
        text('Here are 1 items of this server:'),
        { type: 'resource', resource: { uri: itemUri('1'), mimeType: 'application/json', text: itemText('1') } },
      ],
    });
    expect(await peer.request('tools/call', { name: 'get_audio' })).toEqual(CASES.find((c) => c.name === 'get_audio')?.result);
    await expect(peer.request('tools/call', { name: 'elicit_form' })).rejects.toMatchObject({ code: -32021 });
    await peer.close();
  });

  it('2024-11-05: audio arrives as an embedded WAV resource', async () => {
    const peer = await handshakePeer('2024-11-05');
    expect(await peer.request('tools/call', { name: 'get_audio' })).toEqual({
      content: [
        { type: 'resource', resource: { uri: TONE_URI, mimeType: 'audio/wav', blob: TINY_WAV_BASE64 } },
        text('A 100 ms, 440 Hz tone (8 kHz, 16-bit mono WAV).'),
      ],
    });
    // Invalid arguments are a protocol error before 2025-11-25.
    await expect(peer.request('tools/call', { name: 'echo', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await peer.close();
  });
});

describe('the server-time app', () => {
  it('links show_server_time to its ui:// resource and keeps get_server_time for apps', async () => {
    const peer = await handshakePeer('2025-11-25');
    const { tools } = (await peer.request('tools/list')) as { tools: { name: string; _meta?: unknown }[] };
    expect(tools.find((t) => t.name === 'show_server_time')?._meta).toMatchObject({ ui: { resourceUri: SERVER_TIME_APP_URI } });
    expect(tools.find((t) => t.name === 'get_server_time')?._meta).toEqual({ ui: { visibility: ['app'] } });
    const read = (await peer.request('resources/read', { uri: SERVER_TIME_APP_URI })) as {
      contents: { mimeType: string; text: string }[];
    };
    expect(read.contents[0]?.mimeType).toBe('text/html;profile=mcp-app');
    const html = read.contents[0]?.text ?? '';
    // Self-contained: nothing for a host's CSP to block, nothing fetched from elsewhere.
    expect(html).not.toMatch(/\bsrc=|\bhref=|fetch\(|XMLHttpRequest|WebSocket|@import/);
    expect(html).toContain('>Get server time</button>');
    for (const method of ['ui/initialize', 'ui/notifications/size-changed', 'ui/message', 'ui/open-link', 'tools/call']) {
      expect(html).toContain(`'${method}'`);
    }
    await peer.close();
  });
});
