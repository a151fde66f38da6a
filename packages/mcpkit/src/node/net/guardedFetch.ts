/**
 * A `fetch` over `node:http` whose every connection goes through the guarded
 * lookup and whose socket is checked once connected: it reaches only the
 * addresses `check` allows, whatever a host name resolves to. It follows no
 * redirect (a 3xx is the answer; a caller that follows checks each hop), uses
 * no shared keep-alive agent, and cuts off a body over its limit.
 *
 * @module
 */
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { FetchLike } from '../../http/client/fetchHttpClient.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { guardedLookup, watchSocket, type AddressCheck } from './guardedLookup.js';

/** Options of {@link guardedFetch}. */
export interface GuardedFetchOptions {
  /** The resolver (tests give a fake one that places a name where they want). Default `dns.lookup`. */
  readonly resolve?: typeof dnsLookup;
  /** Most bytes of a response body. Default 1 MiB. */
  readonly maxBytes?: number;
}

const MAX_BYTES = 1024 * 1024;
const NULL_BODY: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** A `fetch` whose connections reach only the addresses `check` allows. */
export function guardedFetch(check: AddressCheck, options: GuardedFetchOptions = {}): FetchLike {
  const resolve = options.resolve ?? dnsLookup;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  return (input, init) => requestOnce(new URL(input), init, check, resolve, maxBytes);
}

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

function requestOnce(
  url: URL,
  init: RequestInit,
  check: AddressCheck,
  resolve: typeof dnsLookup,
  maxBytes: number,
): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new LocalError('INVALID_ARGUMENT', `Not an HTTP URL: ${url.href}`));
  // An address literal skips the lookup: judge it before connecting, so that not even a
  // connection attempt (whose refusal or success would tell what listens there) is made.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) !== 0) {
    try {
      check.checkAddress(url, literal);
    } catch (error) {
      return Promise.reject(error as Error); // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- checkAddress throws Errors
    }
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = send(url, {
      method: init.method ?? 'GET',
      headers: headersOf(init),
      lookup: guardedLookup(check, url, resolve),
      agent: false,
      ...(init.signal !== null && init.signal !== undefined && { signal: init.signal }),
    });
    req.once('socket', (socket: Socket) => {
      watchSocket(socket, url, check);
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
        fail(new LocalError('TRANSPORT_FAILED', `The response is larger than ${maxBytes} bytes`));
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
