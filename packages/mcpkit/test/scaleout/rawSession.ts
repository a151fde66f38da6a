/**
 * A raw handshake-era client for the scale-out fault tests: POSTs and GETs
 * with `fetch`, SSE read event by event, so event ids and replays are visible.
 *
 * @module
 */
const ACCEPT = 'application/json, text/event-stream';

/** A raw handshake-era `initialize` POST (2025-11-25): its headers and body. */
export const INITIALIZE_HEADERS: Readonly<Record<string, string>> = { accept: ACCEPT, 'content-type': 'application/json' };
export const INITIALIZE_BODY: string = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** One SSE event with data. */
export interface RawEvent {
  readonly id: string | undefined;
  readonly message: Record<string, unknown>;
}

/** Reads SSE events from a response as they come. */
export class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(response: Response) {
    if (response.body === null) throw new Error('no body');
    this.#reader = response.body.getReader();
  }

  /** The next event with data, or undefined at the end. */
  async next(): Promise<RawEvent | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        let id: string | undefined;
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) id = line.slice(3).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (data !== '') return { id, message: JSON.parse(data) as Record<string, unknown> };
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) return undefined;
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel();
  }
}

/** A session opened with raw requests. */
export class RawSession {
  readonly url: string;
  readonly id: string;
  #next = 1;

  private constructor(url: string, id: string) {
    this.url = url;
    this.id = id;
  }

  static async open(url: string): Promise<RawSession> {
    const response = await fetch(url, {
      method: 'POST',
      headers: INITIALIZE_HEADERS,
      body: INITIALIZE_BODY,
    });
    if (response.status !== 200) throw new Error(`initialize: HTTP ${String(response.status)}: ${await response.text()}`);
    await response.text();
    const session = new RawSession(url, response.headers.get('mcp-session-id') ?? '');
    await session.notify('notifications/initialized');
    return session;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: ACCEPT,
      'content-type': 'application/json',
      'mcp-session-id': this.id,
      'mcp-protocol-version': '2025-11-25',
      ...extra,
    };
  }

  async notify(method: string, params?: object): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ jsonrpc: '2.0', method, ...(params && { params }) }),
    });
    await response.text();
  }

  /** A request; returns the messages of its answer (JSON or SSE). */
  async request(method: string, params?: object): Promise<Record<string, unknown>[]> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ jsonrpc: '2.0', id: this.#next++, method, ...(params && { params }) }),
    });
    if (response.status !== 200) throw new Error(`${method}: HTTP ${String(response.status)}: ${await response.text()}`);
    if (response.headers.get('content-type')?.startsWith('application/json') === true)
      return [(await response.json()) as Record<string, unknown>];
    const reader = new EventReader(response);
    const out: Record<string, unknown>[] = [];
    for (let e = await reader.next(); e !== undefined; e = await reader.next()) out.push(e.message);
    return out;
  }

  /** Opens the GET stream (after `lastEventId` to resume). */
  async stream(lastEventId?: string): Promise<{ status: number; reader: EventReader | undefined }> {
    const response = await fetch(this.url, {
      headers: this.headers(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    });
    if (response.status !== 200) return { status: response.status, reader: undefined };
    return { status: 200, reader: new EventReader(response) };
  }

  async close(): Promise<void> {
    await fetch(this.url, { method: 'DELETE', headers: this.headers() }).then((r) => r.text());
  }
}
