// What of a caller's `_meta` a proxy passes upstream: trace context and keys
// that MCP does not reserve; never a key under a reserved prefix, which could
// forge what the upstream takes for the proxy's own protocol fields.
import { describe, expect, it } from 'vitest';
import { everythingUpstream, proxied } from './fixtures.js';

const SENT = {
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  tracestate: 'vendor=opaque',
  baggage: 'user=alice',
  custom: 'kept',
  'com.example/flag': 'kept',
  'com.example.mcp/flag': 'kept',
  progressToken: 'forged-token',
  'io.modelcontextprotocol/clientInfo': { name: 'forged', version: '6.6.6' },
  'io.modelcontextprotocol/logLevel': 'debug' as const,
  'io.modelcontextprotocol/related-task': { taskId: 'forged' },
  'dev.mcp/anything': 'forged',
  'org.modelcontextprotocol.api/anything': 'forged',
  'IO.MCP/anything': 'forged',
  'not a/prefix': 'forged',
  'a/b/c': 'forged',
};

describe.each(['handshake', 'stateless'] as const)('a caller of the %s era, through a proxy', (era) => {
  it('passes on trace context and unreserved keys, and no key MCP reserves', async () => {
    const upstream = everythingUpstream();
    const { caller } = await proxied(upstream.server, { upstream: { era }, caller: { era } });
    await caller.callTool({ name: 'echo', arguments: { text: 'hi' }, _meta: SENT });
    const seen = upstream.seen.meta ?? {};
    for (const key of ['traceparent', 'tracestate', 'baggage', 'custom', 'com.example/flag', 'com.example.mcp/flag'])
      expect(seen[key], key).toEqual(SENT[key as keyof typeof SENT]);
    expect(JSON.stringify(seen)).not.toContain('forged');
    for (const key of ['dev.mcp/anything', 'org.modelcontextprotocol.api/anything', 'IO.MCP/anything', 'not a/prefix', 'a/b/c'])
      expect(seen[key], key).toBeUndefined();
  });
});
