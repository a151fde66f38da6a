/**
 * The `node:http` face of the client transports: `http.request` and
 * `https.request` over keep-alive agents, bodies read as Buffers, and none of
 * the web objects (`Request`, `Response`, `Headers`, streams) `fetch` builds
 * per request. Redirects are followed as `fetch` follows them (but only the
 * protocol's headers go to another origin), and a request
 * that meets a keep-alive connection the server has just closed is sent again
 * once on a fresh one.
 *
 * @module
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import type { HttpClient, HttpClientRequest, HttpReply } from '../../../http/client/httpClient.js';
import { MAX_REDIRECTS, nextHop, REDIRECT_STATUSES, type Hop } from '../../../http/client/redirect.js';
import { LocalError } from '../../../jsonrpc/localError.js';
import { NodeReply } from './nodeReply.js';

/** Options of {@link NodeHttpClient}. */
export interface NodeHttpClientOptions {
  /** The agent of `http:` requests (default: one keep-alive agent shared by every `NodeHttpClient`). */
  readonly agent?: HttpAgent;
  /** The agent of `https:` requests (default: a shared keep-alive agent); give one with `ca` to trust a private CA. */
  readonly httpsAgent?: HttpsAgent;
}

let sharedAgents: { readonly http: HttpAgent; readonly https: HttpsAgent } | undefined;
/** Where a URL's requests go, once worked out (the transports reuse one `URL` object per endpoint). */
interface Target {
  readonly secure: boolean;
  readonly protocol: string;
  readonly hostname: string | null | undefined;
  readonly port: number | string | null | undefined;
  readonly path: string | null | undefined;
  readonly auth: string | null | undefined;
}
const targets = new WeakMap<URL, Target>();

/** Sends requests with `node:http` / `node:https`. */
export class NodeHttpClient implements HttpClient {
  readonly #agent: HttpAgent;
  readonly #httpsAgent: HttpsAgent;

  constructor(options: NodeHttpClientOptions = {}) {
    sharedAgents ??= { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
    this.#agent = options.agent ?? sharedAgents.http;
    this.#httpsAgent = options.httpsAgent ?? sharedAgents.https;
  }

  request(request: HttpClientRequest): Promise<HttpReply> {
    const { signal } = request;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      let current: ClientRequest | undefined;
      let response: IncomingMessage | undefined;
      let redirects = 0;
      let retried = false;
      const onAbort = (): void => {
        const reason = signal.reason as Error;
        if (response === undefined) current?.destroy(reason);
        else response.destroy(reason);
      };
      const release = (): void => {
        signal.removeEventListener('abort', onAbort);
      };
      const fail = (error: Error): void => {
        release();
        reject(error);
      };
      const send = (hop: Hop): void => {
        let req: ClientRequest;
        try {
          req = this.#open(hop);
        } catch (error) {
          fail(error as Error);
          return;
        }
        current = req;
        req.once('response', (res) => {
          const location = REDIRECT_STATUSES.has(res.statusCode ?? 0) ? res.headers.location : undefined;
          if (location !== undefined && redirects < MAX_REDIRECTS) {
            res.resume();
            redirects++;
            let next: Hop;
            try {
              next = nextHop(hop, res.statusCode ?? 0, location);
            } catch (error) {
              fail(error as Error);
              return;
            }
            send(next);
            return;
          }
          response = res;
          resolve(new NodeReply(res, hop.url.href, release));
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (req !== current || response !== undefined) return; // an earlier hop, or the reply's to report
          // The server closed an idle keep-alive connection as we reused it: it never saw this request.
          if (!retried && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !signal.aborted) {
            retried = true;
            send(hop);
            return;
          }
          fail(error);
        });
        req.end(hop.body);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      send({ url: request.url, method: request.method, headers: request.headers, body: request.body });
    });
  }

  #open(hop: Hop): ClientRequest {
    let target = targets.get(hop.url);
    if (target === undefined) {
      const { protocol, hostname, port, path, auth } = urlToHttpOptions(hop.url);
      if (protocol !== 'http:' && protocol !== 'https:')
        throw new LocalError('INVALID_ARGUMENT', `Not an HTTP URL: ${hop.url.href}`);
      target = { secure: protocol === 'https:', protocol, hostname, port, path, auth };
      targets.set(hop.url, target);
    }
    const { secure } = target;
    const options: RequestOptions = {
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      path: target.path,
      auth: target.auth,
      method: hop.method,
      headers: hop.headers,
      agent: secure ? this.#httpsAgent : this.#agent,
    };
    return secure ? httpsRequest(options) : httpRequest(options);
  }
}
