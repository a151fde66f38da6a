import type { Transport } from '../jsonrpc/transport.js';
import type { Implementation, LoggingLevel, ReadResourceResult, Result, ServerCapabilities } from '../protocol/types/index.js';
import { type Revision } from '../protocol/versions.js';
import type { SchemaInput } from '../schema/toolSchema.js';
import type { ServerContext } from './context.js';
import { type FeatureHost } from './features.js';
import type { ServerEvents, ServerHost } from './host.js';
import { type MethodHandler, type Middleware, type ServerRequest } from './middleware.js';
import type { ServerOptions } from './options.js';
import { type PromptArgs, type PromptArguments, type PromptDefinition, type PromptEntry, type PromptHandler } from './prompts.js';
import { Registry, type Registration } from './registry.js';
import { RequestStateCodec } from './replay.js';
import { type CacheHint, type ResourceDefinition, type ResourceEntry, type ResourceHandler, type ResourceTemplateDefinition, type TemplateEntry, type TemplateHandler } from './resources.js';
import { Sealer } from './seal.js';
import { ServerSession, type ConnectOptions } from './session.js';
import { type ToolArgs, type ToolDefinition, type ToolEntry, type ToolHandler, type ToolOutput } from './tools.js';
/** Receives a client notification and the session it came on. */
export type ClientNotificationHandler = (params: unknown, session: ServerSession) => void;
/** An MCP server. */
export declare class McpServer<State = undefined> implements ServerHost, FeatureHost {
    #private;
    readonly info: Implementation;
    readonly instructions: string | undefined;
    readonly revisions: readonly Revision[];
    readonly exposeErrorDetails: boolean;
    readonly defaultLogLevel: LoggingLevel | undefined;
    readonly pageSize: number;
    readonly sealer: Sealer;
    readonly requestState: RequestStateCodec;
    readonly tools: Registry<ToolEntry>;
    readonly resources: Registry<ResourceEntry>;
    readonly templates: Registry<TemplateEntry>;
    readonly prompts: Registry<PromptEntry>;
    constructor(options: ServerOptions<State>);
    /** What the lifespan hook produced (undefined before start). */
    get state(): State;
    /** Registers a tool; the handler's arguments are typed from `input`. */
    tool<const I extends SchemaInput | undefined = undefined, const O extends SchemaInput | undefined = undefined>(definition: ToolDefinition<I, O>, handler: ToolHandler<ToolArgs<I>, ToolOutput<O>, State>): Registration<ToolEntry>;
    /** Registers a static resource. */
    resource(definition: ResourceDefinition, handler: ResourceHandler<State>): Registration<ResourceEntry>;
    /** Registers a resource template; the handler's variables are typed from the template. */
    resourceTemplate<const T extends string>(definition: ResourceTemplateDefinition<T>, handler: TemplateHandler<T, State>): Registration<TemplateEntry>;
    /** Registers a prompt; the handler's arguments are typed from `arguments`. */
    prompt<const A extends PromptArguments | undefined = undefined>(definition: PromptDefinition<A>, handler: PromptHandler<PromptArgs<A>, State>): Registration<PromptEntry>;
    /** Adds middleware (innermost so far); returns its remover. */
    use(middleware: Middleware): () => void;
    /**
     * Handles a notification from clients, e.g. `notifications/roots/list_changed`
     * (handshake era). Returns the remover.
     */
    onNotification(method: string, handler: ClientNotificationHandler): () => void;
    /** Tells subscribers that a resource's content changed (`notifications/resources/updated`). */
    notifyResourceUpdated(uri: string): void;
    /** The capabilities advertised: what is registered, plus what the options declare. */
    capabilities(): ServerCapabilities;
    /**
     * True if the advertised capabilities include `path` (`"tools"`,
     * `"resources.subscribe"`). Sessions ask on every request, so the answer is
     * kept until a registration changes what is advertised.
     */
    offers(path: string): boolean;
    /** Runs the lifespan hook (once). `connect` calls it; call it yourself to start early. */
    start(): Promise<void>;
    /** Serves one connection. */
    connect(transport: Transport, options?: ConnectOptions): Promise<ServerSession>;
    /** The sessions currently connected. */
    get sessions(): ReadonlySet<ServerSession>;
    /**
     * Shuts down: ends subscription streams, lets work in flight finish for up
     * to `graceMs` (default 5 s), closes every connection (cancelling what is
     * left), then releases the lifespan.
     */
    close(options?: {
        readonly graceMs?: number;
    }): Promise<void>;
    feature(method: string): MethodHandler | undefined;
    run(request: ServerRequest, ctx: ServerContext, core: MethodHandler): Promise<Result>;
    readResource(uri: string, ctx: ServerContext): Promise<ReadResourceResult>;
    cacheHint(method: string): CacheHint;
    principal(auth: unknown): string | undefined;
    clientNotification(method: string, params: unknown, session: ServerSession): void;
    subscribe(events: ServerEvents): () => void;
}
//# sourceMappingURL=server.d.ts.map