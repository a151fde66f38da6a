// The whole everything suite through `mcpkit bridge`, both ways, with the
// official clients as hosts:
// - `mcpkit bridge URL`: the client spawns the bridge on stdio, the bridge
//   talks Streamable HTTP to `mcpkit serve everything --http 0`;
// - `mcpkit bridge --http 0 -- mcpkit serve everything`: the client talks
//   Streamable HTTP to the bridge, which relays to the stdio server.
// Every tool (progress, cancellation, sampling, elicitation, roots, logging),
// resource (subscriptions) and prompt must behave as it does directly.
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V2HttpTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { CLI_ENTRY, type Harness } from './support/harness.js';
import { startHttpBridge } from './support/bridgeProcess.js';
import { assertCliBuilt, startHttpServer } from './support/process.js';
import { describeEverything } from './support/suite/index.js';
import { connectV1 } from './support/v1Harness.js';
import { connectV2, type V2Era } from './support/v2Harness.js';

/** A host on stdio, spawning `mcpkit bridge <url>` in front of `mcpkit serve everything --http 0`. */
async function throughStdioBridge(connect: (args: string[]) => Promise<Harness>): Promise<Harness> {
  assertCliBuilt();
  const server = await startHttpServer();
  try {
    const harness = await connect([CLI_ENTRY, 'bridge', server.url.href]);
    return {
      ...harness,
      close: async () => {
        await harness.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A host on HTTP, talking to the bridge in front of the stdio server. */
async function throughHttpBridge(connect: (url: URL) => Promise<Harness>): Promise<Harness> {
  const bridge = await startHttpBridge();
  try {
    const harness = await connect(bridge.url);
    return {
      ...harness,
      close: async () => {
        await harness.close();
        await bridge.stop();
      },
    };
  } catch (error) {
    await bridge.stop();
    throw error;
  }
}

const v1Stdio = (args: string[]): Promise<Harness> =>
  connectV1(new V1StdioTransport({ command: process.execPath, args, stderr: 'pipe' }), 'stdio');
const v2Stdio =
  (era: V2Era) =>
  (args: string[]): Promise<Harness> =>
    connectV2(new V2StdioTransport({ command: process.execPath, args, stderr: 'pipe' }), 'stdio', era);

describeEverything('bridge URL: SDK v1 client on stdio (2025-11-25)', () => throughStdioBridge(v1Stdio));
describeEverything('bridge URL: SDK v2 client on stdio (2025-11-25)', () => throughStdioBridge(v2Stdio('handshake')));
describeEverything('bridge URL: SDK v2 client on stdio (2026-07-28)', () => throughStdioBridge(v2Stdio('stateless')));

describeEverything('bridge --http: SDK v1 client on HTTP (2025-11-25)', () =>
  throughHttpBridge((url) => connectV1(new V1HttpTransport(url), 'http')),
);
describeEverything('bridge --http: SDK v2 client on HTTP (2025-11-25)', () =>
  throughHttpBridge((url) => connectV2(new V2HttpTransport(url), 'http', 'handshake')),
);
describeEverything('bridge --http: SDK v2 client on HTTP (2026-07-28)', () =>
  throughHttpBridge((url) => connectV2(new V2HttpTransport(url), 'http', 'stateless')),
);
