/**
 * mcpkit's client: `McpClient` over `StdioClientTransport` or, for HTTP, the
 * `NodeStreamableHttpClientTransport` of `mcpkit/node` (its native `node:http`
 * face). `BENCH_MCPKIT_HTTP=fetch` takes `StreamableHttpClientTransport` of `mcpkit/http` instead
 * (the `fetch` face, what browsers, Deno, Bun and workers run), for comparison.
 */
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { MESSAGE, runDriver, serverArgs, serverEnv } from '../lib/driver.mjs';

/** The HTTP client transport of the face under test, loaded only for HTTP runs. */
async function httpTransport() {
  if (process.env.BENCH_MCPKIT_HTTP === 'fetch') return (await import('mcpkit/http')).StreamableHttpClientTransport;
  return (await import('mcpkit/node')).NodeStreamableHttpClientTransport;
}

await runDriver({
  supports: () => true,
  async open(cfg, url) {
    const client = new McpClient({
      name: 'mcpkit-driver',
      version: '1.0.0',
      era: cfg.mode === 'stateless' ? '2026-07-28' : 'handshake',
    });
    const transport =
      cfg.transport === 'stdio'
        ? new StdioClientTransport({ command: process.execPath, args: serverArgs(cfg), env: serverEnv(cfg), stderr: 'inherit' })
        : new (await httpTransport())({ url });
    await client.connect(transport);
    const params = { name: 'echo', arguments: { message: MESSAGE } };
    return {
      call: async () => (await client.callTool(params)).content[0].text,
      close: () => client.close(),
    };
  },
});
