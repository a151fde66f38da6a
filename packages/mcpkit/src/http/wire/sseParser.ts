/**
 * A Server-Sent Events parser: the WHATWG "event stream interpretation", fed
 * text in chunks of any size. Lines may end in CRLF, LF or CR, and a chunk may
 * end anywhere, even between the CR and the LF of one line break.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 * @module
 */

/** One dispatched event. */
export interface SseEvent {
  /** The event type (`message` when the server named none). */
  readonly type: string;
  /** The data lines, joined with `\n`. */
  readonly data: string;
  /** The stream's last event id at dispatch (ids persist across events, as in `EventSource`). */
  readonly id: string | undefined;
}

/** What the parser reports. */
export interface SseHandlers {
  /** An event with data was dispatched. */
  event(event: SseEvent): void;
  /** The server set the reconnection time (a `retry:` field of digits only). */
  retry?(ms: number): void;
}

/** Incremental parser for one stream. */
export class SseParser {
  readonly #handlers: SseHandlers;
  /** The incomplete last line. */
  #line = '';
  /** The previous chunk ended in CR: a leading LF in the next one belongs to that line break. */
  #afterCr = false;
  #started = false;
  #type = '';
  #data: string[] = [];
  #idBuffer: string | undefined;
  #lastEventId: string | undefined;
  #dispatched = 0;

  constructor(handlers: SseHandlers, lastEventId?: string) {
    this.#handlers = handlers;
    this.#lastEventId = lastEventId;
    this.#idBuffer = lastEventId;
  }

  /** The id of the last fully received event (an event whose data was empty counts: that is how servers prime a resumable stream). */
  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  /** How many events ended (blank line), with or without data. */
  get eventCount(): number {
    return this.#dispatched;
  }

  /** Feeds the next chunk of text. */
  push(chunk: string): void {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    if (this.#afterCr) {
      this.#afterCr = false;
      if (text.startsWith('\n')) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      this.#processLine(this.#line + text.slice(start, i));
      this.#line = '';
      if (c === 0x0d) {
        if (i + 1 === text.length) this.#afterCr = true;
        else if (text.charCodeAt(i + 1) === 0x0a) i++;
      }
      start = i + 1;
    }
    if (start < text.length) this.#line += text.slice(start);
  }

  /** The stream ended: an event without its closing blank line is discarded, as the spec requires. */
  end(): void {
    this.#line = '';
    this.#afterCr = false;
    this.#type = '';
    this.#data = [];
    this.#idBuffer = this.#lastEventId;
  }

  #processLine(line: string): void {
    if (line.length === 0) {
      this.#dispatch();
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return; // ':' starts a comment (keep-alives)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#type = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.#idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#handlers.retry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  #dispatch(): void {
    this.#dispatched++;
    // The id applies even when there is no data: an id-only event primes resumption.
    this.#lastEventId = this.#idBuffer === '' ? undefined : this.#idBuffer;
    const data = this.#data;
    const type = this.#type;
    this.#data = [];
    this.#type = '';
    if (data.length === 0) return;
    this.#handlers.event({ type: type === '' ? 'message' : type, data: data.join('\n'), id: this.#lastEventId });
  }
}
