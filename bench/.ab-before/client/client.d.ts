import type { Transport } from '../jsonrpc/transport.js';
import type { NotificationMethod } from '../protocol/methods.js';
import type * as T from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import { type ListenerParams, type NotificationListener } from './notifications.js';
import type { CallOptions, ClientEra, ClientOptions, ConnectOptions } from './options.js';
import type { ClientMethod, RequestParamsOf, RequestResultOf } from './requestTypes.js';
import type { SubscribeFilter, Subscription, SubscriptionListener } from './subscription.js';
import { type CallToolOutcome } from './toolOutput.js';
/** An MCP client. */
export declare class McpClient {
    #private;
    /** The client's self-description (`clientInfo`). */
    readonly info: T.Implementation;
    /** The capabilities the client declares (from its handlers and options). */
    readonly capabilities: T.ClientCapabilities;
    constructor(options: ClientOptions);
    /** The negotiated revision (of the last connection). */
    get revision(): Revision | undefined;
    /** The negotiated era (of the last connection). */
    get era(): ClientEra | undefined;
    /** The server's self-description (display only). */
    get serverInfo(): T.Implementation | undefined;
    /** What the server offers. */
    get serverCapabilities(): T.ServerCapabilities | undefined;
    /** How to use the server, for the model. */
    get instructions(): string | undefined;
    /** True while connected. */
    get isConnected(): boolean;
    /**
     * Connects over `transport` and negotiates the era and revision (see
     * `ClientOptions.era`). Subscriptions left open by a dropped connection are
     * re-opened on the new one. Rejects, with the transport closed, when no
     * revision is common or the signal fires.
     */
    connect(transport: Transport, options?: ConnectOptions): Promise<void>;
    /** Closes the current connection (if any) and connects over `transport`, keeping subscriptions. */
    reconnect(transport: Transport, options?: ConnectOptions): Promise<void>;
    /** Ends every subscription and closes the connection. `connect` may be called again. */
    close(): Promise<void>;
    /** Called whenever the connection closes (by `close`, or because the transport did); returns a remover. */
    onClose(listener: (error?: Error) => void): () => void;
    /** Handles every notification of `method` the server sends; returns a remover. */
    onNotification<M extends NotificationMethod | (string & {})>(method: M, listener: NotificationListener<ListenerParams<M>>): () => void;
    /**
     * Subscribes to list changes and resource updates, in either era; resolves
     * once the server acknowledged (modern) or the resources are subscribed
     * (legacy). See {@link Subscription}.
     */
    subscribe(filter: SubscribeFilter, listener: SubscriptionListener): Promise<Subscription>;
    /**
     * Sends any client request and resolves with its complete result: MCP
     * methods are typed, checked against the revision and the server's
     * capabilities, cached and completed through input rounds; other methods
     * (vendor extensions) are sent as given.
     */
    request<M extends ClientMethod | (string & {})>(method: M, params?: RequestParamsOf<M>, options?: CallOptions): Promise<RequestResultOf<M>>;
    /** `server/discover` (modern era): versions, capabilities and instructions. */
    discover(params?: T.DiscoverParams, options?: CallOptions): Promise<T.DiscoverResult>;
    /** `ping` (legacy era). */
    ping(params?: T.PingParams, options?: CallOptions): Promise<T.PingResult>;
    /** One page of `tools/list`. */
    listTools(params?: T.ListToolsParams, options?: CallOptions): Promise<T.ListToolsResult>;
    /** `tools/call`, its `structuredContent` checked against the tool's `outputSchema`. */
    callTool(params: T.CallToolParams, options?: CallOptions): Promise<CallToolOutcome>;
    /** One page of `resources/list`. */
    listResources(params?: T.ListResourcesParams, options?: CallOptions): Promise<T.ListResourcesResult>;
    /** One page of `resources/templates/list`. */
    listResourceTemplates(params?: T.ListResourceTemplatesParams, options?: CallOptions): Promise<T.ListResourceTemplatesResult>;
    /** `resources/read`; an unknown resource rejects with a `ResourceNotFoundError` in both eras. */
    readResource(params: T.ReadResourceParams, options?: CallOptions): Promise<T.ReadResourceResult>;
    /** One page of `prompts/list`. */
    listPrompts(params?: T.ListPromptsParams, options?: CallOptions): Promise<T.ListPromptsResult>;
    /** `prompts/get`. */
    getPrompt(params: T.GetPromptParams, options?: CallOptions): Promise<T.GetPromptResult>;
    /** `completion/complete`. */
    complete(params: T.CompleteParams, options?: CallOptions): Promise<T.CompleteResult>;
    /**
     * The least severe log level to receive. Legacy: sends `logging/setLevel`
     * (and again after a reconnect). Modern: sent as `_meta` logLevel on every
     * later request (without it a modern server sends no log messages).
     */
    setLoggingLevel(params: T.SetLevelParams, options?: CallOptions): Promise<void>;
    /** Legacy era: tells the server the roots changed (when the roots handler declared `listChanged`). A no-op otherwise. */
    notifyRootsListChanged(): Promise<void>;
    /** Every tool, page by page. */
    tools(options?: CallOptions): AsyncGenerator<T.Tool, void, undefined>;
    /** Every resource, page by page. */
    resources(options?: CallOptions): AsyncGenerator<T.Resource, void, undefined>;
    /** Every resource template, page by page. */
    resourceTemplates(options?: CallOptions): AsyncGenerator<T.ResourceTemplate, void, undefined>;
    /** Every prompt, page by page. */
    prompts(options?: CallOptions): AsyncGenerator<T.Prompt, void, undefined>;
    /** All tools, every page gathered. */
    listAllTools(options?: CallOptions): Promise<T.Tool[]>;
    /** All resources, every page gathered. */
    listAllResources(options?: CallOptions): Promise<T.Resource[]>;
    /** All resource templates, every page gathered. */
    listAllResourceTemplates(options?: CallOptions): Promise<T.ResourceTemplate[]>;
    /** All prompts, every page gathered. */
    listAllPrompts(options?: CallOptions): Promise<T.Prompt[]>;
}
//# sourceMappingURL=client.d.ts.map