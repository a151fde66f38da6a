/**
 * `Host`: one application, many servers, one model. It starts one client per
 * server (concurrently, each isolated: a server that fails, crashes or hangs
 * is restarted with backoff and never takes the others down), gathers their
 * tools under model-safe names, and runs the loop — model, tool calls through
 * the policy, results back — until the model answers. Servers' sampling
 * requests go to the host's model (after the policy), elicitation to the
 * application (declined by default), roots are the host's.
 *
 * @module
 */
import { LoopTracing } from './loop/loopTelemetry.js';
import { LocalError } from '../jsonrpc/index.js';
import { appVisibility } from '../protocol/index.js';
import type * as T from '../protocol/index.js';
import type { HostConfig, ServerConfig } from './config/types.js';
import { SEARCH_TOOL_NAME } from './context/searchTool.js';
import { ToolContext, type ToolContextReport } from './context/toolContext.js';
import type { SearchHit, SearchOptions } from './context/toolIndex.js';
import { Conversation, type ConversationRunner } from './conversation.js';
import { ConfigError } from './errors.js';
import type { AskOptions, HostOptions } from './hostOptions.js';
import type { HostEvent, HostEventListener } from './loop/events.js';
import { runLoop, type Transcript } from './loop/loop.js';
import type { SamplingModels } from './loop/sampling.js';
import { runToolUse, type ToolRun } from './loop/toolRunner.js';
import { resolveModel, type ModelChoice, type ModelSpec } from './model/modelSpec.js';
import type { ModelMessage, ToolUseBlock } from './model/types.js';
import { serialized, withConfigGrants, type PolicyOptions } from './policy/policy.js';
import { unmatchedRules, type RuleProblem } from './policy/ruleCheck.js';
import { ToolRegistry, type HostTool } from './registry/toolRegistry.js';
import { transportFor } from './servers/transportFor.js';
import { ManagedServer } from './servers/managedServer.js';
import { serverHandlers } from './serverHandlers.js';
import {
  findPrompt,
  findResourceServer,
  listPrompts,
  listResources,
  serverStatus,
  type HostPrompt,
  type HostResource,
  type ServerStatus,
} from './catalog.js';

/** Longest a model call waits for lists a change notification asked for, ms. */
const LIST_SETTLE_MS = 5000;

/** Settles when `work` does, or once `ms` passed; never rejects. */
function boundedWait(work: Promise<unknown>, ms: number | undefined): Promise<void> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  if (ms === undefined) return settled;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([settled, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** A host. */
export class Host {
  readonly #options: HostOptions;
  readonly #tracing: LoopTracing | undefined;
  readonly #servers = new Map<string, ManagedServer>();
  readonly #registry = new ToolRegistry();
  readonly #context: ToolContext;
  readonly #listeners = new Set<HostEventListener>();
  readonly #policy: PolicyOptions;
  readonly #allowed: { server: string; tools: readonly string[] }[] = [];
  readonly #trusted: string[] = [];
  /** Rules already reported as matching nothing (`rule` keys), so a list change reports each once. */
  readonly #unmatched = new Set<string>();
  #models: SamplingModels | undefined;
  #started: Promise<void> | undefined;

  constructor(options: HostOptions) {
    this.#options = options;
    this.#tracing = options.telemetry === undefined ? undefined : new LoopTracing(options.telemetry);
    const servers = Array.isArray(options.servers)
      ? (options.servers as readonly ServerConfig[])
      : (options.servers as { servers: readonly ServerConfig[] }).servers;
    this.#policy = serialized(options.policy ?? {});
    const fromConfig = Array.isArray(options.servers) ? undefined : (options.servers as HostConfig).toolSearch;
    this.#context = new ToolContext(this.#registry, options.toolSearch ?? fromConfig);
    for (const config of servers) {
      this.#context.switches.configure(config.name, config);
      if (this.#servers.has(config.name)) throw new ConfigError({ server: config.name }, 'is defined twice');
      if (config.allow !== undefined) this.#allowed.push({ server: config.name, tools: config.allow });
      if (config.trusted === true) this.#trusted.push(config.name);
      this.#servers.set(config.name, this.#managed(config));
    }
    if (options.onEvent !== undefined) this.#listeners.add(options.onEvent);
  }

  /**
   * Starts every server at once; resolves when each has connected or failed
   * its first attempt (failed ones keep retrying), or after `startWaitMs`
   * (those still starting join when they are up). Never rejects.
   */
  start(): Promise<void> {
    this.#started ??= boundedWait(
      Promise.all([...this.#servers.values()].map((s) => s.start())).then(() => undefined),
      this.#options.startWaitMs,
    );
    return this.#started;
  }

  /** Receives every event; returns a remover. */
  on(listener: HostEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Every server and its state. */
  servers(): ServerStatus[] {
    return [...this.#servers.values()].map(serverStatus);
  }

  /** Starts a server that was left `failed`, with a fresh count of attempts. */
  restartServer(name: string): Promise<void> {
    const server = this.#servers.get(name);
    if (server === undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', `no server ${JSON.stringify(name)}`));
    return server.restart();
  }

  /**
   * The rules of the host's policy (and the config's allow lists) that match
   * no server, or no tool of a running server, each naming the closest one.
   * A server that has not started is checked by name only.
   */
  checkRules(): RuleProblem[] {
    const known = new Map<string, readonly string[] | undefined>();
    for (const s of this.#servers.values()) known.set(s.name, s.state === 'ready' ? s.lists.tools.map((t) => t.name) : undefined);
    const problems = unmatchedRules(this.#options.policy ?? {}, known, this.#allowed);
    for (const p of problems) this.#unmatched.add(p.rule);
    return problems;
  }

  /** Every tool of every running server the model may be offered (switched on), under its model name. */
  tools(): readonly HostTool[] {
    return this.#context.enabledTools().map((t) => t.entry);
  }

  /**
   * The tools of `server` an MCP App of it may call: visible to apps
   * (`_meta.ui.visibility`), switched on. Tools only apps may call are here
   * though never in {@link tools}.
   */
  appTools(server: string): readonly HostTool[] {
    return this.#registry
      .entries()
      .filter((e) => e.server === server && appVisibility(e.tool).includes('app') && this.#context.enabled(e));
  }

  /** The tools of running servers that are switched off (by the config's lists or {@link setToolsEnabled}). */
  disabledTools(): readonly HostTool[] {
    return this.#registry.entries().filter((e) => !this.#context.enabled(e));
  }

  /**
   * Switches tools on or off for the model: `server`, `server/tool`, or a
   * model name; beats the config's `includeTools`/`excludeTools`. Returns how
   * many listed tools it covers; an unknown server or tool rejects with
   * `INVALID_ARGUMENT` naming the closest.
   */
  setToolsEnabled(target: string, enabled: boolean): number {
    return this.#context.setEnabled(target, enabled, [...this.#servers.keys()]);
  }

  /** The enabled tools best matching `query` (the ranking the host's `search_tools` uses). */
  searchTools(query: string, options: SearchOptions = {}): SearchHit<HostTool>[] {
    return this.#context.search(query, options);
  }

  /** What each server's tool definitions cost the model's context, and whether they are searched for. */
  toolContext(): ToolContextReport {
    return this.#context.report([...this.#servers.keys()]);
  }

  /**
   * Calls a tool by its model name (or `server/tool`), without the policy:
   * the application is trusted. A server that is down, times out or refuses
   * answers with an `isError` result, as the model would see it; an unknown
   * name rejects with `INVALID_ARGUMENT`.
   */
  async callTool(
    name: string,
    args: Readonly<Record<string, unknown>> = {},
    options: { signal?: AbortSignal; onProgress?: (p: T.ProgressParams) => void } = {},
  ): Promise<T.CallToolResult> {
    const entry = this.#resolve(name);
    if (entry === undefined) throw new LocalError('INVALID_ARGUMENT', `no tool ${JSON.stringify(name)}`);
    if (!this.#context.enabled(entry)) throw new LocalError('INVALID_ARGUMENT', `tool ${JSON.stringify(name)} is switched off`);
    const run = await runToolUse(
      { type: 'tool_use', id: 'direct', name: entry.name, input: args },
      {
        resolve: () => entry,
        server: (server) => this.#servers.get(server),
        policy: { default: 'allow' },
        budget: { maxTextChars: Infinity, maxImageChars: Infinity },
        emit: (event) => {
          if (event.type === 'tool-call-progress' && options.onProgress !== undefined)
            options.onProgress({
              progressToken: 'direct',
              progress: event.progress,
              ...(event.total !== undefined && { total: event.total }),
              ...(event.message !== undefined && { message: event.message }),
            });
        },
        signal: options.signal,
      },
    );
    return run.record.result ?? { content: [{ type: 'text', text: run.record.error ?? 'The call failed.' }], isError: true };
  }

  /** Every resource (and resource template) of every running server. */
  resources(): HostResource[] {
    return listResources(this.#servers.values());
  }

  /** Reads a resource from `server`, or from the server that lists it (else each server that offers resources, in turn). */
  readResource(uri: string, options: { server?: string; signal?: AbortSignal } = {}): Promise<T.ReadResourceResult> {
    const server = findResourceServer(this.#servers, uri, options.server);
    return server.connected().readResource({ uri }, options.signal === undefined ? {} : { signal: options.signal });
  }

  /** Every prompt of every running server; names are unique (`server/prompt` where two servers share one). */
  prompts(): HostPrompt[] {
    return listPrompts(this.#servers.values());
  }

  /** Gets a prompt's messages by the name `prompts()` gives it. */
  getPrompt(
    name: string,
    args: Readonly<Record<string, string>> = {},
    options: { signal?: AbortSignal } = {},
  ): Promise<T.GetPromptResult> {
    const found = findPrompt(this.prompts(), name);
    const server = this.#servers.get(found.server);
    if (server === undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', `no server ${found.server}`));
    return server
      .connected()
      .getPrompt({ name: found.prompt.name, arguments: args }, options.signal === undefined ? {} : { signal: options.signal });
  }

  /** A new conversation (optionally continuing `messages`). */
  conversation(messages: readonly ModelMessage[] = []): Conversation {
    const host: ConversationRunner = {
      run: (list, options, found) => this.#run(list, options, found),
      readResource: (uri, options) => this.readResource(uri, options),
      getPrompt: (name, args, options) => this.getPrompt(name, args, options),
    };
    return new Conversation(host, messages);
  }

  /** Asks the model one question in a new conversation; resolves with the transcript. */
  ask(prompt: string, options: AskOptions = {}): Promise<Transcript> {
    return this.conversation().ask(prompt, options);
  }

  /** Stops every server (their processes end) and cancels pending restarts. */
  async close(): Promise<void> {
    await Promise.all([...this.#servers.values()].map((s) => s.close()));
  }

  /** The model a spec names, keyed from the host's environment. */
  resolveModel(spec: ModelSpec): ModelChoice {
    return resolveModel(spec, this.#options.env ?? {}, this.#options.endpoint);
  }

  async #run(messages: ModelMessage[], options: AskOptions, found: Set<string>): Promise<Transcript> {
    const spec = options.model ?? this.#options.model;
    if (spec === undefined) throw new LocalError('INVALID_ARGUMENT', 'no model: give one to the host or to ask()');
    const choice = this.resolveModel(spec);
    const policy = withConfigGrants(options.policy === undefined ? this.#policy : serialized(options.policy), {
      allowed: this.#allowed,
      trusted: this.#trusted,
    });
    const listener = options.onEvent;
    const emit = (event: HostEvent): void => {
      listener?.(event);
      this.#emit(event);
    };
    await this.start();
    const budget = this.#options.resultBudget ?? {};
    return runLoop(messages, {
      provider: choice.provider,
      model: choice.model,
      system: options.system ?? this.#options.system,
      maxTokens: options.maxTokens ?? this.#options.maxTokens ?? 4096,
      maxTurns: options.maxTurns ?? this.#options.maxTurns ?? 20,
      tools: async () => {
        // A list change a tool call caused reaches the very next model call.
        await boundedWait(Promise.all([...this.#servers.values()].map((s) => s.listsSettled())), LIST_SETTLE_MS);
        const ready = [...this.#servers.values()].filter((s) => s.state === 'ready').map((s) => s.name);
        return this.#context.offer(found, messages, choice.provider.toolSearch === true, ready);
      },
      tracing: this.#tracing,
      runTool: (use) =>
        use.name === SEARCH_TOOL_NAME
          ? Promise.resolve(this.#searchRun(use, found, emit))
          : runToolUse(use, {
              resolve: (n) => {
                const entry = this.#registry.resolveForModel(n);
                return entry !== undefined && this.#context.enabled(entry) ? entry : undefined;
              },
              server: (n) => this.#servers.get(n),
              policy,
              budget,
              emit,
              signal: options.signal,
              tracing: this.#tracing,
            }),
      signal: options.signal,
      emit,
    });
  }

  /** The host's `search_tools` call, recorded like any tool call. */
  #searchRun(use: ToolUseBlock, found: Set<string>, emit: (event: HostEvent) => void): ToolRun {
    const started = Date.now();
    emit({ type: 'tool-call-started', id: use.id, name: use.name, arguments: use.input });
    const { text, isError } = this.#context.runSearch(use.input, found);
    const result: T.CallToolResult = { content: [{ type: 'text', text }], ...(isError && { isError }) };
    const record = {
      id: use.id,
      name: use.name,
      arguments: use.input,
      outcome: 'ok' as const,
      result,
      durationMs: Date.now() - started,
    };
    emit({ type: 'tool-call-finished', record });
    return {
      block: { type: 'tool_result', toolUseId: use.id, content: [{ type: 'text', text }], ...(isError && { isError }) },
      record,
    };
  }

  #resolve(name: string): HostTool | undefined {
    const direct = this.#registry.resolve(name);
    if (direct !== undefined) return direct;
    const slash = name.indexOf('/');
    return slash < 0 ? undefined : this.#registry.find(name.slice(0, slash), name.slice(slash + 1));
  }

  #emit(event: HostEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the host goes on.
      }
    }
  }

  #samplingModels(): SamplingModels | undefined {
    if (this.#models !== undefined || this.#options.model === undefined) return this.#models;
    const small = this.#options.smallModel;
    this.#models = {
      main: this.resolveModel(this.#options.model),
      ...(small !== undefined && { small: this.resolveModel(small) }),
    };
    return this.#models;
  }

  #managed(config: ServerConfig): ManagedServer {
    const o = this.#options;
    return new ManagedServer(config, {
      connector: o.connector ?? transportFor,
      clientInfo: o.clientInfo ?? { name: 'mcpkit-host', version: '0.1.0' },
      handlers: serverHandlers(config.name, {
        roots: o.roots ?? [],
        elicitation: o.elicitation,
        policy: this.#policy,
        samplingModels: () => this.#samplingModels(),
        instructions: (server, scope) => this.#instructions(server, scope),
        emit: (event) => {
          this.#emit(event);
        },
      }),
      startTimeoutMs: o.startTimeoutMs ?? 30_000,
      requestTimeoutMs: o.requestTimeoutMs ?? 60_000,
      telemetry: o.telemetry,
      restart: o.restart ?? {},
      logLevel: o.logLevel,
      emit: (event) => {
        this.#emit(event);
      },
      onListsChanged: () => {
        const server = this.#servers.get(config.name);
        if (server === undefined) return;
        if (server.state === 'ready') {
          this.#registry.set(config.name, server.lists.tools);
          this.#reportUnmatched(config.name);
        } else this.#registry.delete(config.name);
      },
    });
  }

  /** Emits `policy-rule-unmatched` for each rule of `server` that newly matches nothing; a rule that matches again may be reported again later. */
  #reportUnmatched(server: string): void {
    const ready = this.#servers.get(server);
    if (ready === undefined) return;
    const known = new Map<string, readonly string[] | undefined>([[server, ready.lists.tools.map((t) => t.name)]]);
    const rules = unmatchedRules(this.#options.policy ?? {}, known, this.#allowed).filter((p) => p.server === server);
    const now = new Set(rules.map((p) => p.rule));
    for (const rule of [...this.#unmatched]) if (rule.startsWith(`${server}/`) && !now.has(rule)) this.#unmatched.delete(rule);
    for (const p of rules) {
      if (this.#unmatched.has(p.rule)) continue;
      this.#unmatched.add(p.rule);
      this.#emit({ type: 'policy-rule-unmatched', server, rule: p.rule, decision: p.decision, message: p.message });
    }
  }

  #instructions(server: string, scope: 'thisServer' | 'allServers'): string | undefined {
    const servers = scope === 'thisServer' ? [this.#servers.get(server)] : [...this.#servers.values()];
    const parts = servers.flatMap((s) => {
      const text = s?.client?.instructions;
      return s === undefined || text === undefined || text === '' ? [] : [`Instructions of the MCP server ${s.name}:\n${text}`];
    });
    return parts.length === 0 ? undefined : parts.join('\n\n');
  }
}
