/** Official SDK v2's client: `Client` over its `StdioClientTransport` or `StreamableHTTPClientTransport`; 2026-07-28 pinned for the stateless era. */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { MESSAGE, runDriver, serverArgs, serverEnv } from '../lib/driver.mjs';

await runDriver({
  supports: () => true,
  async open(cfg, url) {
    const options = cfg.mode === 'stateless' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
    const client = new Client({ name: 'v2-driver', version: '1.0.0' }, options);
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
