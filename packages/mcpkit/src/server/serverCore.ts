/**
 * The server's state and everything its sessions ask of it: registries,
 * middleware, capabilities, listeners, the lifespan. `McpServer` owns one and
 * keeps it private; sessions (and, through `serverViewOf`, the HTTP layer)
 * hold it directly, so the hot path calls it without a façade in between.
 *
 * @module
 */
import type { TelemetryOptions } from '../telemetry/otelTypes.js';
import { LocalError } from '../jsonrpc/localError.js';
import { defaultPrincipal } from './authInfo.js';
import { implementationOf } from '../protocol/implementation.js';
import { hasCapability } from '../protocol/methods.js';
import type { Implementation, LoggingLevel, ReadResourceResult, Result, ServerCapabilities } from '../protocol/types/index.js';
import { REVISIONS, type Revision } from '../protocol/versions.js';
import type { JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';
import { advertised } from './capabilities.js';
import { ClientNotifications, type ClientNotificationHandler } from './clientNotifications.js';
import type { ServerContext } from './context.js';
import { featureMethods, readResource, type FeatureTables } from './features.js';
import { compose, type MethodHandler, type Middleware, type ServerRequest } from './middleware.js';
import type { ServerOptions } from './options.js';
import { preparePrompt, type PromptDefinition, type PromptEntry, type PromptHandler } from './prompts.js';
import { Registry } from './registry.js';
import { registrationOf, type Registration } from './registration.js';
import { RequestStateCodec } from './replay.js';
import {
  prepareResource,
  prepareTemplate,
  type CacheHint,
  type ResourceDefinition,
  type ResourceEntry,
  type ResourceHandler,
  type ResourceTemplateDefinition,
  type TemplateEntry,
  type TemplateHandler,
} from './resources.js';
import { Sealer } from './seal.js';
import type { ServerEvents, ServerView } from './serverView.js';
import type { ServerSession } from './session.js';
import { TaskManager } from './tasks/taskManager.js';
import { prepareTool, type ToolDefinition, type ToolEntry, type ToolHandler } from './tools.js';

const DEFAULT_CACHE: CacheHint = { ttlMs: 0, scope: 'private' };

/**
 * Adds a definition and its handler to `registry` under the key `keyOf` names;
 * an update prepares the entry again from the patched definition and handler
 * (so derived parts, like a tool's wire form and schemas, follow).
 */
function register<D, H, E extends { readonly definition: D; readonly handler: H }>(
  registry: Registry<E>,
  keyOf: (definition: D) => string,
  prepare: (definition: D, handler: H) => E,
  definition: D,
  handler: H,
): Registration<D, H> {
  const handle = registry.add(
    keyOf(definition),
    prepare(definition, handler),
    (e) => keyOf(e.definition),
    (e, patch) => prepare(patch.definition ?? e.definition, patch.handler ?? e.handler),
  );
  return registrationOf(handle);
}

/** The state behind one `McpServer`. */
export class ServerCore implements ServerView<ServerSession>, FeatureTables {
  readonly info: Implementation;
  readonly briefInfo: Implementation;
  readonly instructions: string | undefined;
  readonly revisions: readonly Revision[];
  readonly exposeErrorDetails: boolean;
  /** Read by each session as it connects (`McpServer.instrument` may set it after construction). */
  telemetry: TelemetryOptions | undefined;
  readonly defaultLogLevel: LoggingLevel | undefined;
  readonly pageSize: number;
  readonly sealer: Sealer;
  readonly requestState: RequestStateCodec;
  readonly tools: Registry<ToolEntry>;
  readonly resources: Registry<ResourceEntry>;
  readonly templates: Registry<TemplateEntry>;
  readonly prompts: Registry<PromptEntry>;
  /** Tasks: the store, and the tasks running in this process. */
  readonly tasks: TaskManager;
  readonly #options: ServerOptions<unknown>;
  readonly #middleware: Middleware[];
  readonly #features: Readonly<Record<string, MethodHandler>>;
  readonly #listeners = new Set<ServerEvents>();
  readonly #pendingChanges = new Set<'tools' | 'prompts' | 'resources'>();
  readonly #notifications = new ClientNotifications();
  readonly #offered = new Map<string, boolean>();
  #state: unknown;
  #starting: Promise<void> | undefined;
  #closeLifespan: (() => void | Promise<void>) | undefined;
  /** A tool that may run as a task was registered (sticky, like every advertised capability). */
  #taskTools = false;

  constructor(options: ServerOptions<unknown>) {
    this.#options = options;
    this.info = implementationOf(options);
    this.briefInfo = {
      name: options.name,
      version: options.version,
      ...(options.title !== undefined && { title: options.title }),
    };
    this.instructions = options.instructions;
    this.revisions = options.revisions ?? REVISIONS;
    this.exposeErrorDetails = options.exposeErrorDetails ?? false;
    this.telemetry = options.telemetry;
    this.defaultLogLevel = options.defaultLogLevel ?? 'debug';
    this.pageSize = options.pageSize ?? 100;
    const secret = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
    if (secret !== undefined && secret.length < 32)
      throw new LocalError('INVALID_ARGUMENT', 'The server secret must be at least 32 bytes');
    this.sealer = new Sealer(secret); // random (and made on first use) when absent
    this.requestState = new RequestStateCodec(this.sealer, options.requestStateTtlMs ?? 15 * 60_000);
    this.tools = new Registry('Tool', () => {
      this.#changed('tools');
    });
    this.resources = new Registry('Resource', () => {
      this.#changed('resources');
    });
    this.templates = new Registry('Resource template', () => {
      this.#changed('resources');
    });
    this.prompts = new Registry('Prompt', () => {
      this.#changed('prompts');
    });
    this.tasks = new TaskManager(
      options.tasks ?? {},
      {
        taskChanged: (task) => {
          for (const l of this.#listeners) l.taskChanged?.(task);
        },
      },
      this.exposeErrorDetails,
    );
    this.#middleware = [...(options.middleware ?? [])];
    this.#features = featureMethods(this);
  }

  /** The validator of raw JSON Schemas and elicitation answers (`undefined`: the default). */
  get validator(): JsonSchemaValidator | undefined {
    return this.#options.validator;
  }

  /** What the lifespan hook produced (undefined before start). */
  get state(): unknown {
    return this.#state;
  }

  /** Registers a tool (the types were checked by `McpServer.tool`). */
  addTool(
    definition: ToolDefinition,
    handler: ToolHandler<unknown, unknown>,
  ): Registration<ToolDefinition, ToolHandler<unknown, unknown>> {
    const schemas = this.#options.validator === undefined ? {} : { validator: this.#options.validator };
    const prepare = (d: ToolDefinition, h: ToolHandler<unknown, unknown>): ToolEntry =>
      this.#noteTaskSupport(prepareTool(d, h, schemas));
    return register(this.tools, (d) => d.name, prepare, definition, handler);
  }

  /** Registers a static resource. */
  addResource(definition: ResourceDefinition, handler: ResourceHandler): Registration<ResourceDefinition, ResourceHandler> {
    return register(this.resources, (d) => d.uri, prepareResource, definition, handler);
  }

  /** Registers a resource template. */
  addTemplate(
    definition: ResourceTemplateDefinition,
    handler: TemplateHandler<string>,
  ): Registration<ResourceTemplateDefinition, TemplateHandler<string>> {
    return register(this.templates, (d) => d.uriTemplate, prepareTemplate, definition, handler);
  }

  /** Registers a prompt. */
  addPrompt(
    definition: PromptDefinition,
    handler: PromptHandler<unknown>,
  ): Registration<PromptDefinition, PromptHandler<unknown>> {
    return register(this.prompts, (d) => d.name, preparePrompt, definition, handler);
  }

  /** Adds middleware (innermost so far); returns its remover. */
  use(middleware: Middleware): () => void {
    this.#middleware.push(middleware);
    return () => {
      const i = this.#middleware.indexOf(middleware);
      if (i >= 0) this.#middleware.splice(i, 1);
    };
  }

  /** Adds a handler of a client notification; returns its remover. */
  onNotification(method: string, handler: ClientNotificationHandler): () => void {
    return this.#notifications.add(method, handler);
  }

  /** Tells subscribers that a resource's content changed. */
  notifyResourceUpdated(uri: string): void {
    for (const l of this.#listeners) l.resourceUpdated?.(uri);
  }

  /** The capabilities advertised to `revision` (see `McpServer.capabilities`). */
  capabilities(revision?: Revision): ServerCapabilities {
    const registered = {
      tools: this.tools.used,
      resources: this.resources.used,
      templates: this.templates.used,
      prompts: this.prompts.used,
      taskTools: this.#taskTools,
    };
    return advertised(registered, this.#options.capabilities, revision);
  }

  /**
   * True if the advertised capabilities include `path` (`"tools"`,
   * `"resources.subscribe"`). Sessions ask on every request, so the answer is
   * kept until a registration changes what is advertised.
   */
  offers(path: string): boolean {
    let offered = this.#offered.get(path);
    if (offered === undefined) this.#offered.set(path, (offered = hasCapability(this.capabilities(), path)));
    return offered;
  }

  /** Runs the lifespan hook (once). */
  start(): Promise<void> {
    this.#starting ??= (async () => {
      const lifespan = await this.#options.lifespan?.();
      if (lifespan !== undefined) {
        this.#state = lifespan.state;
        this.#closeLifespan = lifespan.close;
      }
    })();
    return this.#starting;
  }

  /** Tells every listener the server is shutting down. */
  closing(): void {
    for (const l of [...this.#listeners]) l.closing?.();
  }

  /** Releases what the lifespan hook made. */
  async releaseLifespan(): Promise<void> {
    await this.#closeLifespan?.();
  }

  feature(method: string): MethodHandler | undefined {
    return this.#features[method];
  }

  run(request: ServerRequest, ctx: ServerContext, core: MethodHandler): Promise<Result> {
    if (this.#middleware.length === 0) return core(request, ctx);
    return compose(this.#middleware, core)(request, ctx);
  }

  readResource(uri: string, ctx: ServerContext): Promise<ReadResourceResult> {
    return readResource(this, uri, ctx);
  }

  cacheHint(method: string): CacheHint {
    const cache = this.#options.cache as Readonly<Record<string, CacheHint | undefined>> | undefined;
    return cache?.[method] ?? cache?.['default'] ?? DEFAULT_CACHE;
  }

  principal(auth: unknown): string | undefined {
    if (this.#options.principal !== undefined) return this.#options.principal(auth);
    return defaultPrincipal(auth);
  }

  clientNotification(method: string, params: unknown, session: ServerSession): void {
    this.#notifications.deliver(method, params, session);
  }

  relay(event: { readonly listChanged: 'tools' | 'prompts' | 'resources' } | { readonly resourceUpdated: string }): void {
    for (const l of [...this.#listeners]) {
      if ('listChanged' in event) l.listChanged?.(event.listChanged);
      else l.resourceUpdated?.(event.resourceUpdated);
    }
  }

  subscribe(events: ServerEvents): () => void {
    this.#listeners.add(events);
    return () => this.#listeners.delete(events);
  }

  #noteTaskSupport(entry: ToolEntry): ToolEntry {
    const support = entry.definition.execution?.taskSupport;
    if (support === 'optional' || support === 'required') this.#taskTools = true;
    return entry;
  }

  /** Coalesces changes made in one turn into one notification per list. */
  #changed(kind: 'tools' | 'prompts' | 'resources'): void {
    this.#offered.clear();
    if (this.#pendingChanges.size === 0) {
      queueMicrotask(() => {
        const kinds = [...this.#pendingChanges];
        this.#pendingChanges.clear();
        for (const k of kinds) for (const l of this.#listeners) l.listChanged?.(k);
      });
    }
    this.#pendingChanges.add(kind);
  }
}
