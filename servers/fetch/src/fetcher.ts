/**
 * What the tool and the prompt share: fetch a URL within the limits and
 * turn it into text for the model, with the official server's texts for
 * every outcome.
 *
 * @module
 */
import type { lookup as dnsLookup } from 'node:dns';
import { FetchFailure, FetchRefused } from './errors.js';
import { fetchText, NetworkError, type FetchOptions } from './net/fetchText.js';
import type { AddressPolicy } from './net/policy.js';
import type { Proxy } from './net/proxy.js';
import { checkRobots } from './robots.js';

/** The official user agent for fetches the model decides on (the tool). */
export const USER_AGENT_AUTONOMOUS = 'ModelContextProtocol/1.0 (Autonomous; +https://github.com/modelcontextprotocol/servers)';
/** The official user agent for fetches the user asks for (the prompt). */
export const USER_AGENT_MANUAL = 'ModelContextProtocol/1.0 (User-Specified; +https://github.com/modelcontextprotocol/servers)';

/** Everything a fetch needs but the URL. */
export interface FetcherOptions {
  readonly policy: AddressPolicy;
  /** Replaces both official user agents (`--user-agent`). */
  readonly userAgent?: string | undefined;
  readonly ignoreRobotsTxt: boolean;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** The resolver (tests give a fake one). */
  readonly resolve?: typeof dnsLookup | undefined;
  /** Every request through this HTTP proxy. */
  readonly proxy?: Proxy | undefined;
}

/** A page ready for the model: its content and the official prefix. */
export interface PageText {
  readonly content: string;
  readonly prefix: string;
}

/** Parses a URL argument; only http and https are fetched. */
export function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchFailure(`Invalid URL: ${JSON.stringify(text)} (an absolute http or https URL is expected)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchFailure(`Failed to fetch ${url.href}: only http and https URLs can be fetched`);
  }
  return url;
}

/** Fetches pages for the tool (`autonomous`: robots.txt honoured) or the prompt (`manual`). */
export class Fetcher {
  readonly #options: FetcherOptions;

  constructor(options: FetcherOptions) {
    this.#options = options;
  }

  #fetchOptions(userAgent: string, signal: AbortSignal | undefined): FetchOptions {
    const { policy, timeoutMs, maxBytes, maxRedirects, resolve, proxy } = this.#options;
    return {
      userAgent,
      policy,
      timeoutMs,
      maxBytes,
      maxRedirects,
      ...(signal !== undefined && { signal }),
      ...(resolve !== undefined && { resolve }),
      ...(proxy !== undefined && { proxy }),
    };
  }

  /** The tool's fetch: robots.txt first (unless ignored), then the page. */
  async autonomous(url: URL, raw: boolean, signal?: AbortSignal): Promise<PageText> {
    const options = this.#fetchOptions(this.#options.userAgent ?? USER_AGENT_AUTONOMOUS, signal);
    this.#options.policy.checkUrl(url);
    if (!this.#options.ignoreRobotsTxt) await checkRobots(url, options);
    return this.#page(url, raw, options);
  }

  /** The prompt's fetch: the user asked, so no robots.txt; never raw. */
  manual(url: URL, signal?: AbortSignal): Promise<PageText> {
    return this.#page(url, false, this.#fetchOptions(this.#options.userAgent ?? USER_AGENT_MANUAL, signal));
  }

  async #page(url: URL, raw: boolean, options: FetchOptions): Promise<PageText> {
    let fetched;
    try {
      fetched = await fetchText(url, options);
    } catch (error) {
      if (error instanceof FetchRefused || !(error instanceof FetchFailure)) throw error;
      const detail = error instanceof NetworkError ? `${error.kind}('${error.message.replace(/'/g, "\\'")}')` : error.message;
      throw new FetchFailure(`Failed to fetch ${url.href}: ${detail}`);
    }
    if (fetched.status >= 400) throw new FetchFailure(`Failed to fetch ${url.href} - status code ${fetched.status}`);
    const type = fetched.contentType;
    const isHtml = fetched.text.slice(0, 100).includes('<html') || type.includes('text/html') || type === '';
    if (isHtml && !raw) {
      // The DOM, Readability and turndown load on the first page that needs them, not at start-up.
      const { htmlToMarkdown } = await import('./extract.js');
      return { content: htmlToMarkdown(fetched.text, fetched.url), prefix: '' };
    }
    return {
      content: fetched.text,
      prefix: `Content type ${type} cannot be simplified to markdown, but here is the raw content:\n`,
    };
  }
}
