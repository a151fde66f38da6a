/**
 * `mount`: serve an upstream (a connected client of another server, in this
 * process or not) from an `McpServer`, under a prefix. Its tools, resources,
 * templates and prompts are registered on the server with handlers that
 * forward to the upstream, so everything the server does (both eras,
 * pagination, list-changed notifications, capabilities, middleware) applies
 * to them as to the server's own. When the upstream's lists change, they are
 * listed again (once per burst) and the registrations follow.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import type { Tool } from '../../protocol/types/index.js';
import type { McpServer } from '../server.js';
import type { ServerRequest } from '../middleware.js';
import { forwardedError } from './forwarding.js';
import { MountedLists, type Listed } from './mountedLists.js';
import type { Mount, MountOptions } from './mountOptions.js';
import type { Upstream, UpstreamSubscription } from './upstream.js';

const NAME_PART = /^[A-Za-z0-9_.-]+$/;
/** The most resources one mount keeps an upstream subscription open for. */
const MAX_WATCHED = 1000;

function uriList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The URIs a subscription request names, in either era. */
function subscribedUris(request: ServerRequest): string[] {
  if (request.method === 'resources/subscribe') return uriList(request.params['uri']);
  if (request.method !== 'subscriptions/listen') return [];
  const notifications = request.params['notifications'];
  if (typeof notifications !== 'object' || notifications === null) return [];
  return uriList((notifications as Record<string, unknown>)['resourceSubscriptions']);
}

class MountedUpstream implements Mount {
  readonly #server: McpServer<unknown>;
  readonly #upstream: Upstream;
  readonly #options: MountOptions;
  readonly #label: string;
  readonly #lists: MountedLists;
  readonly #watched = new Map<string, Promise<UpstreamSubscription | undefined>>();
  #changes: Promise<UpstreamSubscription | undefined> | undefined;
  #removeMiddleware: (() => void) | undefined;
  #removeLog: (() => void) | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #syncing: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(server: McpServer<unknown>, upstream: Upstream, options: MountOptions) {
    this.#server = server;
    this.#upstream = upstream;
    this.#options = options;
    this.#label = options.label ?? options.prefix ?? upstream.serverInfo?.name ?? 'upstream';
    this.#lists = new MountedLists(server, upstream, { ...options, label: this.#label });
  }

  get toolNames(): ReadonlyMap<string, string> {
    return this.#lists.toolNames;
  }

  async start(): Promise<void> {
    this.#removeMiddleware = this.#server.use((next) => async (request, ctx) => {
      if (request.method === 'logging/setLevel') await this.#forwardLevel(request.params['level']);
      else this.#watch(subscribedUris(request));
      return next(request, ctx);
    });
    const inputs = this.#options.inputs;
    if (inputs !== undefined) {
      this.#removeLog = this.#upstream.onNotification('notifications/message', (params) => {
        inputs.log(params);
      });
    }
    this.#changes = this.#upstream
      .subscribe({ toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true }, () => {
        this.#schedule();
      })
      .catch((error: unknown) => {
        this.#problem(`cannot follow list changes: ${forwardedError(this.#label, error).message}`);
        return undefined;
      });
    await this.refresh();
  }

  get tools(): readonly Tool[] {
    return this.#lists.tools;
  }

  ownsUri(uri: string): boolean {
    return this.#lists.ownsUri(uri);
  }

  servesResource(uri: string): boolean {
    return this.#lists.servesResource(uri);
  }

  servesTemplate(uriTemplate: string): boolean {
    return this.#lists.servesTemplate(uriTemplate);
  }

  /** Lists again now (joining a listing under way, and running once more after it if asked meanwhile). */
  refresh(): Promise<void> {
    if (this.#syncing !== undefined) {
      this.#again = true;
      return this.#syncing;
    }
    this.#syncing = (async () => {
      do {
        this.#again = false;
        if (this.#stopped()) return;
        const listed = await this.#list();
        if (!this.#stopped()) this.#lists.apply(listed);
      } while (this.#askedAgain());
    })().finally(() => {
      this.#syncing = undefined;
    });
    return this.#syncing;
  }

  /** Read through methods: a listing awaits, and `close` or `refresh` may run meanwhile. */
  #stopped(): boolean {
    return this.#closed;
  }

  #askedAgain(): boolean {
    return this.#again;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#removeMiddleware?.();
    this.#removeLog?.();
    this.#lists.clear();
    const subscriptions = [this.#changes, ...this.#watched.values()];
    this.#watched.clear();
    await Promise.all(subscriptions.map(async (s) => (await s)?.close().catch(() => undefined)));
  }

  #schedule(): void {
    if (this.#closed || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.refresh().catch(() => undefined);
    }, this.#options.debounceMs ?? 50);
  }

  /** Each list the upstream offers; one that fails is reported and kept as it was. */
  async #list(): Promise<Listed> {
    const caps = this.#upstream.serverCapabilities ?? {};
    const take = async <T>(offered: boolean, kind: string, list: () => Promise<T[]>): Promise<T[] | undefined> => {
      if (!offered) return [];
      try {
        return await list();
      } catch (error) {
        this.#problem(`cannot list ${kind}: ${forwardedError(this.#label, error).message}`);
        return undefined;
      }
    };
    const [tools, resources, templates, prompts] = await Promise.all([
      take(caps.tools !== undefined, 'tools', () => this.#upstream.listAllTools()),
      take(caps.resources !== undefined, 'resources', () => this.#upstream.listAllResources()),
      take(caps.resources !== undefined, 'resource templates', () => this.#upstream.listAllResourceTemplates()),
      take(caps.prompts !== undefined, 'prompts', () => this.#upstream.listAllPrompts()),
    ]);
    return { tools, resources, templates, prompts };
  }

  async #forwardLevel(level: unknown): Promise<void> {
    if (this.#upstream.serverCapabilities?.logging === undefined || typeof level !== 'string') return;
    try {
      await this.#upstream.setLoggingLevel({ level: level as 'debug' });
    } catch (error) {
      this.#problem(`cannot set its log level: ${forwardedError(this.#label, error).message}`);
    }
  }

  /** Opens an upstream subscription for each URI of this mount not yet watched. */
  #watch(uris: readonly string[]): void {
    if (this.#upstream.serverCapabilities?.resources?.subscribe !== true) return;
    for (const uri of uris) {
      if (this.#watched.has(uri) || this.#watched.size >= MAX_WATCHED || !this.#lists.ownsUri(uri)) continue;
      const opening = this.#upstream
        .subscribe({ resources: [uri] }, (n) => {
          if (n.method === 'notifications/resources/updated' && n.params['uri'] === uri) this.#server.notifyResourceUpdated(uri);
        })
        .catch((error: unknown) => {
          this.#watched.delete(uri);
          this.#problem(`cannot subscribe to ${uri}: ${forwardedError(this.#label, error).message}`);
          return undefined;
        });
      this.#watched.set(uri, opening);
    }
  }

  #problem(message: string): void {
    this.#options.onProblem?.(`${this.#label}: ${message}`);
  }
}

/**
 * Mounts `upstream` on `server`: its tools and prompts appear as
 * `prefix_name`, its resources and templates under their own URIs. Resolves
 * once the first listing is registered. Throws `INVALID_ARGUMENT` for a
 * prefix that is not a name, or that contains the separator (which would let
 * two mounts' names collide).
 */
export async function mount<State>(server: McpServer<State>, upstream: Upstream, options: MountOptions = {}): Promise<Mount> {
  const separator = options.separator ?? '_';
  const { prefix } = options;
  if (prefix !== undefined && (!NAME_PART.test(prefix) || prefix.includes(separator))) {
    throw new LocalError(
      'INVALID_ARGUMENT',
      `Mount prefix ${JSON.stringify(prefix)} must be characters of A-Z a-z 0-9 _ . - without the separator ${JSON.stringify(separator)}`,
    );
  }
  if (!NAME_PART.test(separator))
    throw new LocalError('INVALID_ARGUMENT', 'The separator must be characters of A-Z a-z 0-9 _ . -');
  const mounted = new MountedUpstream(server, upstream, { ...options, separator });
  await mounted.start();
  return mounted;
}
