/**
 * `McpClient`: connect once, and call any server the same way whichever
 * revision and transport it speaks. The client negotiates the era on
 * `connect`, carries the per-request `_meta` of the modern era, answers input
 * requests (real requests in the legacy era, `input_required` rounds in the
 * modern one) with the application's handlers, walks pages, caches what the
 * server says may be cached, and keeps subscriptions across reconnections.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { defaultValidator } from '../schema/toolSchema.js';
import { ResultCache } from './cache.js';
import { toReadError } from './errors.js';
import { InputResponder } from './inputs.js';
import { clientInfo, openSession, restoreLogLevel } from './lifecycle.js';
import { NotificationRouter } from './notifications.js';
import { collect, walkPages } from './pagination.js';
import { callMethod } from './pipeline.js';
import { SubscriptionManager } from './subscriptions.js';
import { ToolCatalog } from './toolCatalog.js';
import { checkToolOutput } from './toolOutput.js';
/** An MCP client. */
export class McpClient {
    /** The client's self-description (`clientInfo`). */
    info;
    /** The capabilities the client declares (from its handlers and options). */
    capabilities;
    #options;
    #inputs;
    #notifications;
    #subscriptions;
    #cache;
    #tools;
    #pipeline;
    #closeListeners = new Set();
    #session;
    #connecting = false;
    #logLevel;
    #report = (error) => this.#options.onError?.(error);
    constructor(options) {
        this.#options = options;
        this.info = clientInfo(options);
        this.#inputs = new InputResponder(options.handlers);
        this.capabilities = { ...options.capabilities, ...this.#inputs.capabilities() };
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
                    const page = result;
                    this.#tools.record(page.tools, page.nextCursor === undefined);
                }
            },
        };
    }
    /** The negotiated revision (of the last connection). */
    get revision() {
        return this.#session?.negotiated.revision;
    }
    /** The negotiated era (of the last connection). */
    get era() {
        return this.#session?.era;
    }
    /** The server's self-description (display only). */
    get serverInfo() {
        return this.#session?.negotiated.serverInfo;
    }
    /** What the server offers. */
    get serverCapabilities() {
        return this.#session?.negotiated.serverCapabilities;
    }
    /** How to use the server, for the model. */
    get instructions() {
        return this.#session?.negotiated.instructions;
    }
    /** True while connected. */
    get isConnected() {
        return this.#session?.isOpen === true;
    }
    /**
     * Connects over `transport` and negotiates the era and revision (see
     * `ClientOptions.era`). Subscriptions left open by a dropped connection are
     * re-opened on the new one. Rejects, with the transport closed, when no
     * revision is common or the signal fires.
     */
    async connect(transport, options = {}) {
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
        }
        finally {
            this.#connecting = false;
        }
    }
    /** Closes the current connection (if any) and connects over `transport`, keeping subscriptions. */
    async reconnect(transport, options = {}) {
        await this.#session?.close();
        await this.connect(transport, options);
    }
    /** Ends every subscription and closes the connection. `connect` may be called again. */
    async close() {
        await this.#subscriptions.closeAll();
        await this.#session?.close();
    }
    /** Called whenever the connection closes (by `close`, or because the transport did); returns a remover. */
    onClose(listener) {
        this.#closeListeners.add(listener);
        return () => this.#closeListeners.delete(listener);
    }
    /** Handles every notification of `method` the server sends; returns a remover. */
    onNotification(method, listener) {
        return this.#notifications.on(method, listener);
    }
    /**
     * Subscribes to list changes and resource updates, in either era; resolves
     * once the server acknowledged (modern) or the resources are subscribed
     * (legacy). See {@link Subscription}.
     */
    subscribe(filter, listener) {
        return this.#subscriptions.subscribe(this.#current(), filter, listener);
    }
    /**
     * Sends any client request and resolves with its complete result: MCP
     * methods are typed, checked against the revision and the server's
     * capabilities, cached and completed through input rounds; other methods
     * (vendor extensions) are sent as given.
     */
    async request(method, params, options) {
        return (await callMethod(this.#pipeline, method, params, options));
    }
    /** `server/discover` (modern era): versions, capabilities and instructions. */
    discover(params, options) {
        return this.request('server/discover', params, options);
    }
    /** `ping` (legacy era). */
    ping(params, options) {
        return this.request('ping', params, options);
    }
    /** One page of `tools/list`. */
    listTools(params, options) {
        return this.request('tools/list', params, options);
    }
    /** `tools/call`, its `structuredContent` checked against the tool's `outputSchema`. */
    async callTool(params, options) {
        const result = await this.request('tools/call', params, options);
        return checkToolOutput(params.name, result, {
            catalog: this.#tools,
            mode: this.#options.validateOutput ?? 'strict',
            listAll: () => this.listAllTools(options),
            revision: this.#current().negotiated.revision,
            report: this.#report,
        });
    }
    /** One page of `resources/list`. */
    listResources(params, options) {
        return this.request('resources/list', params, options);
    }
    /** One page of `resources/templates/list`. */
    listResourceTemplates(params, options) {
        return this.request('resources/templates/list', params, options);
    }
    /** `resources/read`; an unknown resource rejects with a `ResourceNotFoundError` in both eras. */
    async readResource(params, options) {
        try {
            return await this.request('resources/read', params, options);
        }
        catch (error) {
            throw toReadError(params.uri, error);
        }
    }
    /** One page of `prompts/list`. */
    listPrompts(params, options) {
        return this.request('prompts/list', params, options);
    }
    /** `prompts/get`. */
    getPrompt(params, options) {
        return this.request('prompts/get', params, options);
    }
    /** `completion/complete`. */
    complete(params, options) {
        return this.request('completion/complete', params, options);
    }
    /**
     * The least severe log level to receive. Legacy: sends `logging/setLevel`
     * (and again after a reconnect). Modern: sent as `_meta` logLevel on every
     * later request (without it a modern server sends no log messages).
     */
    async setLoggingLevel(params, options) {
        if (this.#current().era === 'legacy')
            await this.request('logging/setLevel', params, options);
        this.#logLevel = params.level;
    }
    /** Legacy era: tells the server the roots changed (when the roots handler declared `listChanged`). A no-op otherwise. */
    async notifyRootsListChanged() {
        const session = this.#current();
        if (session.era === 'legacy' && this.#inputs.rootsListChanged)
            await session.notify('notifications/roots/list_changed');
    }
    /** Every tool, page by page. */
    tools(options) {
        return this.#walk('tools/list', 'tools', options);
    }
    /** Every resource, page by page. */
    resources(options) {
        return this.#walk('resources/list', 'resources', options);
    }
    /** Every resource template, page by page. */
    resourceTemplates(options) {
        return this.#walk('resources/templates/list', 'resourceTemplates', options);
    }
    /** Every prompt, page by page. */
    prompts(options) {
        return this.#walk('prompts/list', 'prompts', options);
    }
    /** All tools, every page gathered. */
    listAllTools(options) {
        return collect(this.tools(options));
    }
    /** All resources, every page gathered. */
    listAllResources(options) {
        return collect(this.resources(options));
    }
    /** All resource templates, every page gathered. */
    listAllResourceTemplates(options) {
        return collect(this.resourceTemplates(options));
    }
    /** All prompts, every page gathered. */
    listAllPrompts(options) {
        return collect(this.prompts(options));
    }
    #walk(method, key, options) {
        const fetch = async (cursor) => {
            const result = (await callMethod(this.#pipeline, method, cursor === undefined ? undefined : { cursor }, options));
            return { items: result[key], nextCursor: result['nextCursor'] };
        };
        return walkPages(method, fetch, this.#options.maxPages ?? 1_000);
    }
    #current() {
        const session = this.#session;
        if (session === undefined)
            throw new LocalError('CONNECTION_CLOSED', 'Not connected: call connect() first');
        if (!session.isOpen)
            throw new LocalError('CONNECTION_CLOSED', 'The connection is closed: call connect() or reconnect()');
        return session;
    }
    #hooks(session) {
        return {
            identity: { info: this.info, capabilities: this.capabilities, logLevel: () => this.#logLevel },
            inputs: this.#inputs,
            onNotification: (method, params) => {
                this.#cache?.invalidate(method, params);
                if (method === 'notifications/tools/list_changed')
                    this.#tools.clear();
                this.#subscriptions.route(session(), method, params);
                this.#notifications.emit(method, params);
            },
            onClose: (closed, error) => {
                if (closed === this.#session)
                    for (const listener of [...this.#closeListeners])
                        listener(error);
            },
            onError: this.#report,
            timeoutMs: this.#options.timeoutMs,
            maxTotalTimeoutMs: this.#options.maxTotalTimeoutMs,
        };
    }
}
//# sourceMappingURL=client.js.map