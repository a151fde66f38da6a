/**
 * mcpkit's client: `McpClient` over `StdioClientTransport` or, for HTTP, the
 * `StreamableHttpClientTransport` of `mcpkit/node` (its native `node:http`
 * face). `BENCH_MCPKIT_HTTP=fetch` takes the one of `mcpkit/http` instead
 * (the `fetch` face, what browsers, Deno, Bun and workers run), for comparison.
 */
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { MESSAGE, runDriver, serverArgs, serverEnv } from '../lib/driver.mjs';

/** The HTTP client transport of the face under test, loaded only for HTTP runs. */
async function httpTransport() {
  const face = process.env.BENCH_MCPKIT_HTTP === 'fetch' ? 'mcpkit/http' : 'mcpkit/node';
  return (await import(face)).StreamableHttpClientTransport;
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
