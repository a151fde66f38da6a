/**
 * The gateway: every server of a config served as one MCP server. Each
 * upstream is supervised (restarted with the host's backoff when it drops)
 * and mounted under its name as prefix, so two upstreams may both have
 * `echo` (`a_echo`, `b_echo`); resources keep their URIs; prompts are
 * prefixed like tools. The caller policy and the rate limit are middleware
 * around everything.
 *
 * @module
 */
import type { Connector, RestartPolicy, ServerConfig } from 'mcpkit/host';
import type { Tool } from 'mcpkit/protocol';
import { McpServer, mount, type Mount } from 'mcpkit/server';
import { CallerPolicy } from './callerPolicy.js';
import { discovery } from './discovery.js';
import type { GatewaySettings } from './gatewayConfig.js';
import { policyFilter, rateLimit, type Ownership } from './gatewayPolicy.js';
import { RateLimiter } from './rateLimiter.js';
import { SupervisedUpstream, type UpstreamState } from './supervisedUpstream.js';
import type { ToolSearch } from './toolSearch.js';
import type { TelemetryOptions } from 'mcpkit/telemetry';

/** Between a server's name and its tools' and prompts' names. */
export const SEPARATOR = '_';

/** How a gateway is made. */
export interface GatewayOptions {
  readonly servers: readonly ServerConfig[];
  readonly settings: GatewaySettings;
  readonly connector: Connector;
  readonly restart?: RestartPolicy;
  readonly startTimeoutMs?: number;
  /** OpenTelemetry providers: the gateway's server spans and, beneath them, its upstream client spans. */
  readonly telemetry?: TelemetryOptions | undefined;
  /** Progressive discovery: callers see a search tool and a call tool instead of every tool. */
  readonly discovery?: ToolSearch;
  /** Server options (a shared secret for several processes). */
  readonly secret?: string;
  readonly log: (message: string) => void;
}

/**
 * The prefix of a server's names: its name with every character a tool name
 * cannot hold, and the separator, turned into `-`, so that no prefix contains
 * the separator and no two mounts' names can meet.
 */
export function prefixOf(name: string): string {
  return name.replace(/[^A-Za-z0-9.-]/g, '-') || '-';
}

/** What `/healthz` answers. */
export interface Health {
  readonly status: 'ok' | 'degraded';
  readonly upstreams: Readonly<
    Record<string, { readonly state: UpstreamState; readonly restarts: number; readonly tools: number }>
  >;
}

/** A running gateway. */
export class Gateway {
  readonly server: McpServer;
  /** First mounts (and refreshes) under way. */
  readonly #mounting = new Set<Promise<void>>();
  readonly #upstreams: SupervisedUpstream[];
  readonly #mounts = new Map<string, Mount>();
  readonly #prefixes = new Map<string, string>();
  readonly #log: (message: string) => void;

  constructor(options: GatewayOptions) {
    this.#log = options.log;
    for (const s of options.servers) {
      const prefix = prefixOf(s.name);
      const other = [...this.#prefixes].find(([, p]) => p === prefix)?.[0];
      if (other !== undefined)
        throw new Error(`servers "${other}" and "${s.name}" would share the prefix "${prefix}": rename one`);
      this.#prefixes.set(s.name, prefix);
    }
    const { settings } = options;
    const policy = settings.policy === undefined ? undefined : new CallerPolicy(settings.policy);
    const ownership = this.#ownership();
    const catalog = (auth: unknown): Tool[] =>
      [...this.#mounts].flatMap(([server, m]) =>
        policy === undefined ? m.tools : m.tools.filter((t) => policy.allowsTool(auth, server, t.name)),
      );
    const middleware = [
      ...(settings.perMinute === undefined ? [] : [rateLimit(new RateLimiter(settings.perMinute), settings.perMinute)]),
      // Outside the policy: what discovery lists and calls passes through it.
      ...(options.discovery === undefined ? [] : [discovery(options.discovery, catalog)]),
      ...(policy === undefined ? [] : [policyFilter(policy, ownership)]),
    ];
    this.server = new McpServer({
      name: 'mcpkit-gateway',
      version: '1.0.0',
      ...(options.secret !== undefined && { secret: options.secret }),
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
        prompts: { listChanged: true },
        completions: {},
      },
      middleware,
      ...(options.telemetry !== undefined && { telemetry: options.telemetry }),
    });
    this.#upstreams = options.servers.map(
      (config) =>
        new SupervisedUpstream(config, {
          connector: options.connector,
          restart: options.restart ?? {},
          startTimeoutMs: options.startTimeoutMs ?? 30_000,
          log: options.log,
          telemetry: options.telemetry,
          onReady: (u) => {
            const mounting = this.#mounted(u);
            this.#mounting.add(mounting);
            void mounting.finally(() => this.#mounting.delete(mounting));
          },
        }),
    );
  }

  /** Starts every upstream; resolves once each connected or failed its first attempt. */
  async start(): Promise<void> {
    await Promise.all(this.#upstreams.map((u) => u.start()));
    // Serve only once the upstreams that came up are mounted: a caller's first tools/list sees their tools.
    await Promise.all([...this.#mounting]);
  }

  health(): Health {
    const upstreams = Object.fromEntries(
      this.#upstreams.map((u) => {
        const { state, restarts } = u.status;
        return [u.name, { state, restarts, tools: this.#mounts.get(u.name)?.toolNames.size ?? 0 }];
      }),
    );
    const status = this.#upstreams.every((u) => u.status.state === 'ready') ? 'ok' : 'degraded';
    return { status, upstreams };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#mounts.values()].map((m) => m.close()));
    await Promise.all(this.#upstreams.map((u) => u.stop()));
  }

  /** Mounts an upstream the first time it is ready, and lists it again after each reconnection. */
  async #mounted(upstream: SupervisedUpstream): Promise<void> {
    const existing = this.#mounts.get(upstream.name);
    if (existing !== undefined) {
      await existing.refresh().catch(() => undefined);
      return;
    }
    try {
      const m = await mount(this.server, upstream.client, {
        prefix: this.#prefixes.get(upstream.name) ?? prefixOf(upstream.name),
        separator: SEPARATOR,
        label: upstream.name,
        inputs: upstream.inputs,
        onProblem: (message) => {
          this.#log(message);
        },
      });
      this.#mounts.set(upstream.name, m);
    } catch (error) {
      this.#log(`${upstream.name}: cannot be mounted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #ownership(): Ownership {
    const byPrefix = (name: string): string | undefined => {
      for (const [server, prefix] of this.#prefixes) if (name.startsWith(`${prefix}${SEPARATOR}`)) return server;
      return undefined;
    };
    return {
      serverOfTool: (name) => {
        for (const [server, m] of this.#mounts) if (m.toolNames.has(name)) return server;
        return undefined;
      },
      serverOfPrompt: byPrefix,
      serverOfResource: (uri) => {
        for (const [server, m] of this.#mounts) if (m.servesResource(uri)) return server;
        return undefined;
      },
      serverOfTemplate: (uriTemplate) => {
        for (const [server, m] of this.#mounts) if (m.servesTemplate(uriTemplate)) return server;
        return undefined;
      },
      serversOfUri: (uri) => [...this.#mounts].filter(([, m]) => m.ownsUri(uri)).map(([server]) => server),
    };
  }
}
