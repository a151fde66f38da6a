// A recording is meant to be shared: recorded through the inspector's own
// channel (as the page does) against a stdio server given an environment
// secret and an HTTP server given header and URL secrets, the saved file
// holds none of them unless the user explicitly keeps them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEverythingServer } from '@mcpkit/server-everything';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspector, type RunningInspector } from '../src/index.js';
import { EVERYTHING, TestPeer } from './helpers.js';

const ENV_SECRET = 'env-secret-5f1c9a';
const HEADER_SECRET = 'header-secret-77ab02';
const AUTH_SECRET = 'bearer-secret-0c4e19';
const QUERY_SECRET = 'query-secret-9d3b6e';
const SECRETS = [ENV_SECRET, HEADER_SECRET, AUTH_SECRET, QUERY_SECRET];

let inspector: RunningInspector;
let http: HttpServerHandle;
let peer: TestPeer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inspector-secrets-'));
  http = await serveHttp(createEverythingServer(), { port: 0 });
  inspector = await startInspector({ port: 0 });
  peer = await TestPeer.open(inspector.port, inspector.token);
}, 60_000);
afterAll(async () => {
  peer.close();
  await inspector.close();
  await http.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Connects, records one call, stops; returns the saved file's bytes as the page would save them. */
async function recordOneCall(spec: Record<string, unknown>, keepSecrets?: boolean): Promise<string> {
  const connected = await peer.call({ type: 'connect', spec });
  expect(connected, JSON.stringify(connected)).toMatchObject({ ok: true });
  const connection = (connected as { value: { connection: string } }).value.connection;
  expect(await peer.call({ type: 'record', connection, on: true })).toMatchObject({ ok: true });
  const echoed = await peer.call({
    type: 'request',
    connection,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'recorded' } },
  });
  expect(echoed).toMatchObject({ ok: true });
  const stopped = await peer.call({ type: 'record', connection, on: false, ...(keepSecrets !== undefined && { keepSecrets }) });
  expect(stopped).toMatchObject({ ok: true });
  await peer.call({ type: 'close', connection });
  const file = join(dir, `${connection}.json`);
  writeFileSync(file, JSON.stringify((stopped as { value: unknown }).value, null, 2));
  return readFileSync(file, 'latin1');
}

function httpSpec(): Record<string, unknown> {
  return {
    kind: 'http',
    url: `${http.url}?access_token=${QUERY_SECRET}`,
    headers: { 'X-Team-Credential': HEADER_SECRET, Authorization: `Bearer ${AUTH_SECRET}` },
    transport: 'auto',
    era: 'handshake',
  };
}

describe('a saved recording', { timeout: 60_000 }, () => {
  it('holds no environment value of a stdio server', async () => {
    const bytes = await recordOneCall({ ...EVERYTHING, env: { MY_SERVICE_TOKEN: ENV_SECRET }, era: 'handshake' });
    expect(bytes).not.toContain(ENV_SECRET);
    expect(bytes).toContain('MY_SERVICE_TOKEN');
    expect(bytes).toContain('"secrets": "masked"');
  });

  it('holds no header value the user set, no bearer token and no token in the URL, in the target or the wire', async () => {
    const bytes = await recordOneCall(httpSpec());
    for (const secret of SECRETS) expect(bytes).not.toContain(secret);
    // The calls and the HTTP exchanges are still there.
    expect(bytes).toContain('"recorded"');
    expect(bytes).toMatch(/"kind": "http"[\s\S]*"method": "POST"/);
  });

  it('keeps them only when the user asks to', async () => {
    const bytes = await recordOneCall(httpSpec(), true);
    expect(bytes).toContain(HEADER_SECRET);
    expect(bytes).toContain(QUERY_SECRET);
    expect(bytes).toContain('"secrets": "kept"');
    // The wire's credentials were masked when logged, kept or not.
    const wire = (JSON.parse(bytes) as { wire: { kind: string; requestHeaders?: Record<string, string> }[] }).wire;
    const sent = wire.filter((e) => e.kind === 'http').map((e) => e.requestHeaders ?? {});
    expect(sent.length).toBeGreaterThan(0);
    for (const headers of sent) expect(headers['authorization']).toBe('Bearer ***');
  });
});
