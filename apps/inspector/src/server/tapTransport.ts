/**
 * A transport that writes every message it carries into the wire log,
 * around the real one: what the client sends as it is sent, and what arrives
 * before the client sees it. Uses only the public `Transport` interface.
 *
 * @module
 */
import type { Frame, JsonRpcPayload, SendOptions, Transport, TransportSink } from 'mcpkit/jsonrpc';
import type { Direction } from '../shared/wire.js';

const decoder = new TextDecoder();

/** A frame as JSON for the log: text and bytes are parsed; text that is not JSON stays text. */
function asJson(frame: Frame): unknown {
  if (typeof frame !== 'string' && !(frame instanceof Uint8Array)) return frame;
  const text = typeof frame === 'string' ? frame : decoder.decode(frame);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Wraps `inner` so `record` sees every message in both directions. */
export function tapTransport(inner: Transport, record: (dir: Direction, message: unknown) => void): Transport {
  return {
    start(sink: TransportSink): Promise<void> {
      return inner.start({
        receive(frame, info) {
          record('in', asJson(frame));
          sink.receive(frame, info);
        },
        reject(error) {
          record('in', { jsonrpc: '2.0', id: null, error });
          sink.reject(error);
        },
        closed(error) {
          sink.closed(error);
        },
      });
    },
    send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
      record('out', payload);
      return inner.send(payload, options);
    },
    close(): Promise<void> {
      return inner.close();
    },
  };
}
