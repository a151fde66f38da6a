/**
 * `connectInMemory(server)`: an `McpClient` connected to a server in the same
 * process, the way a test wants it. The two ends are linked in memory (each
 * message serialized as on a real wire), the client negotiates as a real
 * client would (or speaks the era or revision asked for), every message is
 * recorded, and what the server asked the client (elicitation, sampling,
 * roots) is listed whichever era carried it.
 *
 * @module
 */
import { McpClient, type ClientHandlers, type ClientOptions } from '../client/index.js';
import { createInMemoryPair, type Transport } from '../jsonrpc/index.js';
import type { CreateMessageParams, ElicitFormParams, ElicitUrlParams } from '../protocol/index.js';
import type { ConnectOptions as ServerConnectOptions, ServerSession } from '../server/index.js';
import { recordWire, WireLog } from './wireLog.js';

/** What `connectInMemory` serves: an `McpServer` (of any state type), or anything with its `connect`. */
export interface InMemoryServable {
  connect(transport: Transport, options?: ServerConnectOptions): Promise<ServerSession>;
}

/** Options of {@link connectInMemory}: the client's options, all optional, and the link's. */
export interface ConnectInMemoryOptions extends Partial<ClientOptions> {
  /**
   * Attached to every message the server receives, as an authenticating
   * transport would (what a handler reads as `ctx.auth`).
   */
  readonly auth?: unknown;
}

/** A request the server made of the client, in either era. */
export type RecordedInputRequest =
  | { readonly method: 'elicitation/create'; readonly params: ElicitFormParams | ElicitUrlParams }
  | { readonly method: 'sampling/createMessage'; readonly params: CreateMessageParams }
  | { readonly method: 'roots/list' };

/**
 * An `McpClient` connected in memory, with what a test inspects besides the
 * results: the server's side of the connection, the wire, and the input the
 * server asked for. `close()` (or `await using`) ends both sides.
 */
export class TestClient extends McpClient {
  /** The server's side of this connection. */
  readonly session: ServerSession;
  /** Every message of the connection, both directions. */
  readonly wire: WireLog;
  /**
   * What the server asked this client through its handlers, in order: real
   * requests in the handshake era, `input_required` rounds in the stateless
   * era. Requests the client has no handler for are refused, and not listed.
   */
  readonly inputs: RecordedInputRequest[];

  /** Made by {@link connectInMemory}, which links the two sides first. */
  constructor(options: ClientOptions, session: ServerSession, wire: WireLog, inputs: RecordedInputRequest[]) {
    super(options);
    this.session = session;
    this.wire = wire;
    this.inputs = inputs;
  }

  /** Closes the client and waits for the server's side of the connection to close too. */
  override async close(): Promise<void> {
    await super.close();
    await this.session.close();
  }

  /** `await using client = await connectInMemory(server)` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * Connects a new client to `server` in memory and returns it connected. The
 * client's name defaults to `test-client`; `era` picks `handshake`,
 * `stateless` or one revision (default `auto`, as a real client negotiates);
 * `handlers` answer the server's elicitation, sampling and roots requests.
 */
export async function connectInMemory(server: InMemoryServable, options: ConnectInMemoryOptions = {}): Promise<TestClient> {
  const { auth, ...clientOptions } = options;
  const [clientSide, serverSide] = createInMemoryPair(auth === undefined ? undefined : { serverInfo: { auth } });
  const wire = new WireLog();
  const inputs: RecordedInputRequest[] = [];
  const session = await server.connect(serverSide);
  const handlers = clientOptions.handlers === undefined ? undefined : recordInputs(clientOptions.handlers, inputs);
  const client = new TestClient(
    {
      ...clientOptions,
      name: clientOptions.name ?? 'test-client',
      version: clientOptions.version ?? '0.0.0',
      ...(handlers !== undefined && { handlers }),
    },
    session,
    wire,
    inputs,
  );
  try {
    await client.connect(recordWire(clientSide, wire));
  } catch (error) {
    await session.close();
    throw error;
  }
  return client;
}

/** `handlers`, each one noting what it was asked in `inputs` before it answers. */
function recordInputs(handlers: ClientHandlers, inputs: RecordedInputRequest[]): ClientHandlers {
  const { elicitation, sampling, roots } = handlers;
  const form = elicitation?.form;
  const url = elicitation?.url;
  return {
    ...(elicitation !== undefined && {
      elicitation: {
        ...(form !== undefined && {
          form: (params, context) => {
            inputs.push({ method: 'elicitation/create', params });
            return form(params, context);
          },
        }),
        ...(url !== undefined && {
          url: (params, context) => {
            inputs.push({ method: 'elicitation/create', params });
            return url(params, context);
          },
        }),
      },
    }),
    ...(sampling !== undefined && {
      sampling: {
        ...sampling,
        createMessage: (params, context) => {
          inputs.push({ method: 'sampling/createMessage', params });
          return sampling.createMessage(params, context);
        },
      },
    }),
    ...(roots !== undefined && {
      roots: {
        ...roots,
        list: (context) => {
          inputs.push({ method: 'roots/list' });
          return roots.list(context);
        },
      },
    }),
  };
}
