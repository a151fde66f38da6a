/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, 2026-01-26): the
 * names and `_meta` shapes a server, a client and a host share. A tool links
 * to a `ui://` HTML resource; a host renders it in a sandboxed frame and talks
 * to it over a JSON-RPC bridge (`host/apps`).
 *
 * @see https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx
 * @module
 */

/** The extension's identifier, the key under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an app's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The bridge protocol revision this implementation speaks. */
export const APPS_PROTOCOL_VERSION = '2026-01-26';
/** The legacy flat `_meta` key that older hosts read for a tool's resource URI. */
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** Who may call a tool: the model, the app (from the same server), or both (the default). */
export type AppVisibility = 'model' | 'app';

/** Origins an app needs; everything not listed is blocked by the host's CSP. */
export interface AppCsp {
  /** Origins for fetch, XHR and WebSocket (`connect-src`). */
  readonly connectDomains?: readonly string[];
  /** Origins for scripts, styles, images, fonts and media. */
  readonly resourceDomains?: readonly string[];
  /** Origins for nested frames (`frame-src`). */
  readonly frameDomains?: readonly string[];
  /** Allowed base URIs (`base-uri`). */
  readonly baseUriDomains?: readonly string[];
}

/** Browser capabilities an app asks for; a host may refuse any of them. */
export interface AppPermissions {
  readonly camera?: Record<string, never>;
  readonly microphone?: Record<string, never>;
  readonly geolocation?: Record<string, never>;
  readonly clipboardWrite?: Record<string, never>;
}

/** `_meta.ui` of an app's resource (in `resources/list` and on the read content). */
export interface AppResourceMeta {
  readonly csp?: AppCsp;
  readonly permissions?: AppPermissions;
  /** A dedicated sandbox origin; its format is the host's to define. */
  readonly domain?: string;
  /** True: the app wants a visible border and background. */
  readonly prefersBorder?: boolean;
}

/** `_meta.ui` of a tool. */
export interface AppToolMeta {
  /** The `ui://` resource to render for this tool's calls. */
  readonly resourceUri?: string;
  /** Who may call it (default both). */
  readonly visibility?: readonly AppVisibility[];
}

/** `capabilities.extensions[APPS_EXTENSION]` of a client that renders apps. */
export interface AppsClientCapability {
  /** The MIME types it renders; must include {@link APP_MIME_TYPE}. */
  readonly mimeTypes?: readonly string[];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The `ui://` resource a tool links to (`_meta.ui.resourceUri`, or the legacy flat key), if any. */
export function appResourceUri(tool: { readonly _meta?: unknown }): string | undefined {
  const meta = record(tool._meta);
  const nested = record(meta?.['ui'])?.['resourceUri'];
  const uri = typeof nested === 'string' ? nested : meta?.[LEGACY_RESOURCE_URI_KEY];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call a tool, from its `_meta.ui.visibility` (default both; unknown entries ignored). */
export function appVisibility(tool: { readonly _meta?: unknown }): readonly AppVisibility[] {
  const declared = record(record(tool._meta)?.['ui'])?.['visibility'];
  if (!Array.isArray(declared)) return ['model', 'app'];
  return declared.filter((v): v is AppVisibility => v === 'model' || v === 'app');
}
