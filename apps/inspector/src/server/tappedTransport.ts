/**
 * The transport for a connect spec, tapped: the one Node transport of
 * mcpkit (`nodeTransportFor`), with its HTTP exchanges, its messages and a
 * stdio server's stderr all going to the wire log.
 *
 * @module
 */
import type { Transport } from 'mcpkit/jsonrpc';
import { nodeTransportFor, type ServerAuth } from 'mcpkit/host/transport';
import { NodeHttpClient } from 'mcpkit/node';
import type { ConnectSpec } from '../shared/connectSpec.js';
import { tapHttpClient } from './httpTap.js';
import { tapTransport } from './tapTransport.js';
import type { NewEntry } from './wireLog.js';

const httpClient = new NodeHttpClient();

/** A transport for `spec` that records everything it carries with `record`; `auth` authorizes its HTTP requests. */
export function tappedTransportFor(spec: ConnectSpec, record: (entry: NewEntry) => void, auth?: ServerAuth): Transport {
  const inner = nodeTransportFor(spec, {
    auth,
    httpClient: tapHttpClient(httpClient, record),
    onStderr: (text) => {
      record({ kind: 'stderr', text });
    },
  });
  return tapTransport(inner, (dir, message) => {
    record({ kind: 'message', dir, message });
  });
}
