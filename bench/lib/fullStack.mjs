/**
 * For the development tools that drive a full stack (`large.mjs`,
 * `notify.mjs`): a connected client of mcpkit or the official v2 SDK, against
 * its own benchmark server, over stdio (spawned by the client library) or HTTP
 * (spawned here and killed when this process exits).
 */
import { serverArgs, serverEnv, spawnHttpServer } from './driver.mjs';

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function httpUrl(cfg) {
  const { url, child } = await spawnHttpServer(cfg);
  children.push(child);
  return new URL(url);
}

/**
 * The benchmark config of `impl`'s server on `transport` (handshake era), with a stats file of its own;
 * `notify` serves the notify tool too.
 */
export function fullStackConfig(impl, transport, notify = false) {
  return { transport, mode: 'session', server: impl, notify, statsFile: `/tmp/mcpkit-tool-${process.pid}-${impl}` };
}

/** A client of `impl` ('mcpkit' or 'v2') connected to the server of `cfg`; both have `callTool` and `close`. */
export async function connectFullStack(impl, cfg) {
  const stdio = { command: process.execPath, args: serverArgs(cfg), env: serverEnv(cfg) };
  if (impl === 'mcpkit') {
    const { McpClient } = await import('mcpkit/client');
    const { StdioClientTransport, nodeHttpTransport } = await import('mcpkit/node');
    const client = new McpClient({ name: 'bench-tool', version: '1.0.0', era: 'handshake' });
    await client.connect(
      cfg.transport === 'stdio' ? new StdioClientTransport(stdio) : await nodeHttpTransport(await httpUrl(cfg)),
    );
    return client;
  }
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const client = new Client({ name: 'bench-tool', version: '1.0.0' });
  await client.connect(
    cfg.transport === 'stdio' ? new StdioClientTransport(stdio) : new StreamableHTTPClientTransport(await httpUrl(cfg)),
  );
  return client;
}
