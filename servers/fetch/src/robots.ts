/**
 * The robots.txt check before an autonomous fetch, with the official
 * server's texts: 401/403 mean no, other 4xx mean yes, a robots.txt that
 * disallows the page ends the call with the file quoted for the model.
 *
 * @module
 */
import { FetchFailure, FetchRefused } from './errors.js';
import { fetchText, type FetchOptions } from './net/fetchText.js';
import { RobotsTxt } from './robotsTxt.js';

/** robots.txt of `url`'s origin (user info and port kept, as the official's urlunparse keeps them). */
export function robotsTxtUrl(url: URL): string {
  const userinfo = url.username === '' ? '' : `${url.username}${url.password === '' ? '' : `:${url.password}`}@`;
  return `${url.protocol}//${userinfo}${url.host}/robots.txt`;
}

/** The most of a robots.txt that is read (RFC 9309 asks for at least 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;

/** Throws `FetchFailure` with the official text unless robots.txt lets `userAgent` fetch `url`. */
export async function checkRobots(url: URL, options: FetchOptions): Promise<void> {
  const robotsUrl = robotsTxtUrl(url);
  let fetched;
  try {
    fetched = await fetchText(new URL(robotsUrl), { ...options, maxBytes: Math.min(options.maxBytes, ROBOTS_MAX_BYTES) });
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    throw new FetchFailure(`Failed to fetch robots.txt ${robotsUrl} due to a connection issue`);
  }
  // 5xx: the site is unreachable, and RFC 9309 says to assume a complete disallow (the official reads the error page as robots.txt).
  if (fetched.status === 401 || fetched.status === 403 || fetched.status >= 500) {
    throw new FetchFailure(
      `When fetching robots.txt (${robotsUrl}), received status ${fetched.status} so assuming that autonomous fetching is not allowed, the user can try manually fetching by using the fetch prompt`,
    );
  }
  if (fetched.status >= 400) return;
  if (new RobotsTxt(fetched.text).canFetch(url, options.userAgent)) return;
  throw new FetchFailure(
    `The sites robots.txt (${robotsUrl}), specifies that autonomous fetching of this page is not allowed, ` +
      `<useragent>${options.userAgent}</useragent>\n` +
      `<url>${url.href}</url>` +
      `<robots>\n${fetched.text}\n</robots>\n` +
      `The assistant must let the user know that it failed to view the page. The assistant may provide further guidance based on the above information.\n` +
      `The assistant can tell the user that they can try manually fetching the page by using the fetch prompt within their UI.`,
  );
}
