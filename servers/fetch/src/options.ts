/**
 * The options of the fetch server: what `createFetchServer` takes and `parseFetchArgs`
 * reads from a command line. A file of their own, so the two need not import
 * each other.
 *
 * @module
 */
import type { lookup as dnsLookup } from 'node:dns';

/** Options of `createFetchServer` (and what the command line's flags set). */
export interface FetchServerOptions {
  /** Replaces both official user agents (`--user-agent`). */
  readonly userAgent?: string | undefined;
  /** Skip the robots.txt check of autonomous fetches (`--ignore-robots-txt`). */
  readonly ignoreRobotsTxt?: boolean;
  /** An HTTP proxy (`http://[user:pass@]host:port`) for every request (`--proxy-url`). */
  readonly proxyUrl?: string | undefined;
  /** Hosts (`HOST` or `HOST:PORT`) that may be fetched whatever they resolve to (`--allow-host`). */
  readonly allowHosts?: readonly string[];
  /** Allow loopback, private, link-local and CGNAT addresses, never cloud metadata (`--allow-private`). */
  readonly allowPrivate?: boolean;
  /** The whole fetch of one URL, redirects included, ms (default 30 000, the official's timeout). */
  readonly timeoutMs?: number;
  /** Most bytes of a response body, after decompression (default 10 MiB). */
  readonly maxBytes?: number;
  /** Most redirects followed (default 10). */
  readonly maxRedirects?: number;
  /** The DNS resolver, `dns.lookup`'s shape (tests give a fake one). */
  readonly resolve?: typeof dnsLookup | undefined;
}
