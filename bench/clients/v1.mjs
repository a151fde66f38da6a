/** Official SDK v1's client: `Client` over its `StdioClientTransport` or `StreamableHTTPClientTransport` (handshake era only). */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MESSAGE, runDriver, serverArgs, serverEnv } from '../lib/driver.mjs';

await runDriver({
  supports: (cfg) => cfg.mode !== 'stateless',
  async open(cfg, url) {
    const client = new Client({ name: 'v1-driver', version: '1.0.0' });
    const transport =
      cfg.transport === 'stdio'
        ? new StdioClientTransport({ command: process.execPath, args: serverArgs(cfg), env: serverEnv(cfg), stderr: 'inherit' })
        : new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    const params = { name: 'echo', arguments: { message: MESSAGE } };
    return {
      call: async () => (await client.callTool(params)).content[0].text,
      close: () => client.close(),
    };
  },
});
