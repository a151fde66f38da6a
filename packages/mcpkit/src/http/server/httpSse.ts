/**
 * The HTTP+SSE transport of 2024-11-05 (deprecated, still spoken by old
 * clients): `GET /sse` opens the session's only stream and announces, in an
 * `endpoint` event, where to POST; every server message is a `message` event
 * on that stream; each POST gets 202. The session lives as long as the stream.
 *
 * @see 2024-11-05 `basic/transports.mdx#http-with-sse`
 * @module
 */
import { decodeValue, encode } from '../../jsonrpc/codec.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { NetworkKind, Transport, TransportSink } from '../../jsonrpc/transport.js';
import { readJsonBody } from './body.js';
import type { HttpExchange, HttpRequestInfo, StreamWriter } from './exchange.js';
import { checkContentType } from './guards.js';
import { reject, requestIdOf, type HandlerScope } from './handlerScope.js';
import { accepts, Header, MediaType } from '../wire/headers.js';
import { HttpError } from './httpError.js';
import { RequestView } from './requestView.js';
import type { SessionEntry } from './sessionTable.js';
import type { SharedHub } from './shared/sharedHub.js';
import { SharedSse } from './shared/sharedSse.js';
import { EventType, messageEvent, namedEvent, SSE_HEADERS } from '../wire/sse.js';

const RESOLVED = Promise.resolve();

/** One 2024-11-05 session: its stream is its life. */
export class HttpSseSession implements Transport, SessionEntry {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'tcp', protocol: 'http' };
  readonly id: string;
  readonly principal: string | undefined;
  lastActive: number = Date.now();
  #writer: StreamWriter | undefined;
  #sink: TransportSink | undefined;
  #closed = false;

  constructor(id: string, principal: string | undefined) {
    this.id = id;
    this.principal = principal;
  }

  /** Busy while its stream is open; it closes when the stream does. */
  get busy(): boolean {
    return !this.#closed;
  }

  /** Binds the session to its stream. */
  attach(writer: StreamWriter): void {
    this.#writer = writer;
    writer.onClose(() => void this.close());
  }

  /** Hands a POSTed message to the server. */
  receive(message: object, exchange: HttpExchange): void {
    this.receiveRouted(message, exchange.auth, exchange);
  }

  /** Hands the server a message POSTed here or at another process (scale-out). */
  receiveRouted(message: object, auth: unknown, request: HttpRequestInfo): void {
    this.lastActive = Date.now();
    this.#sink?.receive(message, { auth, transport: new RequestView(request, this.id, undefined) });
  }

  start(sink: TransportSink): Promise<void> {
    this.#sink = sink;
    return RESOLVED;
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.#closed || this.#writer === undefined) return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Session closed'));
    let data: string;
    try {
      data = encode(payload);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new LocalError('INVALID_ARGUMENT', String(error)));
    }
    this.lastActive = Date.now();
    this.#writer.write(messageEvent(data));
    return RESOLVED;
  }

  close(): Promise<void> {
    if (this.#closed) return RESOLVED;
    this.#closed = true;
    this.#writer?.end();
    this.#sink?.closed();
    return RESOLVED;
  }
}

/** The HTTP+SSE side of each handler's scale-out (one per hub). */
const sharedSse = new WeakMap<SharedHub, SharedSse>();

function sseOf(scope: HandlerScope): SharedSse | undefined {
  const hub = scope.shared;
  if (hub === undefined) return undefined;
  let sse = sharedSse.get(hub);
  if (sse === undefined) {
    sse = new SharedSse(hub, (id) => {
      const session = scope.sessions.get(id);
      return session instanceof HttpSseSession && session.busy ? session : undefined;
    });
    sharedSse.set(hub, sse);
  }
  return sse;
}

/** `GET /sse`: opens a session and its stream, and announces the POST endpoint. */
export async function httpSseOpen(scope: HandlerScope, exchange: HttpExchange): Promise<void> {
  const accept = exchange.header(Header.Accept);
  if (accept !== undefined && !accepts(accept, MediaType.EventStream)) {
    reject(exchange, new HttpError(406, JsonRpcErrorCode.InvalidRequest, 'Not Acceptable: Accept must list text/event-stream'));
    return;
  }
  if (!scope.sessions.reserve()) {
    reject(exchange, HttpError.unavailable('Service Unavailable: too many sessions'));
    return;
  }
  const session = new HttpSseSession(crypto.randomUUID(), scope.view.principal(exchange.auth));
  // Scale-out: the session id is claimed for this process, so POSTs landing elsewhere are sent here.
  const shared = sseOf(scope);
  let release: (() => void) | undefined;
  if (shared !== undefined) {
    try {
      const lease = await shared.open(session.id, session.principal, () => void session.close());
      release = () => {
        lease.release();
      };
    } catch {
      reject(exchange, HttpError.unavailable('Service Unavailable: the shared session store cannot be reached'));
      return;
    }
  }
  await scope.server.connect(session, {
    sessionId: session.id,
    onClose: () => {
      scope.sessions.delete(session.id);
      release?.();
    },
  });
  scope.sessions.add(session);
  const writer = exchange.stream(200, SSE_HEADERS);
  session.attach(writer);
  scope.keepAlive.add(writer);
  writer.write(namedEvent(EventType.Endpoint, `${scope.options.messagesPath ?? ''}?sessionId=${encodeURIComponent(session.id)}`));
}

/** `POST /messages?sessionId=…`: one message (or batch) for the session; answers arrive on its stream. */
export async function httpSsePost(scope: HandlerScope, exchange: HttpExchange): Promise<void> {
  const id = exchange.query('sessionId');
  if (id === undefined) {
    reject(exchange, HttpError.badRequest('Bad Request: the sessionId query parameter is required'));
    return;
  }
  const local = scope.sessions.get(id);
  const auth = scope.view.principal(exchange.auth);
  let session: HttpSseSession | { readonly node: string };
  if (local instanceof HttpSseSession && local.busy) {
    if (local.principal !== undefined && local.principal !== auth) {
      reject(exchange, HttpError.sessionNotFound());
      return;
    }
    session = local;
  } else {
    // Scale-out: the stream may be held by another process; the message goes there.
    const located = await sseOf(scope)?.locate(id, auth);
    if (located === undefined || located instanceof HttpError) {
      reject(exchange, located ?? HttpError.sessionNotFound());
      return;
    }
    session = located;
  }
  const refused = checkContentType(exchange);
  if (refused !== undefined) {
    reject(exchange, refused);
    return;
  }
  const body = await readJsonBody(exchange, scope.options.maxBodyBytes);
  if (body instanceof HttpError) {
    reject(exchange, body);
    return;
  }
  const decoded = decodeValue(body.value);
  if (!decoded.ok) {
    reject(exchange, new HttpError(400, decoded.error.code, decoded.error.message), requestIdOf(body.value));
    return;
  }
  const denied = (scope.legacyAuth ?? scope.auth)?.authorize(body.value, exchange.auth);
  if (denied !== undefined) {
    reject(exchange, denied, requestIdOf(body.value));
    return;
  }
  if (session instanceof HttpSseSession) session.receive(body.value as object, exchange);
  else {
    try {
      await sseOf(scope)?.forward(session.node, id, body.value as object, exchange);
    } catch {
      reject(exchange, HttpError.unavailable('Service Unavailable: the shared session store cannot be reached'));
      return;
    }
  }
  exchange.respond(202, {});
}
