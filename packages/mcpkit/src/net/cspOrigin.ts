/**
 * Which origins an MCP App's CSP may name. A server declares them and the
 * host's browser then loads from or connects to them from the user's
 * machine, so a hostile server could aim the app at this machine's services
 * (`http://127.0.0.1:6274`, `ws://localhost:11434`), the local network, the
 * cloud metadata service, or every site under a public suffix (`https://*.com`).
 * Refused: anything not a plain origin, hosts that are not public addresses
 * (the one address classification, {@link hostKind}), names that only mean
 * something locally (one label, `.localhost`, `.local`, `.internal`, `.lan`,
 * `.home.arpa`), and wildcards over a single label or a public suffix.
 *
 * @module
 */
import { hostKind, withArticle } from './addressKind.js';

// An origin as CSP source expressions allow it: scheme, host (with an optional leading *.), port. Nothing that ends a directive.
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/;

/** Names that resolve only on this machine or the local network. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'lan', 'home.arpa'];

/**
 * Public suffixes of more than one label, where anyone may register a name or
 * host a site: a wildcard over one of them is a wildcard over strangers. A
 * short list of the common ones, not the whole Public Suffix List; one-label
 * suffixes (`*.com`) are refused by their shape.
 */
const PUBLIC_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'co.kr',
  'or.kr',
  'com.br',
  'com.cn',
  'net.cn',
  'org.cn',
  'com.tw',
  'com.hk',
  'com.sg',
  'com.mx',
  'com.ar',
  'com.tr',
  'co.in',
  'co.za',
  'co.il',
  'com.ua',
  'eu.org',
  'github.io',
  'gitlab.io',
  'pages.dev',
  'workers.dev',
  'vercel.app',
  'netlify.app',
  'herokuapp.com',
  'appspot.com',
  'web.app',
  'firebaseapp.com',
  'azurewebsites.net',
  'cloudfront.net',
  'amazonaws.com',
  'blogspot.com',
  'glitch.me',
  'onrender.com',
  'fly.dev',
  'ngrok.io',
  'ngrok-free.app',
]);

/** Why an app may not name `entry` in its CSP, or undefined when it may. */
export function cspOriginProblem(entry: string): string | undefined {
  if (!ORIGIN.test(entry)) return 'it is not an origin (https://host[:port])';
  const hostPart = entry.replace(/^[a-z]+:\/\//i, '').replace(/:\d+$/, '');
  const wildcard = hostPart.startsWith('*.');
  const name = (wildcard ? hostPart.slice(2) : hostPart).toLowerCase();
  // The URL parser's reading of the name: `2130706433` and `0x7f.1` are 127.0.0.1 to the browser.
  let canonical: string;
  try {
    canonical = new URL(`http://${name}/`).hostname;
  } catch {
    return 'it is not an origin (https://host[:port])';
  }
  const kind = hostKind(canonical) ?? hostKind(name);
  if (kind !== undefined) return `its host is ${withArticle(kind)} address`;
  if (LOCAL_SUFFIXES.some((s) => canonical === s || canonical.endsWith(`.${s}`)))
    return 'its host is a name for this machine or the local network';
  const single = !canonical.includes('.');
  if (wildcard && (single || PUBLIC_SUFFIXES.has(canonical))) return 'it is a wildcard over a public suffix';
  if (single) return 'its host is a single-label name, which resolves on the local network';
  return undefined;
}
