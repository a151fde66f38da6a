/**
 * Bridges an mcpkit transport to the official SDKs' transport interface
 * (the same shape in v1 and v2: `start`, `send`, `close` and assignable
 * `onmessage`/`onclose`/`onerror` slots), so an SDK client can talk to an
 * mcpkit server over mcpkit's in-memory pair.
 *
 * @module
 */
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from 'mcpkit';

/** Every frame seen through the adapter, for debugging a failing test. */
export interface WireLog {
  readonly sent: unknown[];
  readonly received: unknown[];
}

/** An SDK transport backed by an mcpkit transport. */
export class SdkTransportAdapter implements SdkTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  readonly log: WireLog = { sent: [], received: [] };
  readonly #inner: Transport;

  constructor(inner: Transport) {
    this.#inner = inner;
  }

  start(): Promise<void> {
    return this.#inner.start({
      receive: (frame) => {
        const message: unknown =
          typeof frame === 'string'
            ? JSON.parse(frame)
            : frame instanceof Uint8Array
              ? JSON.parse(new TextDecoder().decode(frame))
              : frame;
        this.log.received.push(message);
        this.onmessage?.(message as JSONRPCMessage);
      },
      reject: (error) => {
        this.onerror?.(new Error(`${String(error.code)} ${error.message}`));
      },
      closed: (error) => {
        if (error !== undefined) this.onerror?.(error);
        this.onclose?.();
      },
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.log.sent.push(message);
    return this.#inner.send(message as Parameters<Transport['send']>[0]);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
