/**
 * `McpServer`: one definition of tools, resources and prompts, served to
 * every revision over any transport. The server holds features and options;
 * each connection gets a {@link ServerSession}.
 *
 * Its public surface is what an application calls. What sessions need of it
 * (middleware runs, feature handlers, event subscriptions, principals) lives
 * in a private `ServerCore`, which sessions hold directly.
 *
 * @module
 */
import type { TelemetryOptions } from '../telemetry/otelTypes.js';
import { LocalError } from '../jsonrpc/localError.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { Implementation, ServerCapabilities } from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import type { SchemaInput } from '../schema/toolSchema.js';
import type { Middleware } from './middleware.js';
import type { ServerOptions } from './options.js';
import type { PromptArgs, PromptArguments, PromptDefinition, PromptHandler } from './prompts.js';
import type { Registration } from './registration.js';
import type { ResourceDefinition, ResourceHandler, ResourceTemplateDefinition, TemplateHandler } from './resources.js';
import type { ClientNotificationHandler } from './clientNotifications.js';
import { ServerCore } from './serverCore.js';
import { ServerSession, type ConnectOptions } from './session.js';
import type { ToolArgs, ToolDefinition, ToolHandler, ToolOutput } from './tools.js';
import { grantViewReader } from './viewOf.js';

export type { ClientNotificationHandler } from './clientNotifications.js';

/** An MCP server. */
export class McpServer<State = undefined> {
  readonly #core: ServerCore;
  readonly #sessions = new Set<ServerSession>();
  #closed = false;

  static {
    grantViewReader((server) => (server instanceof McpServer ? server.#core : undefined));
  }

  constructor(options: ServerOptions<State>) {
    this.#core = new ServerCore(options);
  }

  /** Who the server says it is (`serverInfo`). */
  get info(): Implementation {
    return this.#core.info;
  }

  /** The protocol revisions it speaks. */
  get revisions(): readonly Revision[] {
    return this.#core.revisions;
  }

  /** What the lifespan hook produced (undefined before start). */
  get state(): State {
    return this.#core.state as State;
  }

  /** Registers a tool; the handler's arguments are typed from `input`. */
  tool<const I extends SchemaInput | undefined = undefined, const O extends SchemaInput | undefined = undefined>(
    definition: ToolDefinition<I, O>,
    handler: ToolHandler<ToolArgs<I>, ToolOutput<O>, State>,
  ): Registration<ToolDefinition, ToolHandler<ToolArgs<I>, ToolOutput<O>, State>> {
    return this.#core.addTool(definition, handler as ToolHandler<unknown, unknown>) as unknown as Registration<
      ToolDefinition,
      ToolHandler<ToolArgs<I>, ToolOutput<O>, State>
    >;
  }

  /** Registers a static resource. */
  resource(
    definition: ResourceDefinition,
    handler: ResourceHandler<State>,
  ): Registration<ResourceDefinition, ResourceHandler<State>> {
    return this.#core.addResource(definition, handler as ResourceHandler);
  }

  /** Registers a resource template; the handler's variables are typed from the template. */
  resourceTemplate<const T extends string>(
    definition: ResourceTemplateDefinition<T>,
    handler: TemplateHandler<T, State>,
  ): Registration<ResourceTemplateDefinition<T>, TemplateHandler<T, State>> {
    return this.#core.addTemplate(definition, handler as TemplateHandler<string>) as unknown as Registration<
      ResourceTemplateDefinition<T>,
      TemplateHandler<T, State>
    >;
  }

  /** Registers a prompt; the handler's arguments are typed from `arguments`. */
  prompt<const A extends PromptArguments | undefined = undefined>(
    definition: PromptDefinition<A>,
    handler: PromptHandler<PromptArgs<A>, State>,
  ): Registration<PromptDefinition<A>, PromptHandler<PromptArgs<A>, State>> {
    return this.#core.addPrompt(definition, handler as PromptHandler<unknown>) as unknown as Registration<
      PromptDefinition<A>,
      PromptHandler<PromptArgs<A>, State>
    >;
  }

  /**
   * Turns telemetry on (or changes it) for the sessions connected from now on,
   * as the `telemetry` option does: for code that runs a server it did not
   * construct (the command line, a gateway).
   */
  instrument(telemetry: TelemetryOptions | undefined): void {
    this.#core.telemetry = telemetry;
  }

  /** Adds middleware (innermost so far); returns its remover. */
  use(middleware: Middleware): () => void {
    return this.#core.use(middleware);
  }

  /**
   * Handles a notification from clients, e.g. `notifications/roots/list_changed`
   * (handshake era). Returns the remover.
   */
  onNotification(method: string, handler: ClientNotificationHandler): () => void {
    return this.#core.onNotification(method, handler);
  }

  /** Tells subscribers that a resource's content changed (`notifications/resources/updated`). */
  notifyResourceUpdated(uri: string): void {
    this.#core.notifyResourceUpdated(uri);
  }

  /**
   * The capabilities advertised to `revision`: what is registered, plus what
   * the options declare. Tools that may run as tasks add `tasks` for
   * 2025-11-25 and the `io.modelcontextprotocol/tasks` extension for
   * 2026-07-28; without a revision, both.
   */
  capabilities(revision?: Revision): ServerCapabilities {
    return this.#core.capabilities(revision);
  }

  /** Runs the lifespan hook (once). `connect` calls it; call it yourself to start early. */
  start(): Promise<void> {
    return this.#core.start();
  }

  /** Serves one connection. */
  async connect(transport: Transport, options: ConnectOptions = {}): Promise<ServerSession> {
    if (this.#closed) throw new LocalError('CONNECTION_CLOSED', 'Server is closed');
    await this.#core.start();
    const session = new ServerSession(this.#core, transport, {
      ...options,
      onClose: (s) => {
        this.#sessions.delete(s);
        options.onClose?.(s);
      },
    });
    this.#sessions.add(session);
    await session.start();
    return session;
  }

  /** The sessions currently connected. */
  get sessions(): ReadonlySet<ServerSession> {
    return this.#sessions;
  }

  /**
   * Shuts down: ends subscription streams, lets work in flight finish for up
   * to `graceMs` (default 5 s), closes every connection (cancelling what is
   * left), then releases the lifespan.
   */
  async close(options: { readonly graceMs?: number } = {}): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#core.closing();
    const sessions = [...this.#sessions];
    await Promise.all(sessions.map((s) => s.drain(options.graceMs ?? 5000)));
    await this.#core.tasks.close();
    await Promise.all(sessions.map((s) => s.close()));
    await this.#core.releaseLifespan();
  }
}
