// An adapter from the official SDKs' transport interface (start/send/close
// plus assignable onmessage/onclose/onerror) to mcpkit's (start(sink)/send/
// close). Messages are serialized on the way in both directions, as on a wire.
import type { JsonRpcPayload } from '../../src/jsonrpc/message.js';
import type { Transport, TransportSink } from '../../src/jsonrpc/transport.js';

/** The part of the official SDKs' `Transport` the adapter uses (v1 and v2 agree on it). */
export interface SdkTransport {
  start(): Promise<void>;
  send(message: never): Promise<void>;
  close(): Promise<void>;
  onmessage?: ((message: never) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
}

/** Wraps one end of an SDK transport pair as an mcpkit `Transport`. */
export function fromSdkTransport(sdk: SdkTransport): Transport {
  let closed = false;
  return {
    start(sink: TransportSink): Promise<void> {
      sdk.onmessage = (message: unknown) => {
        sink.receive(JSON.stringify(message));
      };
      sdk.onclose = () => {
        if (closed) return;
        closed = true;
        sink.closed();
      };
      sdk.onerror = () => undefined;
      return sdk.start();
    },
    async send(payload: JsonRpcPayload): Promise<void> {
      const messages = Array.isArray(payload) ? (payload as readonly unknown[]) : [payload];
      for (const message of messages) await sdk.send(JSON.parse(JSON.stringify(message)) as never);
    },
    close(): Promise<void> {
      return sdk.close();
    },
  };
}
