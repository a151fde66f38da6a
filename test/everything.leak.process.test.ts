// The everything server leaks nothing of its environment: spawned with a
// secret in its environment and a working directory of its own, every tool,
// resource and prompt answers without a trace of either (nor of the host's
// paths or name).
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ITEM_TEMPLATE } from '@mcpkit/server-everything';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertCliBuilt, cliPeer } from './support/process.js';
import { TOOL_NAMES } from './support/suite/index.js';

const SECRET = 'sk-live-0123456789abcdef-never-print-me';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
let cwd: string | undefined;

beforeAll(() => {
  assertCliBuilt();
  cwd = mkdtempSync(join(tmpdir(), 'everything-leak-'));
});
afterAll(() => {
  if (cwd !== undefined) rmSync(cwd, { recursive: true, force: true });
});

const ARGS: Readonly<Record<string, object>> = {
  echo: { message: 'hi' },
  add: { a: 1, b: 2 },
  get_weather: { city: 'Berlin' },
  long_running_operation: { duration: 0, steps: 1 },
  sample_llm: { prompt: 'hi' },
  get_resource_links: { count: 20 },
  get_embedded_resource: { id: '1' },
  annotated_message: { messageType: 'debug', includeImage: true },
};

it('answers every request without revealing its environment', async () => {
  const dir = cwd!;
  const peer = cliPeer(['serve', 'everything'], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: homedir(), EVERYTHING_SECRET: SECRET },
  });
  try {
    peer.onRequest = (method, params) => {
      if (method === 'sampling/createMessage') return { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' };
      if (method === 'elicitation/create')
        return (params as { mode?: string }).mode === 'url' ? { action: 'accept' } : { action: 'decline' };
      return { roots: [{ uri: 'file:///given/by/the/client' }] };
    };
    let id = 1;
    const init = await peer.request({
      id: id++,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: {} },
        clientInfo: { name: 'leak', version: '1' },
      },
    });
    expect(init).toHaveProperty('result');
    peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const call = async (method: string, params: object = {}): Promise<unknown> => {
      const response = await peer.request({ id: id++, method, params });
      expect(response, `${method} ${JSON.stringify(params)}`).toHaveProperty('result');
      return response['result'];
    };
    for (const name of TOOL_NAMES) await call('tools/call', { name, arguments: ARGS[name] ?? {} });
    const { resources } = (await call('resources/list')) as { resources: { uri: string }[] };
    for (const r of resources) await call('resources/read', { uri: r.uri });
    await call('resources/templates/list');
    const { prompts } = (await call('prompts/list')) as { prompts: { name: string }[] };
    for (const p of prompts) await call('prompts/get', { name: p.name, arguments: { city: 'Oslo', itemId: '1' } });
    await call('completion/complete', { ref: { type: 'ref/resource', uri: ITEM_TEMPLATE }, argument: { name: 'id', value: '' } });
    peer.child.stdin.end();
    expect(await peer.exited).toEqual({ code: 0, signal: null });
    const everything = peer.stdout + peer.stderr;
    for (const secret of [SECRET, dir, ROOT, homedir(), hostname(), process.execPath])
      expect(everything, secret).not.toContain(secret);
  } finally {
    peer.kill();
  }
});
