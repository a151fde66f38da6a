// Spawns real processes: the transport contract run end to end through a real stdio server process.
//
// `a` is a StdioClientTransport; the child is the fixture server in relay mode,
// which serves its stdio with StdioServerTransport and relays every message to
// and from a unix socket; `b` is a StreamTransport on that socket, in this
// process. So each message crosses both stdio transports and a real pipe.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { deferred } from '../../../test/helpers.js';
import { assertBuilt, expectGone, FIXTURE_SERVER } from '../../../test/processHelpers.js';
import { runTransportContract } from '../../../test/transportContract.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { Transport, TransportSink } from '../../jsonrpc/transport.js';
import { StdioClientTransport } from './stdioClientTransport.js';
import { StreamTransport } from './streamTransport.js';

/** A StreamTransport over a socket that connects later (once the child runs). */
class SocketEnd implements Transport {
  readonly #socket: Promise<Socket>;
  #inner: StreamTransport | undefined;
  #closed = false;

  constructor(socket: Promise<Socket>) {
    this.#socket = socket;
  }

  async start(sink: TransportSink): Promise<void> {
    if (this.#inner !== undefined) throw new LocalError('INVALID_ARGUMENT', 'Transport already started');
    const socket = await this.#socket;
    this.#inner = new StreamTransport(socket, socket);
    if (this.#closed) await this.#inner.close();
    return this.#inner.start(sink);
  }

  send(payload: JsonRpcPayload): Promise<void> {
    return this.#inner?.send(payload) ?? Promise.reject(new LocalError('CONNECTION_CLOSED', 'Not started'));
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#inner?.close();
  }
}

beforeAll(() => {
  assertBuilt();
});

runTransportContract('StdioClientTransport ↔ a real StdioServerTransport process', {
  largeMessageBytes: 4 * 1024 * 1024,
  closeTimeoutMs: 2500,
  create: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-relay-'));
    const path = join(dir, 'relay.sock');
    const connected = deferred<Socket>();
    const server = createServer((socket) => {
      connected.resolve(socket);
    });
    await new Promise<void>((resolve) => server.listen(path, resolve));
    const a = new StdioClientTransport({
      command: process.execPath,
      args: [FIXTURE_SERVER, '--relay', path],
      stderr: 'inherit',
      shutdownStepMs: 1000,
    });
    const b = new SocketEnd(connected.promise);
    return {
      a,
      b,
      cleanup: async () => {
        const pid = a.pid;
        await a.close();
        server.close();
        rmSync(dir, { recursive: true, force: true });
        // Closing the client leaves no process behind.
        if (pid !== undefined) await expectGone(pid, 500);
      },
    };
  },
});
