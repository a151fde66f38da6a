/**
 * The official clients through three Redis-backed processes behind a
 * round-robin proxy: v1 (`@modelcontextprotocol/sdk`) and v2
 * (`@modelcontextprotocol/client`) in the handshake era (session, progress,
 * elicitation answered at another process, a stream closed mid-call and
 * resumed through another process), v2 and mcpkit in the stateless era.
 */
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import { nodeHttpTransport } from '../../src/node/http/client/nodeHttpTransport.js';
import { HAVE_REDIS } from './cluster.js';
import { mcpkitCall, mcpkitClient, text, v1Call, v1Client, v2Call, type Call, type Outcome } from './callers.js';
import { useCluster } from './testBed.js';

if (!HAVE_REDIS) console.warn('scale-out tests skipped: redis-server is not installed (apt-get install -y redis-server)');

describe.skipIf(!HAVE_REDIS)('official clients through three Redis-backed processes', () => {
  const bed = useCluster();

  /** Runs the handshake-era scenario with any client, through its two calls. */
  async function scenario(call: Call): Promise<void> {
    const pids = new Set<string>();
    for (let i = 0; i < 6; i++) pids.add(text(await call('echo', { text: 'hi' })).replace(/.*pid /, ''));
    expect(pids.size).toBe(3);
    for (let i = 0; i < 3; i++) expect(text(await call('elicit', {}))).toMatch(/^hello Grace/);
    const progress: number[] = [];
    expect(text(await call('progress', { steps: 4 }, (p) => progress.push(p)))).toBe('done 4');
    expect(progress).toEqual([1, 2, 3, 4]);
    const resumed: number[] = [];
    expect(text(await call('reconnect', {}, (p) => resumed.push(p)))).toMatch(/^reconnected/);
    expect(resumed).toEqual([1, 2, 3, 4]);
  }

  it('v1, handshake era', async () => {
    const client = v1Client();
    await client.connect(new V1Transport(new URL(bed.proxy.url)));
    try {
      await scenario(v1Call(client));
    } finally {
      await client.close();
    }
  });

  it('v2, handshake era', async () => {
    const client = new V2Client({ name: 'sdk-v2', version: '2.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Grace' } }));
    await client.connect(new V2Transport(new URL(bed.proxy.url)));
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    try {
      await scenario(v2Call(client));
    } finally {
      await client.close();
    }
  });

  it('mcpkit, handshake era', async () => {
    const client = mcpkitClient();
    await client.connect(nodeHttpTransport(bed.proxy.url));
    try {
      await scenario(mcpkitCall(client));
    } finally {
      await client.close();
    }
  });

  it('v2 and mcpkit, stateless era', async () => {
    const v2 = new V2Client(
      { name: 'sdk-v2', version: '2.0.0' },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    v2.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Grace' } }));
    await v2.connect(new V2Transport(new URL(bed.proxy.url)));
    const mcp = new McpClient({
      name: 'mcpkit',
      version: '1.0.0',
      era: 'stateless',
      handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Grace' } }) } },
    });
    await mcp.connect(nodeHttpTransport(bed.proxy.url));
    try {
      expect(mcp.revision).toBe('2026-07-28');
      for (let i = 0; i < 3; i++) {
        expect(text((await v2.callTool({ name: 'elicit', arguments: {} })) as Outcome)).toMatch(/^hello Grace/);
        expect(text(await mcp.callTool({ name: 'elicit', arguments: {} }))).toMatch(/^hello Grace/);
      }
    } finally {
      await v2.close();
      await mcp.close();
    }
  });
});
