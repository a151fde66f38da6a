import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Health } from './gateway.js';
import { answerHealth, type HealthDetail } from './healthz.js';

const health: Health = { status: 'degraded', upstreams: { internal: { state: 'restarting', restarts: 2, tools: 0 } } };
const open: Server[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await new Promise((r) => s.close(r));
});

async function serve(detail: HealthDetail): Promise<string> {
  const server = createServer((req, res) => {
    if (!answerHealth(req, res, () => health, detail)) res.writeHead(404).end();
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

describe('/healthz', () => {
  it('tells a caller of a gateway with --auth-server its status alone', async () => {
    const response = await fetch(`${await serve('status')}/healthz`);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 'degraded' });
    expect(text).not.toContain('internal');
  });

  it("tells a local gateway's caller each upstream's state, and leaves other paths to the MCP handler", async () => {
    const url = await serve('upstreams');
    expect(await (await fetch(`${url}/healthz?x=1`)).json()).toEqual(health);
    expect((await fetch(`${url}/mcp`)).status).toBe(404);
    expect((await fetch(`${url}/healthz`, { method: 'POST' })).status).toBe(404);
  });
});
