/**
 * Fetching through an HTTP proxy (`--proxy-url`): plain http targets as
 * absolute-form requests, https targets through a CONNECT tunnel. The proxy
 * connects to the target, so the address check moves before the request:
 * literal addresses and names that resolve here are checked as without a
 * proxy; a name only the proxy can resolve is left to the proxy's rules.
 *
 * @module
 */
import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns';
import { request as httpRequest, type ClientRequest, type RequestOptions as HttpOptions } from 'node:http';
import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { FetchFailure } from '../errors.js';
import type { AddressPolicy } from './policy.js';

/** A parsed `--proxy-url`. */
export interface Proxy {
  readonly host: string;
  readonly port: number;
  /** `Basic …` from the URL's user info, if any. */
  readonly authorization?: string;
}

/** Parses `--proxy-url` (http:// only). */
export function parseProxy(text: string): Proxy {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchFailure(`--proxy-url: not a URL: ${text}`);
  }
  if (url.protocol !== 'http:') throw new FetchFailure(`--proxy-url: only http:// proxies are supported, not ${url.protocol}`);
  const credentials = url.username === '' ? undefined : `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port === '' ? '80' : url.port),
    ...(credentials !== undefined && { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` }),
  };
}

/**
 * Checks what can be checked before a proxy connects for us: the URL (literal
 * addresses, refused names) and every address its name resolves to here.
 */
export async function checkBeforeProxy(url: URL, policy: AddressPolicy, resolve: typeof dnsLookup = systemLookup): Promise<void> {
  policy.checkUrl(url);
  const addresses = await new Promise<LookupAddress[]>((done) => {
    resolve(url.hostname.replace(/^\[|\]$/g, ''), { all: true }, (error, found: LookupAddress[]) => {
      done(error === null ? found : []);
    });
  });
  for (const { address } of addresses) policy.checkAddress(url, address);
}

function proxyHeaders(proxy: Proxy): Record<string, string> {
  return proxy.authorization === undefined ? {} : { 'Proxy-Authorization': proxy.authorization };
}

/** Opens a CONNECT tunnel to `url`'s host through the proxy and wraps it in TLS. */
function tunnel(url: URL, proxy: Proxy, signal: AbortSignal): Promise<Socket> {
  const target = `${url.hostname}:${url.port === '' ? '443' : url.port}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: target,
      headers: { Host: target, ...proxyHeaders(proxy) },
      signal,
    });
    req.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        reject(new FetchFailure(`the proxy refused to connect to ${target} (status ${String(res.statusCode)})`));
        return;
      }
      const servername = url.hostname.replace(/^\[|\]$/g, '');
      // Handed over once TLS is up, so a certificate the target's name does not match rejects here,
      // and a target that never answers the handshake is given up at the deadline.
      const secure = tlsConnect({ socket, servername, host: servername });
      const fail = (error: unknown): void => {
        signal.removeEventListener('abort', abort);
        secure.destroy();
        reject(error instanceof Error ? error : new FetchFailure(String(error)));
      };
      const abort = (): void => {
        fail(signal.reason);
      };
      if (signal.aborted) {
        abort();
        return;
      }
      signal.addEventListener('abort', abort, { once: true });
      secure.once('error', fail);
      secure.once('secureConnect', () => {
        signal.removeEventListener('abort', abort);
        secure.off('error', fail);
        resolve(secure);
      });
    });
    req.once('error', reject);
    req.end();
  });
}

/** Sends a GET for `url` through the proxy; the caller reads the response as without a proxy. */
export async function requestThroughProxy(
  url: URL,
  proxy: Proxy,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<ClientRequest> {
  if (url.protocol === 'http:') {
    const options: HttpOptions = {
      host: proxy.host,
      port: proxy.port,
      method: 'GET',
      path: url.href,
      headers: { ...headers, Host: url.host, ...proxyHeaders(proxy) },
      agent: false,
      signal,
    };
    return httpRequest(options);
  }
  const socket = await tunnel(url, proxy, signal);
  const { request } = await import('node:https');
  // No `agent` at all: with one (even `agent: false`, which makes a fresh Agent) Node ignores `createConnection`
  // and connects to the target itself, around the proxy. Without one it takes port 80 as the default, hence `Host`.
  return request(url, { method: 'GET', headers: { ...headers, Host: url.host }, signal, createConnection: () => socket });
}
