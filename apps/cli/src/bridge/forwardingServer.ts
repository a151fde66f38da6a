/**
 * What the bridge hands to `serveHttp`: a `SessionServer` (mcpkit/http) that
 * answers nothing itself. The HTTP handler hands it each connection, and it
 * gives the connection to a forwarder instead (a relay to a server process).
 * So the bridge gets all of the handler's HTTP — sessions, SSE streams and
 * resumption, HTTP+SSE, the Host/Origin guards, the 2026-07-28 header checks
 * — without a second implementation, and relays messages untouched. The
 * handler forgets the session when the forwarded connection ends.
 *
 * @module
 */
import type { Transport } from 'mcpkit/jsonrpc';
import type { AnsweringSession, SessionConnect, SessionServer } from 'mcpkit/http';

/** Takes over a connection the HTTP handler opened. `stateless`: a single 2026-07-28 request. */
export type Forward = (connection: Transport, stateless: boolean) => Promise<Closing>;

/** Tells the handler when the forwarded connection ended. */
export interface Closing {
  readonly closed: Promise<void>;
}

/** The server the bridge hands to `serveHttp`. */
export class ForwardingServer implements SessionServer {
  readonly #forward: Forward;

  constructor(forward: Forward) {
    this.#forward = forward;
  }

  async connect(transport: Transport, options: SessionConnect): Promise<AnsweringSession> {
    const closing = await this.#forward(transport, options.mode === 'stateless');
    const { onClose } = options;
    if (onClose !== undefined)
      void closing.closed.then(() => {
        onClose();
      });
    // The revision is negotiated upstream and not read here: the handler primes no stream and reads no batch for it.
    return {};
  }
}
