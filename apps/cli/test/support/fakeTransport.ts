/**
 * A scripted transport for the bridge's unit tests: records what is sent,
 * delivers what the test says the peer sent, fails sends on demand.
 *
 * @module
 */
import type { Frame, JsonRpcPayload, SendOptions, Transport, TransportSink } from 'mcpkit/jsonrpc';

/** One message sent through a {@link FakeTransport}. */
export interface Sent {
  readonly message: Record<string, unknown>;
  readonly related: unknown;
}

/** A transport whose peer is the test. */
export class FakeTransport implements Transport {
  sink: TransportSink | undefined;
  readonly sent: Sent[] = [];
  /** When set, `send` rejects with it. */
  failWith: Error | undefined;
  closed = false;

  start(sink: TransportSink): Promise<void> {
    this.sink = sink;
    return Promise.resolve();
  }

  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.failWith !== undefined) return Promise.reject(this.failWith);
    this.sent.push({ message: payload as unknown as Record<string, unknown>, related: options?.relatedRequestId });
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.sink?.closed();
    }
    return Promise.resolve();
  }

  /** The peer sends `frame`. */
  deliver(frame: Frame): void {
    this.sink?.receive(frame);
  }

  /** The peer goes away. */
  drop(error?: Error): void {
    this.closed = true;
    this.sink?.closed(error);
  }

  /** The messages sent so far. */
  get messages(): Record<string, unknown>[] {
    return this.sent.map((s) => s.message);
  }
}

/** Lets queued promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}
