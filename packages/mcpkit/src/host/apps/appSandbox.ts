/**
 * The sandbox a host puts around an app: the Content-Security-Policy built
 * from the resource's `_meta.ui.csp` (only well-formed origins pass; by
 * default nothing outside the document loads or connects), and the frame's
 * `allow` list from its permissions (only the four the extension names).
 *
 * @module
 */
import type { AppCsp, AppPermissions, AppResourceMeta } from '../../protocol/index.js';

// The same origin shape a server may declare: scheme, host (optionally *.), port. Nothing that could end a directive.
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/;

function origins(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string' && ORIGIN.test(d)) : [];
}

/** The declared CSP with every entry that is not an origin dropped. */
export function cleanCsp(csp: unknown): AppCsp {
  const value = typeof csp === 'object' && csp !== null ? (csp as Record<string, unknown>) : {};
  return {
    connectDomains: origins(value['connectDomains']),
    resourceDomains: origins(value['resourceDomains']),
    frameDomains: origins(value['frameDomains']),
    baseUriDomains: origins(value['baseUriDomains']),
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
