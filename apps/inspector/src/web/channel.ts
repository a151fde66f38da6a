/**
 * The browser's end of the channel: one WebSocket to the inspector server,
 * requests answered by id, pushes handed to a listener. The token comes from
 * the page's own URL (the one the inspector printed).
 *
 * @module
 */
import type { BrowserMessage, ErrorInfo, ServerMessage } from '../shared/channel.js';

type Push = Exclude<ServerMessage, { type: 'reply' }>;
type Outgoing = BrowserMessage extends infer M ? (M extends BrowserMessage ? Omit<M, 'id'> : never) : never;

/** A failure the server reported. */
export class RemoteError extends Error {
  readonly info: ErrorInfo;
  constructor(info: ErrorInfo) {
    super(info.code === undefined ? info.message : `${info.message} (${String(info.code)})`);
    this.info = info;
  }
}

/** The channel. */
export class Channel {
  readonly #ws: WebSocket;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #next = 0;
  readonly #onProgress = new Map<number, (p: { progress: number; total?: number; message?: string }) => void>();

  constructor(onPush: (message: Push) => void, onClose: (why: string) => void) {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    this.#ws = new WebSocket(`${scheme}://${location.host}/api/ws?token=${encodeURIComponent(token)}`);
    this.#ws.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.type === 'reply') {
        const waiting = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        this.#onProgress.delete(message.id);
        if (message.ok) waiting?.resolve(message.value);
        else waiting?.reject(new RemoteError(message.error));
        return;
      }
      if (message.type === 'progress') {
        this.#onProgress.get(message.id)?.(message);
        return;
      }
      onPush(message);
    };
    this.#ws.onclose = (event) => {
      for (const waiting of this.#pending.values()) waiting.reject(new Error('the inspector went away'));
      this.#pending.clear();
      onClose(
        event.code === 1006
          ? 'the inspector refused the connection or stopped (is the token in the URL right?)'
          : 'the inspector closed',
      );
    };
  }

  /** Sends a message; resolves with the reply's value. `onProgress` hears a request's progress. */
  send(
    message: Outgoing,
    onProgress?: (p: { progress: number; total?: number; message?: string }) => void,
  ): { readonly id: number; readonly done: Promise<unknown> } {
    const id = ++this.#next;
    const done = new Promise<unknown>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
    });
    if (onProgress !== undefined) this.#onProgress.set(id, onProgress);
    const text = JSON.stringify({ ...message, id });
    if (this.#ws.readyState === WebSocket.OPEN) this.#ws.send(text);
    else
      this.#ws.addEventListener(
        'open',
        () => {
          this.#ws.send(text);
        },
        { once: true },
      );
    return { id, done };
  }

  /** Sends a message and waits for its reply. */
  call(message: Outgoing): Promise<unknown> {
    return this.send(message).done;
  }
}
