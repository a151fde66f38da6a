/**
 * `McpServer`: one definition of tools, resources and prompts, served to
 * every revision over any transport. The server holds features and options;
 * each connection gets a {@link ServerSession}.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { isObject } from '../protocol/check.js';
import { REVISIONS } from '../protocol/versions.js';
import { featureMethods, readResource } from './features.js';
import { compose } from './middleware.js';
import { preparePrompt } from './prompts.js';
import { Registry } from './registry.js';
import { RequestStateCodec } from './replay.js';
import { prepareResource, prepareTemplate, } from './resources.js';
import { Sealer } from './seal.js';
import { ServerSession } from './session.js';
import { prepareTool } from './tools.js';
const DEFAULT_CACHE = { ttlMs: 0, scope: 'private' };
/** An MCP server. */
export class McpServer {
    info;
    instructions;
    revisions;
    exposeErrorDetails;
    defaultLogLevel;
    pageSize;
    sealer;
    requestState;
    tools;
    resources;
    templates;
    prompts;
    #options;
    #middleware;
    #features;
    #listeners = new Set();
    #sessions = new Set();
    #pendingChanges = new Set();
    #notificationHandlers = new Map();
    #state;
    #starting;
    #closeLifespan;
    #closed = false;
    constructor(options) {
        this.#options = options;
        this.info = {
            name: options.name,
            version: options.version,
            ...(options.title !== undefined && { title: options.title }),
            ...(options.description !== undefined && { description: options.description }),
            ...(options.websiteUrl !== undefined && { websiteUrl: options.websiteUrl }),
            ...(options.icons !== undefined && { icons: options.icons }),
        };
        this.instructions = options.instructions;
        this.revisions = options.revisions ?? REVISIONS;
        this.exposeErrorDetails = options.exposeErrorDetails ?? false;
        this.defaultLogLevel = options.defaultLogLevel ?? 'debug';
        this.pageSize = options.pageSize ?? 100;
        const secret = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
        if (secret !== undefined && secret.length < 32)
            throw new LocalError('INVALID_ARGUMENT', 'The server secret must be at least 32 bytes');
        this.sealer = new Sealer(secret ?? Sealer.randomSecret());
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
        this.#middleware = [...(options.middleware ?? [])];
        this.#features = featureMethods(this);
    }
    /** What the lifespan hook produced (undefined before start). */
    get state() {
        return this.#state;
    }
    /** Registers a tool; the handler's arguments are typed from `input`. */
    tool(definition, handler) {
        const schemas = this.#options.validator === undefined ? {} : { validator: this.#options.validator };
        const entry = prepareTool(definition, handler, schemas);
        // An update re-derives the schemas and the wire form from the patched definition and handler.
        return this.tools.add(definition.name, entry, (e) => e.definition.name, (e, patch) => prepareTool(patch.definition ?? e.definition, patch.handler ?? e.handler, schemas));
    }
    /** Registers a static resource. */
    resource(definition, handler) {
        return this.resources.add(definition.uri, prepareResource(definition, handler), (e) => e.definition.uri, (e, patch) => prepareResource(patch.definition ?? e.definition, patch.handler ?? e.handler));
    }
    /** Registers a resource template; the handler's variables are typed from the template. */
    resourceTemplate(definition, handler) {
        const entry = prepareTemplate(definition, handler);
        return this.templates.add(definition.uriTemplate, entry, (e) => e.definition.uriTemplate, (e, patch) => prepareTemplate(patch.definition ?? e.definition, patch.handler ?? e.handler));
    }
    /** Registers a prompt; the handler's arguments are typed from `arguments`. */
    prompt(definition, handler) {
        return this.prompts.add(definition.name, preparePrompt(definition, handler), (e) => e.definition.name, (e, patch) => preparePrompt(patch.definition ?? e.definition, patch.handler ?? e.handler));
    }
    /** Adds middleware (innermost so far); returns its remover. */
    use(middleware) {
        this.#middleware.push(middleware);
        return () => {
            const i = this.#middleware.indexOf(middleware);
            if (i >= 0)
                this.#middleware.splice(i, 1);
        };
    }
    /**
     * Handles a notification from clients, e.g. `notifications/roots/list_changed`
     * (handshake era). Returns the remover.
     */
    onNotification(method, handler) {
        let set = this.#notificationHandlers.get(method);
        if (set === undefined)
            this.#notificationHandlers.set(method, (set = new Set()));
        set.add(handler);
        return () => set.delete(handler);
    }
    /** Tells subscribers that a resource's content changed (`notifications/resources/updated`). */
    notifyResourceUpdated(uri) {
        for (const l of this.#listeners)
            l.resourceUpdated?.(uri);
    }
    /** The capabilities advertised: what is registered, plus what the options declare. */
    capabilities() {
        const extra = this.#options.capabilities ?? {};
        const { logging, ...rest } = extra;
        const caps = { ...rest };
        if (logging !== false)
            caps['logging'] = {};
        if (this.tools.used || extra.tools !== undefined)
            caps['tools'] = { listChanged: true, ...extra.tools };
        if (this.resources.used || this.templates.used || extra.resources !== undefined) {
            caps['resources'] = { subscribe: true, listChanged: true, ...extra.resources };
        }
        if (this.prompts.used || extra.prompts !== undefined)
            caps['prompts'] = { listChanged: true, ...extra.prompts };
        if (this.prompts.used || this.templates.used || extra.completions !== undefined)
            caps['completions'] = { ...extra.completions };
        return caps;
    }
    /** Runs the lifespan hook (once). `connect` calls it; call it yourself to start early. */
    start() {
        this.#starting ??= (async () => {
            const lifespan = await this.#options.lifespan?.();
            if (lifespan !== undefined) {
                this.#state = lifespan.state;
                this.#closeLifespan = lifespan.close;
            }
        })();
        return this.#starting;
    }
    /** Serves one connection. */
    async connect(transport, options = {}) {
        if (this.#closed)
            throw new LocalError('CONNECTION_CLOSED', 'Server is closed');
        await this.start();
        const session = new ServerSession(this, transport, {
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
    get sessions() {
        return this.#sessions;
    }
    /**
     * Shuts down: ends subscription streams, lets work in flight finish for up
     * to `graceMs` (default 5 s), closes every connection (cancelling what is
     * left), then releases the lifespan.
     */
    async close(options = {}) {
        if (this.#closed)
            return;
        this.#closed = true;
        for (const l of [...this.#listeners])
            l.closing?.();
        const sessions = [...this.#sessions];
        await Promise.all(sessions.map((s) => s.drain(options.graceMs ?? 5000)));
        await Promise.all(sessions.map((s) => s.close()));
        await this.#closeLifespan?.();
    }
    // ServerHost
    feature(method) {
        return this.#features[method];
    }
    run(request, ctx, core) {
        if (this.#middleware.length === 0)
            return core(request, ctx);
        return compose(this.#middleware, core)(request, ctx);
    }
    readResource(uri, ctx) {
        return readResource(this, uri, ctx);
    }
    cacheHint(method) {
        const cache = this.#options.cache;
        return cache?.[method] ?? cache?.['default'] ?? DEFAULT_CACHE;
    }
    principal(auth) {
        if (this.#options.principal !== undefined)
            return this.#options.principal(auth);
        if (!isObject(auth))
            return undefined;
        for (const key of ['sub', 'subject', 'clientId']) {
            const value = auth[key];
            if (typeof value === 'string')
                return value;
        }
        return undefined;
    }
    clientNotification(method, params, session) {
        const handlers = this.#notificationHandlers.get(method);
        if (handlers === undefined)
            return;
        for (const handler of handlers) {
            try {
                handler(params, session);
            }
            catch {
                // A failing application handler must not break the connection.
            }
        }
    }
    subscribe(events) {
        this.#listeners.add(events);
        return () => this.#listeners.delete(events);
    }
    /** Coalesces changes made in one turn into one notification per list. */
    #changed(kind) {
        if (this.#pendingChanges.size === 0) {
            queueMicrotask(() => {
                const kinds = [...this.#pendingChanges];
                this.#pendingChanges.clear();
                for (const k of kinds)
                    for (const l of this.#listeners)
                        l.listChanged?.(k);
            });
        }
        this.#pendingChanges.add(kind);
    }
}
//# sourceMappingURL=server.js.map