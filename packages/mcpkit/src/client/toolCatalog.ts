/**
 * What the client knows of the server's tools: the last listing, kept so that
 * `callTool` can check `structuredContent` against the tool's `outputSchema`
 * (2025-06-18+). A `tools/list_changed` notification forgets it; the next call
 * that needs a schema lists the tools again. Calls that need the listing at the
 * same time share one `tools/list` rather than each fetching its own.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { CallToolResult, Tool } from '../protocol/types/index.js';
import type { Issue, JsonSchemaValidator, ValidateFn } from '../schema/jsonSchemaValidator.js';

/** The last listing of the server's tools, and their compiled output schemas. */
export class ToolCatalog {
  readonly #tools = new Map<string, Tool>();
  // Keyed by the schema object, so a new listing with a new schema compiles anew.
  readonly #compiled = new WeakMap<object, ValidateFn>();
  readonly #validator: () => JsonSchemaValidator;
  #listed = false;
  // The listing under way, shared by every call that needs it meanwhile.
  #listing: Promise<unknown> | undefined;

  constructor(validator: () => JsonSchemaValidator) {
    this.#validator = validator;
  }

  /** True once a whole listing was seen since the last invalidation. */
  get listed(): boolean {
    return this.#listed;
  }

  /** The tool named `name` in the last listing. */
  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** Learns one page of a listing; the page without `nextCursor` ends it. */
  record(tools: readonly Tool[], last: boolean): void {
    for (const tool of tools) this.#tools.set(tool.name, tool);
    if (last) this.#listed = true;
  }

  /**
   * Lists the tools with `list`, or joins the listing already under way: a
   * burst of first calls would otherwise fetch `tools/list` once each. The
   * joiners get the same outcome, failure included.
   */
  listOnce(list: () => Promise<unknown>): Promise<unknown> {
    if (this.#listing === undefined) {
      const listing = list().finally(() => {
        if (this.#listing === listing) this.#listing = undefined;
      });
      this.#listing = listing;
    }
    return this.#listing;
  }

  /** Forgets everything (the list changed, or a new connection). */
  clear(): void {
    this.#tools.clear();
    this.#listed = false;
    // A listing under way may predate the change: the next call starts a fresh one.
    this.#listing = undefined;
  }

  /**
   * The ways `result` breaks `tool`'s output schema (empty when it conforms,
   * or the tool declares none). A schema that cannot be compiled is reported
   * as an issue too: the server advertised something no client can check.
   */
  async check(tool: Tool, result: CallToolResult): Promise<readonly Issue[]> {
    const schema = tool.outputSchema;
    if (schema === undefined) return [];
    if (result.structuredContent === undefined) {
      return [{ path: '', message: `structuredContent is missing, but tool ${tool.name} declares an outputSchema` }];
    }
    let validate = this.#compiled.get(schema);
    if (validate === undefined) {
      const validator = this.#validator();
      try {
        await validator.ready?.(schema);
        validate = validator.compile(schema);
      } catch (error) {
        if (!(error instanceof LocalError) || error.code !== 'INVALID_ARGUMENT') throw error;
        return [{ path: '', message: `the outputSchema of tool ${tool.name} cannot be used: ${error.message}` }];
      }
      this.#compiled.set(schema, validate);
    }
    const checked = validate(result.structuredContent);
    return checked.ok ? [] : checked.issues;
  }
}
