/**
 * An `McpServer` that serves nothing itself: the HTTP handler (which serves
 * only `McpServer`s) hands it each connection, and it gives the connection to
 * a forwarder instead (a relay to a server process). So the bridge gets all
 * of the handler's HTTP — sessions, SSE streams and resumption, HTTP+SSE, the
 * Host/Origin guards, the 2026-07-28 header checks — without a second
 * implementation, and relays messages untouched.
 *
 * The `ServerSession` the handler expects is connected to a placeholder that
 * receives nothing and closes when the real connection does, so the handler
 * still forgets the session at the right time.
 *
 * @module
 */
import type { JsonRpcPayload, Transport, TransportSink } from 'mcpkit/jsonrpc';
import { LocalError } from 'mcpkit/jsonrpc';
import { McpServer, type ConnectOptions, type ServerSession } from 'mcpkit/server';

/** Takes over a connection the HTTP handler opened. `stateless`: a single 2026-07-28 request. */
export type Forward = (connection: Transport, stateless: boolean) => Promise<Closing>;

/** Tells the placeholder session when the forwarded connection ended. */
export interface Closing {
  readonly closed: Promise<void>;
}

/** The transport the handler's `ServerSession` holds: nothing comes in; it closes with the real connection. */
class Placeholder implements Transport {
  #sink: TransportSink | undefined;
  #done = false;
  readonly #real: Transport;

  constructor(real: Transport, closing: Closing) {
    this.#real = real;
    void closing.closed.then(() => {
      this.#finish();
    });
  }

  start(sink: TransportSink): Promise<void> {
    this.#sink = sink;
    if (this.#done) sink.closed();
    return Promise.resolve();
  }

  send(_payload: JsonRpcPayload): Promise<void> {
    // The session never gets a request, so it has nothing to answer; anything it says on its own stays here.
    return Promise.reject(new LocalError('CONNECTION_CLOSED', 'forwarded connection'));
  }

  async close(): Promise<void> {
    await this.#real.close();
    this.#finish();
  }

  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    this.#sink?.closed();
  }
}

/** The server the bridge hands to `serveHttp`. */
export class ForwardingServer extends McpServer {
  readonly #forward: Forward;

  constructor(forward: Forward, info: { readonly name: string; readonly version: string }) {
    super(info);
    this.#forward = forward;
  }

  override async connect(transport: Transport, options: ConnectOptions = {}): Promise<ServerSession> {
    const closing = await this.#forward(transport, options.mode === 'stateless');
    return super.connect(new Placeholder(transport, closing), options);
  }
}
