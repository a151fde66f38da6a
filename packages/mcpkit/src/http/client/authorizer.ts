/**
 * The seam through which an authorization layer (`mcpkit/auth`'s OAuth
 * client, or an application's own) takes part in every HTTP request of the
 * client transports: it adds its headers to each request, and when the server
 * answers 401 or 403 it may do what it takes (discover, ask the user,
 * refresh, step up) and have the request sent again. The transport never
 * learns a token exists, so none reaches its errors or its wire log.
 *
 * @module
 */
import type { HttpClient, HttpClientRequest, HttpReply } from './httpClient.js';

/** What a challenge handler sees of the refused reply: never its body. */
export interface ChallengeReply {
  /** 401 or 403. */
  readonly status: number;
  /** A header of the reply, by lower-case name (`www-authenticate`, `dpop-nonce`). */
  header(name: string): string | undefined;
}

/** Authorizes the requests of one transport. */
export interface HttpAuthorizer {
  /** The headers to add to `request` (`Authorization`, `DPoP`), or none. Called before every send, so a token can be refreshed. */
  headers(request: HttpClientRequest): Promise<Readonly<Record<string, string>>>;
  /**
   * The server refused `request` with 401 or 403. Resolves true to send it
   * again (with fresh headers), false to hand the refusal to the transport;
   * rejects when authorization failed for good (the request fails with that
   * error). `attempt` counts the refusals of this request so far, from 1.
   */
  challenge(request: HttpClientRequest, reply: ChallengeReply, attempt: number): Promise<boolean>;
}

/** How many times one request may be refused and sent again before the refusal stands. */
const MAX_RETRIES = 6;

/** `client`, with every request authorized by `authorizer`. */
export function authorizedClient(client: HttpClient, authorizer: HttpAuthorizer): HttpClient {
  return {
    async request(request: HttpClientRequest): Promise<HttpReply> {
      for (let attempt = 1; ; attempt++) {
        const extra = await authorizer.headers(request);
        const reply = await client.request({ ...request, headers: withHeaders(request.headers, extra) });
        if ((reply.status !== 401 && reply.status !== 403) || attempt > MAX_RETRIES) return reply;
        const view: ChallengeReply = { status: reply.status, header: (name) => reply.header(name) };
        let again: boolean;
        try {
          again = await authorizer.challenge(request, view, attempt);
        } catch (error) {
          reply.cancel();
          throw error;
        }
        if (!again) return reply;
        reply.cancel();
        request.signal.throwIfAborted();
      }
    },
  };
}

function withHeaders(own: Readonly<Record<string, string>>, extra: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = { ...own };
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
  return headers;
}
