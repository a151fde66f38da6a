/**
 * A GET that follows redirects (each hop checked by the policy like the
 * first), within one deadline, and decodes the body to text by its charset.
 *
 * @module
 */
import type { lookup as dnsLookup } from 'node:dns';
import { FetchFailure, FetchRefused } from '../errors.js';
import type { AddressPolicy } from './policy.js';
import type { Proxy } from './proxy.js';
import { getOnce, type RawResponse } from './request.js';

/** Limits and identity of a fetch. */
export interface FetchOptions {
  readonly userAgent: string;
  readonly policy: AddressPolicy;
  /** The whole fetch, redirects included, ms. */
  readonly timeoutMs: number;
  /** Most bytes of body. */
  readonly maxBytes: number;
  /** Most redirects followed. */
  readonly maxRedirects: number;
  /** Cancels the fetch (the tool call's signal). */
  readonly signal?: AbortSignal;
  /** The resolver (tests give a fake one). */
  readonly resolve?: typeof dnsLookup;
  /** Send every request through this HTTP proxy. */
  readonly proxy?: Proxy;
}

/** A fetched document. */
export interface FetchedText {
  /** Where it came from, after redirects. */
  readonly url: URL;
  readonly status: number;
  /** The Content-Type header, or "". */
  readonly contentType: string;
  readonly text: string;
}

/** Raised for a network failure; `kind` names it the way httpx's exception classes do. */
export class NetworkError extends FetchFailure {
  readonly kind: string;
  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The charset named by a Content-Type header, a BOM or an HTML meta tag; UTF-8 otherwise. */
export function charsetOf(contentType: string, body: Buffer): string {
  const header = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (header !== undefined) return header;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

function decode(body: Buffer, contentType: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charsetOf(contentType, body));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

/** Turns whatever a request threw into a `FetchFailure`. */
function asFailure(error: unknown, deadline: AbortSignal, timeoutMs: number): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (deadline.aborted && (deadline.reason as { name?: string } | undefined)?.name === 'TimeoutError') {
    return new NetworkError('ReadTimeout', `no complete response within ${timeoutMs} ms`);
  }
  const err = error as NodeJS.ErrnoException;
  if (err.name === 'AbortError') return new NetworkError('RequestCancelled', 'the request was cancelled');
  return new NetworkError('ConnectError', err.message);
}

/** Fetches `url`, following redirects; throws `FetchFailure`. */
export async function fetchText(url: URL, options: FetchOptions): Promise<FetchedText> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
  let current = url;
  let response: RawResponse;
  for (let hops = 0; ; hops++) {
    try {
      response = await getOnce(current, { ...options, signal });
    } catch (error) {
      throw asFailure(error, signal, options.timeoutMs);
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || location === undefined) break;
    if (hops >= options.maxRedirects) throw new NetworkError('TooManyRedirects', 'Exceeded maximum allowed redirects.');
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new NetworkError('RemoteProtocolError', `invalid redirect location ${JSON.stringify(location)}`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new FetchRefused(
        `Refused to follow a redirect from ${current.href} to ${next.href}: only http and https URLs are fetched.`,
      );
    }
    current = next;
  }
  const contentType = response.headers['content-type'] ?? '';
  return { url: current, status: response.status, contentType, text: decode(response.body, contentType) };
}
