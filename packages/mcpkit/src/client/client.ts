/**
 * `McpClient`: connect once, and call any server the same way whichever
 * revision and transport it speaks. The client negotiates the era on
 * `connect`, carries the per-request `_meta` of the stateless era, answers input
 * requests (real requests in the handshake era, `input_required` rounds in the
 * stateless one) with the application's handlers, walks pages, caches what the
 * server says may be cached, and keeps subscriptions across reconnections.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { Transport } from '../jsonrpc/transport.js';
import { hasCapability, type NotificationMethod } from '../protocol/methods.js';
import { declaredCapabilities } from './capabilities.js';
import type * as T from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import { defaultValidator } from '../schema/toolSchema.js';
import { ResultCache } from './cache.js';
import { toReadError } from './errors.js';
import { InputResponder } from './inputs.js';
import { clientInfo, openSession, restoreLogLevel } from './lifecycle.js';
import { NotificationRouter, type ListenerParams, type NotificationListener } from './notifications.js';
import type { CallOptions, CallToolOptions, ClientEra, ClientOptions, ClientConnectOptions, TaskRequest } from './options.js';
import { collect, walkPages, type Page } from './pagination.js';
import { callMethod, type PipelineServices } from './pipeline.js';
import type { ClientMethod, RequestParamsOf, RequestResultOf } from './requestTypes.js';
import type { ClientSession, SessionHooks } from './clientSession.js';
import type { SubscribeFilter, Subscription, SubscriptionListener } from './subscription.js';
import { SubscriptionManager } from './subscriptions.js';
import { awaitTask, ClientTasks, TaskHandle, type AwaitTaskOptions, type TaskRequester } from './tasks.js';
import { isTaskResult, taskOf } from './taskResult.js';
import { ToolCatalog } from './toolCatalog.js';
import { checkToolOutput, type CallToolOutcome } from './toolOutput.js';

type Params = Readonly<Record<string, unknown>>;
type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** An MCP client. */
export class McpClient {
  /** The client's self-description (`clientInfo`). */
  readonly info: T.Implementation;
  /** The capabilities the client declares (from its handlers and options). */
  readonly capabilities: T.ClientCapabilities;
  /** The `tasks/*` methods of the connected era. */
  readonly tasks: ClientTasks;
  readonly #options: ClientOptions;
  readonly #inputs: InputResponder;
  readonly #notifications: NotificationRouter;
  readonly #subscriptions: SubscriptionManager;
  readonly #cache: ResultCache | undefined;
  readonly #tools: ToolCatalog;
  readonly #pipeline: PipelineServices;
  readonly #tasksHost: TaskRequester;
  readonly #closeListeners = new Set<(error?: Error) => void>();
  #session: ClientSession | undefined;
  #connecting = false;
  #logLevel: T.LoggingLevel | undefined;
  readonly #report = (error: LocalError): void => this.#options.onError?.(error);

  constructor(options: ClientOptions) {
    this.#options = options;
    this.info = clientInfo(options);
    this.#inputs = new InputResponder(options.handlers);
    this.capabilities = declaredCapabilities(options, this.#inputs.capabilities());
    this.#notifications = new NotificationRouter(this.#report);
    this.#subscriptions = new SubscriptionManager({ ackTimeoutMs: options.timeoutMs ?? 60_000, report: this.#report });
    this.#cache = options.cache === false ? undefined : new ResultCache(options.cacheSize);
    this.#tools = new ToolCatalog(() => options.validator ?? defaultValidator());
    this.#pipeline = {
      session: () => this.#current(),
      inputs: this.#inputs,
      cache: this.#cache,
      maxInputRounds: options.maxInputRounds ?? 10,
      observe: (method, params, result) => {
        if (method === 'tools/list') {
          const page = result as T.ListToolsResult;
          this.#tools.record(page.tools, page.nextCursor === undefined);
        }
      },
    };
    this.#tasksHost = {
      request: (method, params, callOptions) => callMethod(this.#pipeline, method, params as Params | undefined, callOptions),
      session: () => this.#current(),
      inputs: this.#inputs,
      maxPages: options.maxPages ?? 1_000,
    };
    this.tasks = new ClientTasks(this.#tasksHost);
  }

  /** The negotiated revision (of the last connection). */
  get revision(): Revision | undefined {
    return this.#session?.negotiated.revision;
  }
  /** The negotiated era (of the last connection). */
  get era(): ClientEra | undefined {
    return this.#session?.era;
  }
  /** The server's self-description (display only). */
  get serverInfo(): T.Implementation | undefined {
    return this.#session?.negotiated.serverInfo;
  }
  /** What the server offers. */
  get serverCapabilities(): T.ServerCapabilities | undefined {
    return this.#session?.negotiated.serverCapabilities;
  }
  /** How to use the server, for the model. */
  get instructions(): string | undefined {
    return this.#session?.negotiated.instructions;
  }
  /** True while connected. */
  get isConnected(): boolean {
    return this.#session?.isOpen === true;
  }

  /**
   * Connects over `transport` and negotiates the era and revision (see
   * `ClientOptions.era`). Subscriptions left open by a dropped connection are
   * re-opened on the new one. Rejects, with the transport closed, when no
   * revision is common or the signal fires.
   */
  async connect(transport: Transport, options: ClientConnectOptions = {}): Promise<void> {
    if (this.#connecting || this.#session?.isOpen === true)
      throw new LocalError('INVALID_ARGUMENT', 'Already connected: use reconnect() or close() first');
    this.#connecting = true;
    try {
      const session = await openSession(transport, (self) => this.#hooks(self), {
        preference: this.#options.era ?? 'auto',
        probeTimeoutMs: this.#options.probeTimeoutMs ?? 3_000,
        signal: options.signal,
      });
      this.#session = session;
      this.#cache?.clear();
      this.#tools.clear();
      const discovered = session.negotiated.discovered;
      if (discovered !== undefined)
        this.#cache?.set(ResultCache.key('server/discover', undefined), 'server/discover', undefined, discovered);
      await restoreLogLevel(session, this.#logLevel, this.#report);
      await this.#subscriptions.reopen(session);
    } finally {
      this.#connecting = false;
    }
  }

  /** Closes the current connection (if any) and connects over `transport`, keeping subscriptions. */
  async reconnect(transport: Transport, options: ClientConnectOptions = {}): Promise<void> {
    await this.#session?.close();
    await this.connect(transport, options);
  }

  /** Ends every subscription and closes the connection. `connect` may be called again. */
  async close(): Promise<void> {
    await this.#subscriptions.closeAll();
    await this.#session?.close();
  }

  /** Called whenever the connection closes (by `close`, or because the transport did); returns a remover. */
  onClose(listener: (error?: Error) => void): () => void {
    this.#closeListeners.add(listener);
    return () => this.#closeListeners.delete(listener);
  }

  /** Handles every notification of `method` the server sends; returns a remover. */
  onNotification<M extends NotificationMethod | (string & {})>(
    method: M,
    listener: NotificationListener<ListenerParams<M>>,
  ): () => void {
    return this.#notifications.on(method, listener as NotificationListener);
  }

  /**
   * Subscribes to list changes and resource updates, in either era; resolves
   * once the server acknowledged (stateless era) or the resources are subscribed
   * (handshake era). See {@link Subscription}.
   */
  subscribe(filter: SubscribeFilter, listener: SubscriptionListener): Promise<Subscription> {
    return this.#subscriptions.subscribe(this.#current(), filter, listener);
  }

  /**
   * Sends any client request and resolves with its complete result: MCP
   * methods are typed, checked against the revision and the server's
   * capabilities, cached and completed through input rounds; other methods
   * (vendor extensions) are sent as given.
   */
  request<M extends ClientMethod | (string & {})>(
    method: M,
    params?: RequestParamsOf<M>,
    options?: CallOptions,
  ): Promise<RequestResultOf<M>> {
    return callMethod(this.#pipeline, method, params as Params | undefined, options) as Promise<RequestResultOf<M>>;
  }

  /** `server/discover` (stateless era): versions, capabilities and instructions. */
  discover(params?: T.DiscoverParams, options?: CallOptions): Promise<T.DiscoverResult> {
    return this.request('server/discover', params, options);
  }
  /** `ping` (handshake era). */
  ping(params?: T.PingParams, options?: CallOptions): Promise<T.PingResult> {
    return this.request('ping', params, options);
  }
  /** One page of `tools/list`. */
  listTools(params?: T.ListToolsParams, options?: CallOptions): Promise<T.ListToolsResult> {
    return this.request('tools/list', params, options);
  }
  /**
   * `tools/call`, its `structuredContent` checked against the tool's
   * `outputSchema`. With `task`, the call runs as a task where the server
   * allows it, and a task the server creates resolves as a {@link TaskHandle}.
   * Without it, a task the server creates anyway (the tasks extension lets it)
   * is waited for and its result returned; aborting `signal` then cancels it.
   */
  callTool(
    params: T.CallToolParams,
    options: CallToolOptions & { readonly task: TaskRequest },
  ): Promise<CallToolOutcome | TaskHandle>;
  callTool(params: T.CallToolParams, options?: CallToolOptions): Promise<CallToolOutcome>;
  async callTool(params: T.CallToolParams, options: CallToolOptions = {}): Promise<CallToolOutcome | TaskHandle> {
    const { task, ...call } = options;
    const sent = this.#withTask(params, task);
    const result = await this.request('tools/call', sent, call);
    if (!isTaskResult('tools/call', sent as unknown as Params, result)) return this.#checkOutput(params.name, result, call);
    const created = taskOf(result);
    const wait = async (waitOptions: AwaitTaskOptions): Promise<CallToolOutcome> =>
      this.#checkOutput(params.name, await this.awaitTask(created.taskId, waitOptions), call);
    if (task !== undefined) return new TaskHandle(created, this.tasks, wait);
    try {
      return await wait(call.signal === undefined ? {} : { signal: call.signal });
    } catch (error) {
      // The caller gave up on a call it never saw become a task: the task should not run on unobserved.
      if (call.signal?.aborted === true) this.tasks.cancel({ taskId: created.taskId }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Waits until task `taskId` ends, polling at the interval the server
   * suggests, and resolves with the tool's result (rejects with its JSON-RPC
   * error, or `CANCELLED`). Input the task needs is answered with the
   * registered handlers. Aborting `signal` stops the wait, not the task.
   */
  awaitTask(taskId: string, options?: AwaitTaskOptions): Promise<T.CallToolResult> {
    return awaitTask(this.#tasksHost, taskId, options);
  }
  /** One page of `resources/list`. */
  listResources(params?: T.ListResourcesParams, options?: CallOptions): Promise<T.ListResourcesResult> {
    return this.request('resources/list', params, options);
  }
  /** One page of `resources/templates/list`. */
  listResourceTemplates(params?: T.ListResourceTemplatesParams, options?: CallOptions): Promise<T.ListResourceTemplatesResult> {
    return this.request('resources/templates/list', params, options);
  }
  /** `resources/read`; an unknown resource rejects with a `ResourceNotFoundError` in both eras. */
  async readResource(params: T.ReadResourceParams, options?: CallOptions): Promise<T.ReadResourceResult> {
    try {
      return await this.request('resources/read', params, options);
    } catch (error) {
      throw toReadError(params.uri, error);
    }
  }
  /** One page of `prompts/list`. */
  listPrompts(params?: T.ListPromptsParams, options?: CallOptions): Promise<T.ListPromptsResult> {
    return this.request('prompts/list', params, options);
  }
  /** `prompts/get`. */
  getPrompt(params: T.GetPromptParams, options?: CallOptions): Promise<T.GetPromptResult> {
    return this.request('prompts/get', params, options);
  }
  /** `completion/complete`. */
  complete(params: T.CompleteParams, options?: CallOptions): Promise<T.CompleteResult> {
    return this.request('completion/complete', params, options);
  }

  /**
   * The least severe log level to receive. Handshake era: sends `logging/setLevel`
   * (and again after a reconnect). Stateless era: sent as `_meta` logLevel on every
   * later request (without it a stateless-era server sends no log messages).
   */
  async setLoggingLevel(params: T.SetLevelParams, options?: CallOptions): Promise<void> {
    if (this.#current().era === 'handshake') await this.request('logging/setLevel', params, options);
    this.#logLevel = params.level;
  }

  /** Handshake era: tells the server the roots changed (when the roots handler declared `listChanged`). A no-op otherwise. */
  async notifyRootsListChanged(): Promise<void> {
    const session = this.#current();
    if (session.era === 'handshake' && this.#inputs.rootsListChanged) await session.notify('notifications/roots/list_changed');
  }

  /** Every tool, page by page. */
  tools(options?: CallOptions): AsyncGenerator<T.Tool, void, undefined> {
    return this.#walk<T.Tool>('tools/list', 'tools', options);
  }
  /** Every resource, page by page. */
  resources(options?: CallOptions): AsyncGenerator<T.Resource, void, undefined> {
    return this.#walk<T.Resource>('resources/list', 'resources', options);
  }
  /** Every resource template, page by page. */
  resourceTemplates(options?: CallOptions): AsyncGenerator<T.ResourceTemplate, void, undefined> {
    return this.#walk<T.ResourceTemplate>('resources/templates/list', 'resourceTemplates', options);
  }
  /** Every prompt, page by page. */
  prompts(options?: CallOptions): AsyncGenerator<T.Prompt, void, undefined> {
    return this.#walk<T.Prompt>('prompts/list', 'prompts', options);
  }
  /** All tools, every page gathered. */
  listAllTools(options?: CallOptions): Promise<T.Tool[]> {
    return collect(this.tools(options));
  }
  /** All resources, every page gathered. */
  listAllResources(options?: CallOptions): Promise<T.Resource[]> {
    return collect(this.resources(options));
  }
  /** All resource templates, every page gathered. */
  listAllResourceTemplates(options?: CallOptions): Promise<T.ResourceTemplate[]> {
    return collect(this.resourceTemplates(options));
  }
  /** All prompts, every page gathered. */
  listAllPrompts(options?: CallOptions): Promise<T.Prompt[]> {
    return collect(this.prompts(options));
  }

  /** 2025-11-25: adds `params.task` where a task is wanted (or the tool requires one) and the server offers it. */
  #withTask(params: T.CallToolParams, task: TaskRequest | undefined): T.CallToolParams {
    const { revision, serverCapabilities } = this.#current().negotiated;
    if (params.task !== undefined || revision !== '2025-11-25' || !hasCapability(serverCapabilities, 'tasks.requests.tools.call'))
      return params;
    const tool = this.#tools.get(params.name);
    const support = tool === undefined ? undefined : (tool.execution?.taskSupport ?? 'forbidden');
    if (support === 'forbidden' || (task === undefined && support !== 'required')) return params;
    return { ...params, task: typeof task === 'object' && task.ttl !== undefined ? { ttl: task.ttl } : {} };
  }

  #checkOutput(name: string, result: T.CallToolResult, options: CallOptions): Promise<CallToolOutcome> {
    // The common case, decided without building the check: a listed tool without an output schema.
    const known = this.#tools.get(name);
    if (known !== undefined && known.outputSchema === undefined) return Promise.resolve(result);
    return checkToolOutput(name, result, {
      catalog: this.#tools,
      mode: this.#options.validateOutput ?? 'strict',
      listAll: () => this.listAllTools(options),
      revision: this.#current().negotiated.revision,
      report: this.#report,
    });
  }

  #walk<Item>(method: ListMethod, key: string, options: CallOptions | undefined): AsyncGenerator<Item, void, undefined> {
    const fetch = async (cursor: string | undefined): Promise<Page<Item>> => {
      const result = (await callMethod(this.#pipeline, method, cursor === undefined ? undefined : { cursor }, options)) as Params;
      return { items: result[key] as readonly Item[], nextCursor: result['nextCursor'] as string | undefined };
    };
    return walkPages(method, fetch, this.#options.maxPages ?? 1_000);
  }

  #current(): ClientSession {
    const session = this.#session;
    if (session === undefined) throw new LocalError('CONNECTION_CLOSED', 'Not connected: call connect() first');
    if (!session.isOpen) throw new LocalError('CONNECTION_CLOSED', 'The connection is closed: call connect() or reconnect()');
    return session;
  }

  #hooks(session: () => ClientSession): SessionHooks {
    return {
      identity: { info: this.info, capabilities: this.capabilities, logLevel: () => this.#logLevel },
      inputs: this.#inputs,
      onNotification: (method, params) => {
        this.#cache?.invalidate(method, params);
        if (method === 'notifications/tools/list_changed') this.#tools.clear();
        this.#subscriptions.route(session(), method, params);
        this.#notifications.emit(method, params);
      },
      onClose: (closed, error) => {
        if (closed === this.#session) for (const listener of [...this.#closeListeners]) listener(error);
      },
      onError: this.#report,
      timeoutMs: this.#options.timeoutMs,
      maxTotalTimeoutMs: this.#options.maxTotalTimeoutMs,
      telemetry: this.#options.telemetry,
    };
  }
}
