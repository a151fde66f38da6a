/** mcpkit's client: `McpClient` over `StdioClientTransport` or `StreamableHttpClientTransport`. */
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { MESSAGE, runDriver, serverArgs, serverEnv } from '../lib/driver.mjs';

/** The HTTP client transport, loaded only for HTTP runs (it is not in the package's exports map yet: TODO). */
async function httpTransport() {
  try {
    return (await import('mcpkit/http/client')).StreamableHttpClientTransport;
  } catch {
    return (await import('../../packages/mcpkit/dist/http/client/index.js')).StreamableHttpClientTransport;
  }
}

await runDriver({
  supports: () => true,
  async open(cfg, url) {
    const client = new McpClient({
      name: 'mcpkit-driver',
      version: '1.0.0',
      era: cfg.mode === 'stateless' ? '2026-07-28' : 'legacy',
    });
    const transport =
      cfg.transport === 'stdio'
        ? new StdioClientTransport({ command: process.execPath, args: serverArgs(cfg), env: serverEnv(cfg), stderr: 'inherit' })
        : new (await httpTransport())({
            url,
            ...(process.env.BENCH_MCPKIT_NODE_FETCH === '1' && { fetch: (await import('../lib/nodeFetch.mjs')).nodeFetch }),
          });
    await client.connect(transport);
    const params = { name: 'echo', arguments: { message: MESSAGE } };
    return {
      call: async () => (await client.callTool(params)).content[0].text,
      close: () => client.close(),
    };
  },
});
