/**
 * The sandbox a host puts around an app: the Content-Security-Policy built
 * from the resource's `_meta.ui.csp` (only public origins pass, see
 * `net/cspOrigin`; by default nothing outside the document loads or connects), and the frame's
 * `allow` list from its permissions (only the four the extension names).
 *
 * @module
 */
import { cspOriginProblem } from '../../net/cspOrigin.js';
import type { AppCsp, AppPermissions, AppResourceMeta } from '../../protocol/index.js';

function entries(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
}

/** JSON text, or undefined for undefined and functions (whatever `JSON.stringify`'s typing says). */
function jsonText(value: unknown): string | undefined {
  return JSON.stringify(value);
}

/** A declared value as JSON text. */
function shown(value: unknown): string {
  return jsonText(value) ?? typeof value;
}

const KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** An entry of a declared CSP the host did not allow, and why. */
export interface DroppedCspEntry {
  readonly key: (typeof KEYS)[number];
  /** The entry as declared (a string; anything else is shown as JSON). */
  readonly entry: string;
  readonly reason: string;
}

/**
 * The entries of a declared CSP a host drops: anything not a plain origin,
 * hosts on this machine or the local network (loopback, private, link-local,
 * metadata, `.localhost`, `.local`...), wildcards over a public suffix.
 */
export function droppedCspEntries(csp: unknown): DroppedCspEntry[] {
  const value = typeof csp === 'object' && csp !== null ? (csp as Record<string, unknown>) : {};
  return KEYS.flatMap((key) => {
    const list = value[key];
    if (list === undefined) return [];
    if (!Array.isArray(list)) return [{ key, entry: shown(list), reason: 'it is not a list' }];
    return list.flatMap((d: unknown) => {
      if (typeof d !== 'string') return [{ key, entry: shown(d), reason: 'it is not a string' }];
      const reason = cspOriginProblem(d);
      return reason === undefined ? [] : [{ key, entry: d, reason }];
    });
  });
}

/** The declared CSP with every entry {@link droppedCspEntries} lists taken out. */
export function cleanCsp(csp: unknown): AppCsp {
  const value = typeof csp === 'object' && csp !== null ? (csp as Record<string, unknown>) : {};
  const allowed = (key: (typeof KEYS)[number]): string[] => entries(value[key]).filter((d) => cspOriginProblem(d) === undefined);
  return {
    connectDomains: allowed('connectDomains'),
    resourceDomains: allowed('resourceDomains'),
    frameDomains: allowed('frameDomains'),
    baseUriDomains: allowed('baseUriDomains'),
  };
}

/**
 * The Content-Security-Policy for an app document. Inline script and style
 * run (apps are single documents); everything else needs a declared origin.
 */
export function appContentSecurityPolicy(csp: unknown): string {
  const c = cleanCsp(csp);
  const list = (extra: readonly string[] | undefined, none: string): string =>
    extra !== undefined && extra.length > 0 ? extra.join(' ') : none;
  const resources = c.resourceDomains ?? [];
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `style-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `img-src data: blob: ${resources.join(' ')}`.trim(),
    `font-src data: ${resources.join(' ')}`.trim(),
    `media-src data: blob: ${resources.join(' ')}`.trim(),
    `connect-src ${list(c.connectDomains, "'none'")}`,
    `frame-src ${list(c.frameDomains, "'none'")}`,
    `base-uri ${list(c.baseUriDomains, "'none'")}`,
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

const FEATURES: Readonly<Record<keyof AppPermissions, string>> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The frame's `allow` attribute for the permissions a host grants (empty: none). */
export function appAllowList(permissions: unknown): string {
  const value = typeof permissions === 'object' && permissions !== null ? (permissions as Record<string, unknown>) : {};
  return (Object.keys(FEATURES) as (keyof AppPermissions)[])
    .filter((k) => value[k] !== undefined && value[k] !== null)
    .map((k) => FEATURES[k])
    .join('; ');
}

/** The `_meta.ui` of a read content (or of the listing), cleaned to what a host may use. */
export function appResourceMetaOf(meta: unknown): AppResourceMeta {
  const ui = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)['ui'] : undefined;
  const value = typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>) : {};
  const permissions = value['permissions'];
  return {
    csp: cleanCsp(value['csp']),
    ...(typeof permissions === 'object' && permissions !== null && { permissions }),
    ...(typeof value['domain'] === 'string' && { domain: value['domain'] }),
    ...(typeof value['prefersBorder'] === 'boolean' && { prefersBorder: value['prefersBorder'] }),
  };
}
