/**
 * One logical stream of a handshake-era session (2025-03-26 … 2025-11-25):
 * the answer to one POST, or the standalone GET stream. A POST's answer stays
 * undecided until the first message: the final response alone becomes a plain
 * JSON body; anything before it (progress, logs, a request to the client)
 * turns the answer into an SSE stream. SSE events are numbered and stored, so
 * the stream outlives its connection: the client resumes it with GET and
 * `Last-Event-ID`, even after the server closed the connection on purpose
 * (2025-11-25 polling).
 *
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import type { EventStore } from './eventStore.js';
import type { HeaderMap } from '../wire/headers.js';
import type { HttpExchange, StreamWriter } from './exchange.js';
import { HttpError } from './httpError.js';
import type { KeepAlive } from './keepAlive.js';
import { JSON_HEADERS, messageEvent, primingEvent, SSE_HEADERS } from '../wire/sse.js';

/** What a stream needs from its session. */
export interface StreamStorage {
  readonly store: EventStore;
  readonly keepAlive: KeepAlive;
  readonly retryMs: number;
  /** Whether SSE streams start with a priming event (sessions of 2025-11-25 and later). */
  readonly priming: boolean;
  /** The store key of stream `no`. */
  key(no: number): string;
  /** The wire id of event `seq` of stream `no`. */
  eventId(no: number, seq: number): string;
  /** Records activity (idle expiry). */
  touch(): void;
  /** The stream delivered its last response. */
  finished(stream: SessionStream): void;
}

/** The wire id of event `seq` of stream `no`: it names the stream, so a replay never crosses streams. */
export function eventId(no: number, seq: number): string {
  return `${no}_${seq}`;
}

/** Parses an event id made by {@link eventId}. */
export function parseEventId(id: string): { readonly no: number; readonly seq: number } | undefined {
  const match = /^(\d{1,9})_(\d{1,15})$/.exec(id.trim());
  if (match === null) return undefined;
  return { no: Number(match[1]), seq: Number(match[2]) };
}

function logged(result: void | Promise<void>): void {
  if (result instanceof Promise) result.catch(() => undefined);
}

/** A resumable stream of one session. */
export class SessionStream {
  /** The stream's number within its session (0: the standalone GET stream). */
  readonly no: number;
  readonly #host: StreamStorage;
  readonly #pending: Set<RequestId>;
  #exchange: HttpExchange | undefined;
  #headers: HeaderMap;
  #writer: StreamWriter | undefined;
  #replay: { seq: number; data: string }[] | undefined;
  #seq = 0;
  #done = false;

  /** @param exchange the POST whose answer this is (undefined for the GET stream). */
  constructor(
    host: StreamStorage,
    no: number,
    pending: readonly RequestId[],
    exchange: HttpExchange | undefined,
    headers: HeaderMap = {},
  ) {
    this.#host = host;
    this.no = no;
    this.#pending = new Set(pending);
    this.#exchange = exchange;
    this.#headers = headers;
    // A client that hangs up before the answer is decided leaves the stream detached (not busy).
    exchange?.onAbort(() => {
      if (this.#exchange === exchange) this.#exchange = undefined;
    });
  }

  /** True while a client connection is attached (or the POST is still waiting for its answer). */
  get connected(): boolean {
    return this.#exchange !== undefined || this.#writer?.open === true;
  }

  /** True while a resumed connection is being replayed to. */
  get replaying(): boolean {
    return this.#replay !== undefined;
  }

  /** Sends a serialized message; `completes` are the requests it answers. */
  push(data: string, completes: readonly RequestId[]): void {
    if (this.#done) return;
    for (const id of completes) this.#pending.delete(id);
    const last = this.no !== 0 && this.#pending.size === 0;
    this.#host.touch();
    if (this.#exchange !== undefined) {
      if (last) {
        this.#exchange.respond(200, { ...JSON_HEADERS, ...this.#headers }, data);
        this.#exchange = undefined;
        this.#finish();
        return;
      }
      this.#openSse();
    }
    const seq = ++this.#seq;
    logged(this.#host.store.append(this.#host.key(this.no), seq, data, this.#pending));
    if (this.#replay !== undefined) this.#replay.push({ seq, data });
    else this.#writer?.write(messageEvent(data, this.#host.eventId(this.no, seq)));
    if (last) this.#finish();
  }

  /**
   * The client cancelled request `id` (`notifications/cancelled`): no response
   * will come, so the stream ends once nothing else is pending on it.
   */
  abandon(id: RequestId): void {
    if (this.#done || !this.#pending.delete(id) || this.#pending.size > 0) return;
    if (this.#exchange !== undefined) this.#openSse();
    this.#finish();
  }

  /** Attaches a GET connection to the standalone stream (no replay). */
  attach(exchange: HttpExchange): void {
    this.#exchange = exchange;
    this.#openSse();
  }

  /**
   * Closes the client's connection without ending the stream (the server polls
   * the client: it reconnects after `retry` with `Last-Event-ID`).
   */
  disconnect(): void {
    if (this.#done) return;
    if (this.#exchange !== undefined) this.#openSse();
    this.#writer?.end();
  }

  /** Resumes on a new connection: replays the events after `afterSeq`, then goes on live. */
  async resume(exchange: HttpExchange, afterSeq: number): Promise<void> {
    if (this.#exchange !== undefined) this.disconnect();
    this.#writer?.end();
    const writer = exchange.stream(200, SSE_HEADERS);
    this.#replay = [];
    let events: readonly { seq: number; data: string }[];
    try {
      events = await this.#host.store.after(this.#host.key(this.no), afterSeq);
    } catch {
      events = [];
    }
    let last = afterSeq;
    for (const e of [...events, ...this.#replay]) {
      if (e.seq <= last) continue;
      writer.write(messageEvent(e.data, this.#host.eventId(this.no, e.seq)));
      last = e.seq;
    }
    this.#replay = undefined;
    if (this.#done) writer.end();
    else this.#adopt(writer);
  }

  /** The session closed: answer a waiting POST (default 404), end the connection. */
  close(failure?: HttpError): void {
    this.#done = true;
    if (this.#exchange !== undefined) {
      const error = failure ?? HttpError.sessionNotFound();
      this.#exchange.respond(error.status, JSON_HEADERS, error.body());
      this.#exchange = undefined;
    }
    this.#writer?.end();
  }

  #openSse(): void {
    const exchange = this.#exchange;
    if (exchange === undefined) return;
    this.#exchange = undefined;
    const writer = exchange.stream(200, { ...SSE_HEADERS, ...this.#headers });
    this.#headers = {};
    if (this.#host.priming) writer.write(primingEvent(this.#host.eventId(this.no, this.#seq), this.#host.retryMs));
    this.#adopt(writer);
  }

  #adopt(writer: StreamWriter): void {
    this.#writer = writer;
    this.#host.keepAlive.add(writer);
    writer.onClose(() => {
      if (this.#writer === writer) this.#writer = undefined;
      this.#host.touch();
    });
  }

  #finish(): void {
    this.#done = true;
    if (this.#replay === undefined) this.#writer?.end();
    this.#host.finished(this);
  }
}
