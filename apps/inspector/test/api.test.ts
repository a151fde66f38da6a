// The inspector's API: who is refused (token, Origin, Host, on plain requests
// and on the WebSocket handshake) and what the channel does for whoever is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, type RunningInspector } from '../src/index.js';
import { EVERYTHING, get, handshake, TestPeer } from './helpers.js';

let inspector: RunningInspector;
let host: string;

beforeAll(async () => {
  inspector = await startInspector({ port: 0 });
  host = `127.0.0.1:${String(inspector.port)}`;
});
afterAll(async () => {
  await inspector.close();
});

describe('the inspector API refuses', () => {
  it('a request without the token (401), or with a wrong one', async () => {
    expect((await get(inspector.port, '/api/state', { host })).status).toBe(401);
    expect((await get(inspector.port, '/api/state?token=wrong', { host })).status).toBe(401);
    const ok = await get(inspector.port, `/api/state?token=${inspector.token}`, { host });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ connections: [] });
    expect((await get(inspector.port, '/api/state', { host, 'x-mcpkit-inspector-token': inspector.token })).status).toBe(200);
  });

  it('a request from a foreign Origin (403), token or not', async () => {
    const r = await get(inspector.port, `/api/state?token=${inspector.token}`, { host, origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(r.body).toContain('evil.example');
  });

  it('a request to a foreign Host (400): a DNS-rebound name', async () => {
    expect(
      (await get(inspector.port, `/api/state?token=${inspector.token}`, { host: `evil.example:${String(inspector.port)}` }))
        .status,
    ).toBe(400);
    // The page itself too: a rebound page must not even load the app.
    expect((await get(inspector.port, '/', { host: `evil.example:${String(inspector.port)}` })).status).toBe(400);
  });

  it('the WebSocket handshake without the token (401) or from a foreign Origin (403)', async () => {
    const base = `ws://127.0.0.1:${String(inspector.port)}/api/ws`;
    const origin = `http://${host}`;
    expect(await handshake(base, { origin })).toBe(401);
    expect(await handshake(`${base}?token=nope`, { origin })).toBe(401);
    expect(await handshake(`${base}?token=${inspector.token}`, { origin: 'http://evil.example' })).toBe(403);
    expect(await handshake(`${base}?token=${inspector.token}`, { origin: 'http://localhost:1' })).toBe(403);
    expect(await handshake(`${base}?token=${inspector.token}`, { origin })).toBe(101);
  });

  it('anything but GET, and unknown paths', async () => {
    expect((await get(inspector.port, `/nope?token=${inspector.token}`, { host })).status).toBe(404);
  });
});

describe('the page', () => {
  it('is served with a strict content security policy, and only local assets', async () => {
    const page = await get(inspector.port, '/', { host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('/assets/app.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const js = await get(inspector.port, '/assets/app.js', { host });
    expect(js.status).toBe(200);
    expect(js.body.length).toBeGreaterThan(1000);
  });
});

describe('the channel', () => {
  it('connects to a server, lists and calls tools, and logs both messages of each call', async () => {
    const peer = await TestPeer.open(inspector.port, inspector.token);
    try {
      expect((await peer.waitFor((m) => m.type === 'hello')).type).toBe('hello');
      const connected = await peer.call({ type: 'connect', spec: EVERYTHING });
      expect(connected).toMatchObject({ ok: true });
      const connection = (connected as { value: { connection: string } }).value.connection;
      const listed = await peer.call({ type: 'request', connection, method: 'tools/list' });
      expect(listed.ok).toBe(true);
      const tools = (listed as { value: { tools: { name: string }[] } }).value.tools.map((t) => t.name);
      expect(tools).toContain('echo');
      const echoed = await peer.call({
        type: 'request',
        connection,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'hi there' } },
      });
      expect(echoed).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'hi there' }] } });
      // Both messages of the call reach the wire log.
      const entries = (): unknown[] =>
        peer.pushes.flatMap((m) => (m.type === 'wire' && m.connection === connection ? m.entries : []));
      await expect
        .poll(() => entries().filter((e) => JSON.stringify(e).includes('hi there')).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
    } finally {
      peer.close();
    }
  });

  it('answers bad input with an error reply, never a crash', async () => {
    const peer = await TestPeer.open(inspector.port, inspector.token);
    try {
      peer.sendRaw('not json');
      expect(await peer.waitFor((m) => m.type === 'reply' && m.id === -1)).toMatchObject({ ok: false });
      expect(await peer.call({ type: 'request', connection: 'c999', method: 'tools/list' })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('no connection') as string },
      });
      expect(await peer.call({ type: 'connect', spec: { kind: 'ftp' } })).toMatchObject({ ok: false });
      expect(await peer.call({ type: 'frobnicate' })).toMatchObject({ ok: false });
      expect(await peer.call({ type: 'answer', ask: 'nope', answer: {} })).toMatchObject({ ok: false });
    } finally {
      peer.close();
    }
  });

  it('passes an elicitation and a sampling request to the user, and their answers back', async () => {
    const peer = await TestPeer.open(inspector.port, inspector.token);
    try {
      const connected = await peer.call({ type: 'connect', spec: { ...EVERYTHING, era: 'handshake' } });
      const connection = (connected as { value: { connection: string } }).value.connection;
      const sampling = peer.call({
        type: 'request',
        connection,
        method: 'tools/call',
        params: { name: 'sample_llm', arguments: { prompt: 'hello?' } },
      });
      const ask = await peer.waitFor((m) => m.type === 'ask' && m.ask.method === 'sampling/createMessage');
      const askId = (ask as { ask: { id: string } }).ask.id;
      expect(
        await peer.call({
          type: 'answer',
          ask: askId,
          answer: { role: 'assistant', content: { type: 'text', text: 'a sampled reply' }, model: 'test' },
        }),
      ).toMatchObject({ ok: true });
      expect(JSON.stringify(await sampling)).toContain('a sampled reply');

      const eliciting = peer.call({
        type: 'request',
        connection,
        method: 'tools/call',
        params: { name: 'elicit_form', arguments: {} },
      });
      const ask2 = await peer.waitFor((m) => m.type === 'ask' && m.ask.method === 'elicitation/create');
      const asked = (ask2 as unknown as { ask: { id: string; params: { requestedSchema: { properties: object } } } }).ask;
      expect(Object.keys(asked.params.requestedSchema.properties).length).toBeGreaterThan(0);
      await peer.call({ type: 'answer', ask: asked.id, answer: { action: 'decline' } });
      expect(JSON.stringify(await eliciting)).toMatch(/declin/i);
    } finally {
      peer.close();
    }
  });
  it('reports progress of a running call and cancels it', async () => {
    const peer = await TestPeer.open(inspector.port, inspector.token);
    try {
      const connected = await peer.call({ type: 'connect', spec: EVERYTHING });
      const connection = (connected as { value: { connection: string } }).value.connection;
      const id = 1000;
      peer.sendRaw(
        JSON.stringify({
          type: 'request',
          id,
          connection,
          method: 'tools/call',
          params: { name: 'long_running_operation', arguments: { duration: 30, steps: 30 } },
        }),
      );
      const progress = await peer.waitFor((m) => m.type === 'progress' && m.id === id);
      expect(progress).toMatchObject({ type: 'progress', progress: expect.any(Number) as number, total: 30 });
      await peer.call({ type: 'cancel', request: id });
      const reply = await peer.waitFor((m) => m.type === 'reply' && m.id === id);
      expect(reply).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    } finally {
      peer.close();
    }
  });

  it('sets the roots (refusing what is not a file:// URI) and the log level', async () => {
    const peer = await TestPeer.open(inspector.port, inspector.token);
    try {
      const connected = await peer.call({ type: 'connect', spec: { ...EVERYTHING, era: 'handshake' } });
      const connection = (connected as { value: { connection: string } }).value.connection;
      expect(await peer.call({ type: 'roots', connection, roots: [{ uri: 'https://example.com' }] })).toMatchObject({
        ok: false,
      });
      expect(
        await peer.call({ type: 'roots', connection, roots: [{ uri: 'file:///tmp/project', name: 'project' }] }),
      ).toMatchObject({ ok: true });
      const listed = await peer.call({
        type: 'request',
        connection,
        method: 'tools/call',
        params: { name: 'list_roots', arguments: {} },
      });
      expect(JSON.stringify(listed)).toContain('file:///tmp/project');
      // The server was told the list changed.
      await expect
        .poll(
          () =>
            peer.pushes.some((m) => m.type === 'wire' && JSON.stringify(m.entries).includes('notifications/roots/list_changed')),
          { timeout: 10_000 },
        )
        .toBe(true);
      expect(await peer.call({ type: 'logLevel', connection, level: 'debug' })).toMatchObject({ ok: true });
      await expect
        .poll(() => peer.pushes.some((m) => m.type === 'wire' && JSON.stringify(m.entries).includes('logging/setLevel')), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      peer.close();
    }
  });
  it('subscribes to a resource and passes its updates on', async () => {
    const peer = await TestPeer.open(inspector.port, inspector.token);
    try {
      const connected = await peer.call({ type: 'connect', spec: EVERYTHING });
      const connection = (connected as { value: { connection: string } }).value.connection;
      expect(await peer.call({ type: 'subscribe', connection, uri: 'everything://clock' })).toMatchObject({ ok: true });
      await peer.call({ type: 'request', connection, method: 'tools/call', params: { name: 'touch_clock', arguments: {} } });
      expect(await peer.waitFor((m) => m.type === 'updated' && m.connection === connection)).toMatchObject({
        uri: 'everything://clock',
      });
    } finally {
      peer.close();
    }
  });
});
