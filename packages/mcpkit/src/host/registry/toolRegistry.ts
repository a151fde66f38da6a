/**
 * Every server's tools under one set of model names (see `toolNames.ts`),
 * with the table back from a model name to the server and tool. A server's
 * list replaces its earlier one (on `list_changed`); names are reassigned
 * over the whole set each time, so they stay deterministic.
 *
 * @module
 */
import { appVisibility, type Tool } from '../../protocol/index.js';
import type { ModelTool } from '../model/types.js';
import { assignToolNames } from './toolNames.js';

/** A tool as the host offers it. */
export interface HostTool {
  /** The model name (`^[a-zA-Z0-9_-]{1,64}$`). */
  readonly name: string;
  /** The server that offers it. */
  readonly server: string;
  /** The tool, as the server listed it. */
  readonly tool: Tool;
}

/** The host's tools. */
export class ToolRegistry {
  readonly #byServer = new Map<string, readonly Tool[]>();
  #entries: readonly HostTool[] = [];
  #byName = new Map<string, HostTool>();
  #modelTools: readonly ModelTool[] | undefined;
  #modelEntries: readonly HostTool[] | undefined;
  #version = 0;

  /** Grows with every change of the set (for caches built over it). */
  get version(): number {
    return this.#version;
  }

  /** Replaces `server`'s tools. */
  set(server: string, tools: readonly Tool[]): void {
    this.#byServer.set(server, tools);
    this.#rebuild();
  }

  /** Drops `server`'s tools. */
  delete(server: string): void {
    if (this.#byServer.delete(server)) this.#rebuild();
  }

  /** Every tool, servers in the order they were first set, each server's in its list order. */
  entries(): readonly HostTool[] {
    return this.#entries;
  }

  /** The tool a model name stands for. */
  resolve(name: string): HostTool | undefined {
    return this.#byName.get(name);
  }

  /** The tool a model name stands for, unless only apps may call it (`_meta.ui.visibility` without `model`). */
  resolveForModel(name: string): HostTool | undefined {
    const entry = this.#byName.get(name);
    return entry === undefined || !appVisibility(entry.tool).includes('model') ? undefined : entry;
  }

  /** The entry of `tool` of `server`. */
  find(server: string, tool: string): HostTool | undefined {
    return this.#entries.find((e) => e.server === server && e.tool.name === tool);
  }

  /** The entries a model may be offered: all but the tools only apps may call, in the order of {@link entries}. */
  modelEntries(): readonly HostTool[] {
    this.#modelEntries ??= this.#entries.filter((e) => appVisibility(e.tool).includes('model'));
    return this.#modelEntries;
  }

  /** The tools as a model request lists them (built once per change), in the order of {@link modelEntries}. */
  modelTools(): readonly ModelTool[] {
    this.#modelTools ??= this.modelEntries().map((e): ModelTool => {
      const description = modelDescription(e);
      return { name: e.name, ...(description !== undefined && { description }), inputSchema: e.tool.inputSchema };
    });
    return this.#modelTools;
  }

  #rebuild(): void {
    const pairs: { server: string; tool: Tool }[] = [];
    for (const [server, tools] of this.#byServer) for (const tool of tools) pairs.push({ server, tool });
    const names = assignToolNames(pairs.map((p) => ({ server: p.server, tool: p.tool.name })));
    this.#entries = pairs.map((p, i) => ({ name: names[i] ?? '', server: p.server, tool: p.tool }));
    this.#byName = new Map(this.#entries.map((e) => [e.name, e]));
    this.#modelEntries = undefined;
    this.#modelTools = undefined;
    this.#version++;
  }
}

function modelDescription(entry: HostTool): string | undefined {
  return entry.tool.description ?? entry.tool.title ?? entry.tool.annotations?.title;
}
