/**
 * MCP Apps for server authors: declare an app (its `ui://` HTML resource,
 * with the Apps MIME type and its CSP and permission metadata) and link
 * tools to it. Tools and resources are served the same way in both eras, so
 * an app is too.
 *
 * ```ts
 * const clock = registerApp(server, { uri: 'ui://clock/app.html', name: 'Clock', html });
 * server.tool({ name: 'show_clock', _meta: appToolMeta({ resourceUri: clock.uri }) }, () => 'It is noon');
 * server.tool({ name: 'tick', _meta: appToolMeta({ visibility: ['app'] }) }, () => new Date().toISOString());
 * ```
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { cspOriginProblem } from '../net/cspOrigin.js';
import {
  APP_MIME_TYPE,
  LEGACY_RESOURCE_URI_KEY,
  type AppCsp,
  type AppPermissions,
  type AppResourceMeta,
  type AppToolMeta,
  type AppVisibility,
} from '../protocol/apps.js';
import type { Meta } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
import type { Registration } from './registration.js';
import type { ResourceDefinition, ResourceHandler } from './resources.js';
import type { McpServer } from './server.js';

/** How an app is declared. */
export interface AppDefinition<State = unknown> {
  /** Its resource URI; must start with `ui://`. */
  readonly uri: `ui://${string}`;
  /** Name for programs and lists. */
  readonly name: string;
  /** Human-readable name. */
  readonly title?: string;
  /** What it shows. */
  readonly description?: string;
  /** The HTML document (self-contained: hosts block what the CSP does not list), or a function that makes it. */
  readonly html: string | ((ctx: ServerContext<State>) => string | Promise<string>);
  /** Origins the app needs beyond its own document (default: none). */
  readonly csp?: AppCsp;
  /** Browser capabilities it asks for (hosts may refuse). */
  readonly permissions?: AppPermissions;
  /** A dedicated sandbox origin, in the format the host documents. */
  readonly domain?: string;
  /** Whether it wants a visible border and background. */
  readonly prefersBorder?: boolean;
}

/** A registered app: its URI, and the registration of its resource. */
export interface AppRegistration<State = unknown> extends Registration<ResourceDefinition, ResourceHandler<State>> {
  readonly uri: string;
}

function checkDomains(uri: string, key: string, domains: readonly string[] | undefined): void {
  for (const domain of domains ?? []) {
    // The hosts' own rule: an entry they would drop is a mistake to report now.
    const problem = cspOriginProblem(domain);
    if (problem !== undefined) {
      throw new LocalError('INVALID_ARGUMENT', `App ${uri}: csp.${key} entry ${JSON.stringify(domain)}: ${problem}`);
    }
  }
}

/** The `_meta.ui` an app's resource carries. */
export function appResourceMeta(app: Omit<AppDefinition<never>, 'html' | 'name' | 'uri'>): AppResourceMeta {
  return {
    ...(app.csp !== undefined && { csp: app.csp }),
    ...(app.permissions !== undefined && { permissions: app.permissions }),
    ...(app.domain !== undefined && { domain: app.domain }),
    ...(app.prefersBorder !== undefined && { prefersBorder: app.prefersBorder }),
  };
}

/**
 * Registers an app's HTML resource on `server`: MIME type
 * `text/html;profile=mcp-app`, and `_meta.ui` (CSP, permissions, domain,
 * border) both in `resources/list` and on the content `resources/read`
 * returns, where hosts read it.
 */
export function registerApp<State>(server: McpServer<State>, app: AppDefinition<State>): AppRegistration<State> {
  if (!app.uri.startsWith('ui://') || app.uri.length <= 'ui://'.length) {
    throw new LocalError('INVALID_ARGUMENT', `App URI ${JSON.stringify(app.uri)} must start with ui://`);
  }
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    checkDomains(app.uri, key, app.csp?.[key]);
  }
  const ui = appResourceMeta(app);
  const meta: Meta = { ui };
  const registration = server.resource(
    {
      uri: app.uri,
      name: app.name,
      mimeType: APP_MIME_TYPE,
      _meta: meta,
      ...(app.title !== undefined && { title: app.title }),
      ...(app.description !== undefined && { description: app.description }),
    },
    async (uri, ctx) => {
      const text = typeof app.html === 'string' ? app.html : await app.html(ctx);
      return { contents: [{ uri, mimeType: APP_MIME_TYPE, text, _meta: meta }] };
    },
  );
  return Object.assign(registration, { uri: app.uri });
}

/** Options of {@link appToolMeta}. */
export interface AppToolOptions {
  /** The app to render for this tool's calls. */
  readonly resourceUri?: string;
  /** Who may call the tool: `['app']` hides it from the model (default both). */
  readonly visibility?: readonly AppVisibility[];
  /** Other `_meta` keys to keep. */
  readonly meta?: Meta;
}

/**
 * A tool's `_meta` linking it to an app and/or limiting who calls it. The
 * legacy flat `ui/resourceUri` key goes along for hosts that read only it.
 */
export function appToolMeta(options: AppToolOptions): Meta {
  if (options.resourceUri !== undefined && !options.resourceUri.startsWith('ui://')) {
    throw new LocalError('INVALID_ARGUMENT', `App resource URI ${JSON.stringify(options.resourceUri)} must start with ui://`);
  }
  const ui: AppToolMeta = {
    ...(options.resourceUri !== undefined && { resourceUri: options.resourceUri }),
    ...(options.visibility !== undefined && { visibility: options.visibility }),
  };
  return {
    ...options.meta,
    ui,
    ...(options.resourceUri !== undefined && { [LEGACY_RESOURCE_URI_KEY]: options.resourceUri }),
  };
}
