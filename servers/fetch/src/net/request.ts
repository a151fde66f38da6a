/**
 * One HTTP GET, with no redirect following: the connection goes through the
 * guarded lookup (or, with a proxy, the target is checked before the proxy
 * is asked) (and the connected address is checked once more), the body
 * is decompressed and counted against a size limit as it arrives, and the
 * whole exchange stops when the signal fires.
 *
 * @module
 */
import type { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchFailure } from '../errors.js';
import { guardedLookup, watchSocket } from 'mcpkit/node';
import type { AddressPolicy } from './policy.js';
import { checkBeforeProxy, requestThroughProxy, type Proxy } from './proxy.js';

/** A response before redirects are followed. */
export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** How to make one request. */
export interface RequestOptions {
  readonly userAgent: string;
  readonly policy: AddressPolicy;
  readonly signal: AbortSignal;
  /** Most bytes of (decompressed) body. */
  readonly maxBytes: number;
  /** The resolver (tests give a fake one). */
  readonly resolve?: typeof dnsLookup;
  /** Send every request through this HTTP proxy. */
  readonly proxy?: Proxy;
}

/** Raised when the body outgrows the limit. */
export class TooLarge extends FetchFailure {}

function decoded(response: IncomingMessage): NodeJS.ReadableStream {
  switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

/** Reads the body, at most `maxBytes` of it after decompression. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = decoded(response);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new TooLarge(`the response is larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', reject);
    response.on('error', reject);
  });
}

/** Reads the response of a sent request. */
function readResponse(req: ClientRequest, maxBytes: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    req.once('response', (response) => {
      readBody(response, maxBytes).then(
        (body) => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        },
        (error: unknown) => {
          req.destroy();
          reject(error instanceof Error ? error : new FetchFailure(String(error)));
        },
      );
    });
    req.once('error', reject);
    req.end();
  });
}

/** GETs `url` once, directly or through the proxy. */
export async function getOnce(url: URL, options: RequestOptions): Promise<RawResponse> {
  const headers = { 'User-Agent': options.userAgent, Accept: '*/*', 'Accept-Encoding': 'gzip, deflate, br' };
  if (options.proxy !== undefined) {
    await checkBeforeProxy(url, options.policy, options.resolve);
    return readResponse(await requestThroughProxy(url, options.proxy, headers, options.signal), options.maxBytes);
  }
  options.policy.checkUrl(url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send(url, {
    method: 'GET',
    headers,
    lookup: guardedLookup(options.policy, url, options.resolve),
    agent: false,
    signal: options.signal,
  });
  req.once('socket', (socket: Socket) => {
    watchSocket(socket, url, options.policy);
  });
  return readResponse(req, options.maxBytes);
}
