/**
 * The client side of the deprecated HTTP+SSE transport (2024-11-05): one
 * long-lived `GET` stream carries everything the server sends; its first event,
 * `endpoint`, names the URL every client message is POSTed to.
 *
 * @see 2024-11-05 `basic/transports.mdx#http-with-sse`
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { discard, mediaType, send } from './fetcher.js';
import { HttpTransportError, statusError } from './httpError.js';
import { toFrame } from './frames.js';
import { SseParser } from './sseParser.js';
/** Talks to a server over the 2024-11-05 HTTP+SSE transport. */
export class SseClientTransport {
    #url;
    #context;
    #timeoutMs;
    #closer = new AbortController();
    #sink;
    #endpoint;
    #ended = false;
    constructor(options) {
        this.#url = new URL(options.url);
        this.#context = { fetch: options.fetch, headers: options.headers, requestInit: options.requestInit };
        this.#timeoutMs = options.endpointTimeoutMs ?? 10_000;
    }
    /** The URL messages are POSTed to, once the server named it. */
    get endpoint() {
        return this.#endpoint;
    }
    /**
     * Opens the stream and resolves once the server has named its message
     * endpoint. On failure the sink is not told of a close: nothing was open.
     */
    async start(sink) {
        if (this.#sink !== undefined)
            throw new LocalError('INVALID_ARGUMENT', 'Transport already started');
        this.#sink = sink;
        try {
            await this.#open();
        }
        catch (error) {
            this.#ended = true;
            this.#closer.abort();
            throw error;
        }
    }
    async #open() {
        const signal = this.#closer.signal;
        const response = await send(this.#context, {
            method: 'GET',
            url: this.#url,
            headers: { Accept: 'text/event-stream' },
            signal,
            what: 'GET (SSE stream)',
        });
        if (!response.ok || mediaType(response) !== 'text/event-stream') {
            const text = response.ok ? '' : await response.text().catch(() => '');
            discard(response);
            if (response.ok)
                throw new HttpTransportError(response.status, `GET (SSE stream) answered ${mediaType(response) || 'no content type'}, not an event stream`);
            throw statusError(response.status, response.statusText, text.trim().slice(0, 200) || undefined, 'GET (SSE stream)');
        }
        const base = new URL(response.url === '' ? this.#url : response.url);
        await new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                reject(new HttpTransportError(undefined, `No endpoint event within ${String(this.#timeoutMs)} ms`));
                this.#closer.abort();
            }, this.#timeoutMs);
            const ready = (error) => {
                clearTimeout(timer);
                if (error === undefined)
                    resolve();
                else
                    reject(error);
            };
            void this.#read(response, base, ready);
        });
    }
    /** POSTs one message to the endpoint; the reply comes on the stream. */
    async send(payload, _options) {
        const endpoint = this.#endpoint;
        if (this.#ended || endpoint === undefined)
            throw new LocalError('CONNECTION_CLOSED', 'Transport not connected');
        const what = `POST ${'method' in payload ? payload.method : 'message'}`;
        const response = await send(this.#context, {
            method: 'POST',
            url: endpoint,
            headers: { 'Content-Type': 'application/json' },
            body: encode(payload),
            signal: this.#closer.signal,
            what,
        });
        if (response.ok) {
            discard(response);
            return;
        }
        const text = await response.text().catch(() => '');
        throw statusError(response.status, response.statusText, text.trim().slice(0, 200) || undefined, what);
    }
    /** Closes the stream. */
    close() {
        this.#closer.abort();
        this.#end(undefined);
        return Promise.resolve();
    }
    /** Reads the stream until it ends: `endpoint` events set the target, `message` events go to the sink. */
    async #read(response, base, ready) {
        const parser = new SseParser({
            event: (event) => {
                if (event.type === 'endpoint')
                    this.#setEndpoint(event.data.trim(), base, ready);
                else if (event.type === 'message' && event.data.trim() !== '')
                    this.#deliver(event.data);
            },
        });
        let failure;
        try {
            const reader = response.body?.getReader();
            const decoder = new TextDecoder();
            while (reader !== undefined) {
                const chunk = await reader.read();
                if (chunk.done)
                    break;
                parser.push(decoder.decode(chunk.value, { stream: true }));
            }
        }
        catch (error) {
            if (!this.#closer.signal.aborted) {
                failure = new HttpTransportError(undefined, `SSE stream failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
            }
        }
        this.#closer.abort();
        // Before the endpoint, start() reports the failure; the sink hears of a close only once it was open.
        if (this.#endpoint === undefined)
            ready(failure ?? new HttpTransportError(undefined, 'SSE stream ended before the endpoint event'));
        else
            this.#end(failure);
    }
    #setEndpoint(data, base, ready) {
        let endpoint;
        try {
            endpoint = new URL(data, base);
        }
        catch {
            ready(new LocalError('PROTOCOL_VIOLATION', `Invalid endpoint URL: ${data}`));
            return;
        }
        // A server must not redirect our messages (and credentials) to another origin.
        if (endpoint.origin !== base.origin) {
            ready(new LocalError('PROTOCOL_VIOLATION', `Endpoint origin ${endpoint.origin} differs from the SSE origin ${base.origin}`));
            this.#closer.abort();
            return;
        }
        this.#endpoint = endpoint;
        ready();
    }
    #deliver(data) {
        if (!this.#ended)
            this.#sink?.receive(toFrame(data));
    }
    #end(error) {
        if (this.#ended)
            return;
        this.#ended = true;
        this.#sink?.closed(error);
    }
}
//# sourceMappingURL=sseClientTransport.js.map