/**
 * The registrations one mount made on its server, kept in step with the
 * upstream's lists: what is new is registered, what changed is registered
 * again, what is gone is removed. Whatever cannot be registered (a name that
 * collides with one already on the server, a tool name or schema the server
 * refuses) is reported and left out; the rest is mounted.
 *
 * @module
 */
import { isObject } from '../../protocol/check.js';
import type { CallToolResult, Prompt, Resource, ResourceTemplate, Tool } from '../../protocol/types/index.js';
import { UriTemplate } from '../../protocol/uriTemplate.js';
import type { Completer } from '../completion.js';
import type { ServerContext } from '../context.js';
import type { Registration } from '../registration.js';
import type { McpServer } from '../server.js';
import { forwardedError, forwardedMeta, forwardedResult } from './forwarding.js';
import type { MountOptions } from './mountOptions.js';
import { showTool, type ShownTool } from './toolTransforms.js';
import type { Upstream } from './upstream.js';

/** One listing of the upstream; `undefined`: that list failed (what is mounted of it stays). */
export interface Listed {
  readonly tools: readonly Tool[] | undefined;
  readonly resources: readonly Resource[] | undefined;
  readonly templates: readonly ResourceTemplate[] | undefined;
  readonly prompts: readonly Prompt[] | undefined;
}

interface Held {
  readonly fingerprint: string;
  readonly registration: Registration<unknown, unknown>;
}

type Kind = 'tool' | 'resource' | 'template' | 'prompt';

/** The template's variable names (for completion). */
function variablesOf(template: string): string[] {
  try {
    return [...new UriTemplate(template).variableNames];
  } catch {
    return [];
  }
}

/** A forwarded tool result, without what the upstream's client added to it. */
function resultOf(outcome: object): CallToolResult {
  if (!isObject(outcome) || !Array.isArray(outcome['content'])) return outcome as CallToolResult;
  const { outputIssues: _issues, ...result } = outcome;
  return forwardedResult(result as unknown as CallToolResult);
}

/** Registrations of one mount, by kind and key. */
export class MountedLists {
  readonly #server: McpServer<unknown>;
  readonly #upstream: Upstream;
  readonly #options: MountOptions & { readonly label: string };
  readonly #held = new Map<Kind, Map<string, Held>>([
    ['tool', new Map()],
    ['resource', new Map()],
    ['template', new Map()],
    ['prompt', new Map()],
  ]);
  readonly toolNames: Map<string, string> = new Map<string, string>();
  #templates: UriTemplate[] = [];
  #tools: readonly Tool[] = [];

  constructor(server: McpServer<unknown>, upstream: Upstream, options: MountOptions & { readonly label: string }) {
    this.#server = server;
    this.#upstream = upstream;
    this.#options = options;
  }

  /** The mounted tools as callers see them. */
  get tools(): readonly Tool[] {
    return this.#tools;
  }

  /** True if `uri` is one of the resources this mount registered (an exact, static URI). */
  servesResource(uri: string): boolean {
    return this.#held.get('resource')?.has(uri) === true;
  }

  /** True if `uriTemplate` is, as written, one of the templates this mount registered. */
  servesTemplate(uriTemplate: string): boolean {
    return this.#held.get('template')?.has(uriTemplate) === true;
  }

  /** True if `uri` is one of this mount's resources or templates, or matches one of its templates. */
  ownsUri(uri: string): boolean {
    return (
      this.#held.get('resource')?.has(uri) === true ||
      this.#held.get('template')?.has(uri) === true ||
      this.#templates.some((t) => t.match(uri) !== undefined)
    );
  }

  apply(listed: Listed): void {
    if (listed.tools !== undefined) this.#applyTools(this.#capped(listed.tools, 'tools'));
    if (listed.resources !== undefined) {
      const items = this.#capped(listed.resources, 'resources');
      this.#sync(
        'resource',
        items.map((r) => [r.uri, r, () => this.#registerResource(r)]),
      );
    }
    if (listed.templates !== undefined) {
      const items = this.#capped(listed.templates, 'resource templates');
      this.#sync(
        'template',
        items.map((t) => [t.uriTemplate, t, () => this.#registerTemplate(t)]),
      );
      this.#templates = [...(this.#held.get('template')?.keys() ?? [])].flatMap((t) => {
        try {
          return [new UriTemplate(t)];
        } catch {
          return [];
        }
      });
    }
    if (listed.prompts !== undefined) {
      const items = this.#capped(listed.prompts, 'prompts');
      this.#sync(
        'prompt',
        items.map((p) => [this.#outer(p.name), p, () => this.#registerPrompt(p)]),
      );
    }
  }

  clear(): void {
    for (const held of this.#held.values()) {
      for (const h of held.values()) h.registration.remove();
      held.clear();
    }
    this.toolNames.clear();
    this.#tools = [];
    this.#templates = [];
  }

  #outer(name: string): string {
    const { prefix, separator = '_' } = this.#options;
    return prefix === undefined ? name : `${prefix}${separator}${name}`;
  }

  #capped<T>(items: readonly T[], kind: string): readonly T[] {
    const max = this.#options.maxItems ?? 1000;
    if (items.length <= max) return items;
    this.#problem(`lists ${String(items.length)} ${kind}; only the first ${String(max)} are mounted`);
    return items.slice(0, max);
  }

  #applyTools(tools: readonly Tool[]): void {
    const shown: [string, unknown, () => Registration<unknown, unknown>][] = [];
    const names = new Map<string, string>();
    const wire = new Map<string, Tool>();
    for (const tool of tools) {
      const s = showTool(tool, this.#options.tools?.[tool.name]);
      if (s === undefined) continue;
      const outer = this.#outer(s.tool.name);
      if (this.#options.toolFilter?.(outer) === false) continue;
      names.set(outer, s.upstreamName);
      wire.set(outer, { ...s.tool, name: outer });
      shown.push([outer, s.tool, () => this.#registerTool(outer, s)]);
    }
    this.#sync('tool', shown);
    this.toolNames.clear();
    const mounted: Tool[] = [];
    for (const outer of this.#held.get('tool')?.keys() ?? []) {
      const upstreamName = names.get(outer);
      const tool = wire.get(outer);
      if (upstreamName !== undefined) this.toolNames.set(outer, upstreamName);
      if (tool !== undefined) mounted.push(tool);
    }
    this.#tools = mounted;
  }

  /** Registers what is new or changed, removes what is gone. */
  #sync(kind: Kind, items: readonly (readonly [string, unknown, () => Registration<unknown, unknown>])[]): void {
    const held = this.#held.get(kind) ?? new Map<string, Held>();
    const wanted = new Set<string>();
    const failed: string[] = [];
    for (const [key, item, register] of items) {
      if (wanted.has(key)) {
        this.#problem(`lists the ${kind} ${JSON.stringify(key)} twice; the first is mounted`);
        continue;
      }
      wanted.add(key);
      const fingerprint = JSON.stringify(item);
      const current = held.get(key);
      if (current?.fingerprint === fingerprint) continue;
      current?.registration.remove();
      held.delete(key);
      try {
        held.set(key, { fingerprint, registration: register() });
      } catch (error) {
        failed.push(`${JSON.stringify(key)} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    // One line per listing, however many failed: a hostile or duplicated upstream cannot flood the log.
    if (failed.length > 0) {
      const shown = failed.slice(0, 3).join('; ');
      const more = failed.length > 3 ? `; and ${String(failed.length - 3)} more` : '';
      this.#problem(`${String(failed.length)} ${kind}(s) not mounted: ${shown}${more}`);
    }
    for (const [key, h] of held) {
      if (wanted.has(key)) continue;
      h.registration.remove();
      held.delete(key);
    }
  }

  /** Runs a forwarded request for `ctx`: its input requests can reach the caller, and its failure is an error the caller reads. */
  async #forward<T>(ctx: ServerContext, work: () => Promise<T>): Promise<T> {
    try {
      return await (this.#options.inputs === undefined ? work() : this.#options.inputs.track(ctx, work));
    } catch (error) {
      throw forwardedError(this.#options.label, error);
    }
  }

  #callOptions(ctx: ServerContext): { signal: AbortSignal; timeoutMs?: number; resetTimeoutOnProgress: true } {
    const { timeoutMs } = this.#options;
    return { signal: ctx.signal, resetTimeoutOnProgress: true, ...(timeoutMs !== undefined && { timeoutMs }) };
  }

  #registerTool(outer: string, shown: ShownTool): Registration<unknown, unknown> {
    const { tool, upstreamName, argumentsFor } = shown;
    const definition = {
      name: outer,
      ...(tool.title !== undefined && { title: tool.title }),
      ...(tool.description !== undefined && { description: tool.description }),
      input: tool.inputSchema,
      ...(tool.outputSchema !== undefined && { output: tool.outputSchema }),
      ...(tool.annotations !== undefined && { annotations: tool.annotations }),
      ...(tool.icons !== undefined && { icons: tool.icons }),
      ...(tool._meta !== undefined && { _meta: tool._meta }),
    };
    return this.#server.tool(definition, async (args, ctx) => {
      const meta = forwardedMeta(ctx.meta);
      const params = {
        name: upstreamName,
        arguments: argumentsFor(args as Record<string, unknown>),
        ...(meta && { _meta: meta }),
      };
      const outcome = await this.#forward(ctx, () =>
        this.#upstream.callTool(params, {
          ...this.#callOptions(ctx),
          onProgress: (p) => {
            ctx.progress(p.progress, p.total, p.message).catch(() => undefined);
          },
        }),
      );
      return resultOf(outcome);
    });
  }

  #registerResource(resource: Resource): Registration<unknown, unknown> {
    const { uri: _uri, ...description } = resource;
    return this.#server.resource({ ...description, uri: resource.uri }, (uri, ctx) =>
      this.#forward(ctx, async () => forwardedResult(await this.#upstream.readResource({ uri }, this.#callOptions(ctx)))),
    );
  }

  #registerTemplate(template: ResourceTemplate): Registration<unknown, unknown> {
    const complete: Record<string, Completer> = {};
    if (this.#upstream.serverCapabilities?.completions !== undefined) {
      for (const name of variablesOf(template.uriTemplate))
        complete[name] = this.#completer({ type: 'ref/resource', uri: template.uriTemplate }, name);
    }
    return this.#server.resourceTemplate({ ...template, complete }, (uri, _variables, ctx) =>
      this.#forward(ctx, async () => forwardedResult(await this.#upstream.readResource({ uri }, this.#callOptions(ctx)))),
    );
  }

  #registerPrompt(prompt: Prompt): Registration<unknown, unknown> {
    const complete: Record<string, Completer> = {};
    if (this.#upstream.serverCapabilities?.completions !== undefined) {
      for (const argument of prompt.arguments ?? [])
        complete[argument.name] = this.#completer({ type: 'ref/prompt', name: prompt.name }, argument.name);
    }
    const definition = { ...prompt, name: this.#outer(prompt.name), arguments: prompt.arguments ?? [], complete };
    return this.#server.prompt(definition, (args, ctx) => {
      const defined = Object.fromEntries(Object.entries(args).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const meta = forwardedMeta(ctx.meta);
      return this.#forward(ctx, () =>
        this.#upstream
          .getPrompt({ name: prompt.name, arguments: defined, ...(meta && { _meta: meta }) }, this.#callOptions(ctx))
          .then(forwardedResult),
      );
    });
  }

  #completer(ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }, argument: string): Completer {
    return async (value, context) => {
      try {
        const result = await this.#upstream.complete({
          ref,
          argument: { name: argument, value },
          context: { arguments: { ...context.arguments } },
        });
        return result.completion.values;
      } catch (error) {
        throw forwardedError(this.#options.label, error);
      }
    };
  }

  #problem(message: string): void {
    this.#options.onProblem?.(`${this.#options.label}: ${message}`);
  }
}
