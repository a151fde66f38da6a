/**
 * Which tools the model may be offered: each server's config lists (Gemini
 * CLI's `includeTools`/`excludeTools`, Roo Code's `disabledTools`), then the
 * switches the user flips while the host runs (`/tools disable server/tool`).
 * A switch on one tool beats one on its server, and either beats the config.
 *
 * @module
 */

/** A server's config lists. */
export interface ToolLists {
  /** Only these tools (absent: all). */
  readonly includeTools?: readonly string[] | undefined;
  /** Never these (beats `includeTools`). */
  readonly excludeTools?: readonly string[] | undefined;
}

/** The host's switches. */
export class ToolSwitches {
  readonly #config = new Map<string, { include: Set<string> | undefined; exclude: Set<string> }>();
  readonly #servers = new Map<string, boolean>();
  readonly #tools = new Map<string, Map<string, boolean>>();

  /** Sets `server`'s config lists. */
  configure(server: string, lists: ToolLists): void {
    this.#config.set(server, {
      include: lists.includeTools === undefined ? undefined : new Set(lists.includeTools),
      exclude: new Set(lists.excludeTools ?? []),
    });
  }

  /** Whether `tool` of `server` may be offered. */
  enabled(server: string, tool: string): boolean {
    const own = this.#tools.get(server)?.get(tool);
    if (own !== undefined) return own;
    if (this.#servers.get(server) === false) return false;
    const config = this.#config.get(server);
    if (config === undefined) return true;
    if (config.exclude.has(tool)) return false;
    return config.include === undefined || config.include.has(tool);
  }

  /** Switches a whole server (`tool` undefined: its tool switches are dropped) or one tool. */
  set(server: string, tool: string | undefined, on: boolean): void {
    if (tool === undefined) {
      this.#servers.set(server, on);
      this.#tools.delete(server);
      return;
    }
    let tools = this.#tools.get(server);
    if (tools === undefined) {
      tools = new Map<string, boolean>();
      this.#tools.set(server, tools);
    }
    tools.set(tool, on);
  }
}
