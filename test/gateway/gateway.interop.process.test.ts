// The official clients (v1 and v2) reach four upstreams of different kinds
// through one `mcpkit gateway` spawned over stdio: names that collide, the
// upstream's elicitation and progress, a list change and a crash.
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from 'mcpkit/protocol';
import { CLI_ENTRY, type Harness } from '../support/harness.js';
import { assertCliBuilt } from '../support/process.js';
import { connectV1 } from '../support/v1Harness.js';
import { connectV2 } from '../support/v2Harness.js';
import { upstreams, type Upstreams } from './gatewayConfig.js';

const T = 120_000;

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const CLIENTS: Record<string, (file: string) => Promise<Harness>> = {
  'SDK v1': (file) =>
    connectV1(
      new V1Stdio({ command: process.execPath, args: [CLI_ENTRY, 'gateway', '--config', file], stderr: 'pipe' }),
      'stdio',
    ),
  'SDK v2, 2025-11-25': (file) =>
    connectV2(
      new V2Stdio({ command: process.execPath, args: [CLI_ENTRY, 'gateway', '--config', file], stderr: 'pipe' }),
      'stdio',
      'handshake',
    ),
  'SDK v2, 2026-07-28': (file) =>
    connectV2(
      new V2Stdio({ command: process.execPath, args: [CLI_ENTRY, 'gateway', '--config', file], stderr: 'pipe' }),
      'stdio',
      'stateless',
    ),
};

describe.each(Object.entries(CLIENTS))('mcpkit gateway, %s over stdio', (_name, connect) => {
  let ups: Upstreams;
  let client: Harness;

  beforeAll(async () => {
    assertCliBuilt();
    ups = await upstreams();
    client = await connect(ups.file);
    // The gateway answers at once; upstreams join as they come up.
    await eventually(async () => {
      const names = (await client.listTools()).map((t) => t.name);
      return ['everything_echo', 'web_echo', 'memory_create_entities', 'fixture_note'].every((n) => names.includes(n));
    }, 'every upstream mounted');
  }, T);

  afterAll(async () => {
    await client.close();
    await ups.close();
  }, T);

  it(
    'namespaces two upstreams that both have echo, and aggregates resources and prompts',
    async () => {
      expect(text(await client.callTool('everything_echo', { message: 'via stdio' }))).toContain('via stdio');
      expect(text(await client.callTool('web_echo', { message: 'via http' }))).toContain('via http');
      const resources = await client.listResources();
      expect(resources.some((r) => r.uri.startsWith('everything://'))).toBe(true);
      const prompts = (await client.listPrompts()).map((p) => p.name);
      expect(prompts.some((p) => p.startsWith('everything_'))).toBe(true);
      expect(prompts.some((p) => p.startsWith('web_'))).toBe(true);
    },
    T,
  );

  it(
    "reaches the official memory server's tools",
    async () => {
      await client.callTool('memory_create_entities', {
        entities: [{ name: 'gateway', entityType: 'thing', observations: ['sits in front'] }],
      });
      expect(text(await client.callTool('memory_read_graph', {}))).toContain('sits in front');
    },
    T,
  );

  it(
    "forwards the upstream's progress and elicitation to the caller",
    async () => {
      const progress: number[] = [];
      await client.callTool(
        'everything_long_running_operation',
        { duration: 0.3, steps: 3 },
        { onprogress: (p) => progress.push(p.progress) },
      );
      expect(progress.length).toBeGreaterThan(0);
      const before = client.inbox.elicitations.length;
      const answered = await client.callTool('everything_elicit_form', {});
      expect(client.inbox.elicitations.length).toBe(before + 1);
      expect(answered.isError).not.toBe(true);
    },
    T,
  );

  it(
    'propagates a list change of an upstream',
    async () => {
      expect(text(await client.callTool('fixture_grow', {}))).toBe('grew');
      await eventually(async () => (await client.listTools()).some((t) => t.name === 'fixture_grown'), 'fixture_grown listed');
      expect(text(await client.callTool('fixture_grown', {}))).toBe('grown here');
    },
    T,
  );

  it(
    'survives an upstream crash: the call fails, the others go on, the crashed one comes back',
    async () => {
      const crashed = await client.callTool('fixture_crash', {}).then(
        (r) => ({ result: r }),
        (e: unknown) => ({ error: e }),
      );
      // A JSON-RPC error (or, where the SDK maps it, an error result): never a hang.
      if ('result' in crashed) expect(crashed.result.isError).toBe(true);
      else expect(String(crashed.error)).toMatch(/fixture/);
      expect(text(await client.callTool('everything_echo', { message: 'still here' }))).toContain('still here');
      await eventually(async () => text(await client.callTool('fixture_note', {})) === 'a note', 'the fixture restarted');
    },
    T,
  );
});
