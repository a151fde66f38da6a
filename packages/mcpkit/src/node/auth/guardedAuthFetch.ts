/**
 * The `fetch` of the OAuth client on Node: every connection goes through the
 * guarded lookup, so a host name is judged by the address it resolves to and
 * the socket actually reaches, against the authorization's
 * {@link AddressRule} (a public MCP server cannot name `rebind.example` that
 * resolves to 127.0.0.1). No redirect is followed here (the OAuth client
 * follows them, each hop checked), no keep-alive agent is shared, and a body
 * larger than a metadata document or a token response should be is cut off.
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { AddressRule, AuthorizationError } from '../../auth/index.js';
import type { FetchLike } from '../../http/client/fetchHttpClient.js';
import { guardedLookup, watchSocket } from '../net/guardedLookup.js';

/** Options of {@link guardedAuthFetch}. */
export interface GuardedAuthFetchOptions {
  /** The resolver (tests give a fake one that places a name where they want). Default `dns.lookup`. */
  readonly resolve?: typeof dnsLookup;
  /** Most bytes of a response body. Default 1 MiB. */
  readonly maxBytes?: number;
}

const MAX_BYTES = 1024 * 1024;
const NULL_BODY: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** Makes, for each authorization's rule, a `fetch` whose connections reach only the addresses the rule allows. */
export function guardedAuthFetch(options: GuardedAuthFetchOptions = {}): (rule: AddressRule) => FetchLike {
  const resolve = options.resolve ?? dnsLookup;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  return (rule) => {
    let located: Promise<AddressRule> | undefined;
    return async (input, init) => {
      located ??= locate(rule, resolve);
      return requestOnce(new URL(input), init, await located, resolve, maxBytes);
    };
  };
}

/** The rule, knowing where the MCP server's host name resolves (a server at `mcp.lan` is on the private network). */
function locate(rule: AddressRule, resolve: typeof dnsLookup): Promise<AddressRule> {
  const host = rule.server.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return Promise.resolve(rule);
  return new Promise((done) => {
    resolve(host, { all: true }, (error, found: LookupAddress[]) => {
      done(
        error === null
          ? new AddressRule(
              rule.server,
              found.map((a) => a.address),
            )
          : rule,
      );
    });
  });
}

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

function requestOnce(
  url: URL,
  init: RequestInit,
  rule: AddressRule,
  resolve: typeof dnsLookup,
  maxBytes: number,
): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new AuthorizationError('insecure_url', `Not an HTTP URL: ${url.href}`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = send(url, {
      method: init.method ?? 'GET',
      headers: headersOf(init),
      lookup: guardedLookup(rule, url, resolve),
      agent: false,
      ...(init.signal !== null && init.signal !== undefined && { signal: init.signal }),
    });
    req.once('socket', (socket: Socket) => {
      watchSocket(socket, url, rule);
    });
    req.once('response', (res) => {
      readBody(res, maxBytes).then((body) => {
        done(toResponse(res, body));
      }, fail);
    });
    req.once('error', fail);
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        fail(new AuthorizationError('discovery_failed', `The response is larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.once('end', () => {
      done(Buffer.concat(chunks));
    });
    res.once('error', fail);
  });
}

function toResponse(res: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const [name, value] = [res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? ''];
    try {
      headers.append(name, value);
    } catch {
      // A header `Headers` cannot hold is one nothing here reads.
    }
  }
  const status = res.statusCode ?? 500;
  return new Response(NULL_BODY.has(status) ? null : new Uint8Array(body), {
    status,
    statusText: res.statusMessage ?? '',
    headers,
  });
}
