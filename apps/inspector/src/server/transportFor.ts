/**
 * The transport for a connect spec, tapped: its messages, HTTP exchanges and
 * a stdio server's stderr all go to the wire log. `httpOptions` is the seam
 * for what an HTTP connection needs beyond headers (an OAuth client's header
 * source, a custom `HttpClient`).
 *
 * @module
 */
import type { Transport } from 'mcpkit/jsonrpc';
import type { HttpTransportOptions } from 'mcpkit/http';
import { NodeHttpClient, NodeSseClientTransport, NodeStreamableHttpClientTransport } from 'mcpkit/node';
import { StdioClientTransport } from 'mcpkit/stdio';
import type { ConnectSpec } from '../shared/connectSpec.js';
import { tapHttpClient } from './httpTap.js';
import { tapTransport } from './tapTransport.js';
import type { NewEntry } from './wireLog.js';

/** Extra options for HTTP connections, by spec: the OAuth seam (`auth`: an `OAuthClient` from `mcpkit/auth`). */
export type HttpOptionsHook = (
  spec: ConnectSpec & { kind: 'http' },
) => Partial<HttpTransportOptions> | Promise<Partial<HttpTransportOptions>>;

const httpClient = new NodeHttpClient();

/** A transport for `spec` that records everything it carries with `record`. */
export async function transportFor(
  spec: ConnectSpec,
  record: (entry: NewEntry) => void,
  httpOptions?: HttpOptionsHook,
): Promise<Transport> {
  let inner: Transport;
  if (spec.kind === 'http') {
    const extra = (await httpOptions?.(spec)) ?? {};
    const options = {
      url: spec.url,
      headers: spec.headers,
      ...extra,
      httpClient: tapHttpClient(extra.httpClient ?? httpClient, record),
    };
    inner =
      spec.transport === 'sse'
        ? new NodeSseClientTransport(options)
        : new NodeStreamableHttpClientTransport({ ...options, fallbackToSse: true });
  } else {
    inner = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: spec.env,
      ...(spec.cwd !== undefined && { cwd: spec.cwd }),
      ...(spec.inheritEnv === true && { inheritEnv: true }),
      shutdownStepMs: 1000,
      stderr: 'pipe',
      onStderr: (text) => {
        record({ kind: 'stderr', text });
      },
    });
  }
  return tapTransport(inner, (dir, message) => {
    record({ kind: 'message', dir, message });
  });
}
