/**
 * Fetches the app a tool links to: reads its `ui://` resource from the
 * server and checks it is an MCP App document (the Apps MIME type, text or
 * base64, within a size bound), with its sandbox metadata cleaned.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/index.js';
import { APP_MIME_TYPE, appResourceUri, type AppResourceMeta, type Tool } from '../../protocol/index.js';
import type { AppServer } from './appPort.js';
import { appResourceMetaOf, droppedCspEntries, type DroppedCspEntry } from './appSandbox.js';

/** An app ready to render. */
export interface LoadedApp {
  readonly uri: string;
  readonly html: string;
  readonly meta: AppResourceMeta;
  /** What the server's CSP named that the host does not allow (already out of `meta.csp`), to show the user. */
  readonly dropped: readonly DroppedCspEntry[];
}

/** The largest app document accepted by default: 5 MiB of text. */
export const MAX_APP_HTML: number = 5 * 1024 * 1024;

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The app `tool` links to, or undefined when it links to none. */
export async function loadApp(
  server: Pick<AppServer, 'readResource'>,
  tool: Tool,
  maxBytes: number = MAX_APP_HTML,
): Promise<LoadedApp | undefined> {
  const uri = appResourceUri(tool);
  return uri === undefined ? undefined : loadAppResource(server, uri, maxBytes);
}

/** Reads the app at `uri` (a `ui://` resource) and checks it. */
export async function loadAppResource(
  server: Pick<AppServer, 'readResource'>,
  uri: string,
  maxBytes: number = MAX_APP_HTML,
): Promise<LoadedApp> {
  if (!uri.startsWith('ui://')) throw new LocalError('INVALID_ARGUMENT', `App URI ${JSON.stringify(uri)} is not a ui:// URI`);
  const read = await server.readResource({ uri });
  const content = read.contents.find((c) => c.uri === uri) ?? read.contents[0];
  if (content === undefined) throw new LocalError('INVALID_ARGUMENT', `App ${uri}: the server returned no content`);
  const mime = (content.mimeType ?? '').replace(/\s+/g, '').toLowerCase();
  if (mime !== APP_MIME_TYPE) {
    throw new LocalError(
      'INVALID_ARGUMENT',
      `App ${uri}: MIME type ${JSON.stringify(content.mimeType ?? '')} is not ${APP_MIME_TYPE}`,
    );
  }
  const html = 'text' in content ? content.text : decodeBase64(content.blob);
  if (html.length > maxBytes)
    throw new LocalError('INVALID_ARGUMENT', `App ${uri}: ${String(html.length)} bytes is more than ${String(maxBytes)}`);
  const ui: unknown = (content._meta as Record<string, unknown> | undefined)?.['ui'];
  const declaredCsp = typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>)['csp'] : undefined;
  return { uri, html, meta: appResourceMetaOf(content._meta), dropped: droppedCspEntries(declaredCsp) };
}
