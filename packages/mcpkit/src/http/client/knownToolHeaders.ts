/**
 * What the transport learns from `tools/list` results passing through it:
 * each tool's `x-mcp-header` annotations (to build `Mcp-Param-*` headers for
 * its calls), and which tools are invalid (left out of the result the client
 * sees, as the spec requires of Streamable HTTP clients).
 *
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import { paramHeaders, scanToolHeaders, type HeaderDeclaration } from './toolHeaders.js';
import { isObject } from '../../protocol/check.js';

/** Tool annotations by tool name, learned from `tools/list` results. */
export class KnownToolHeaders {
  readonly #declarations = new Map<string, readonly HeaderDeclaration[]>();
  readonly #listIds = new Set<RequestId>();
  readonly #warn: (message: string) => void;

  constructor(warn: (message: string) => void) {
    this.#warn = warn;
  }

  /** Remembers an outgoing `tools/list` so its result is inspected. */
  watch(id: RequestId): void {
    this.#listIds.add(id);
  }

  /**
   * Inspects an incoming message: if it answers a watched `tools/list`, learns
   * its tools and returns the message without the invalid ones (a copy; the
   * input is not modified). Anything else is returned as is.
   */
  inspect(message: JsonRpcMessage): JsonRpcMessage {
    if (!('result' in message) || !this.#listIds.delete(message.id)) return message;
    const result = message.result;
    if (!isObject(result) || !Array.isArray(result['tools'])) return message;
    const tools: unknown[] = result['tools'];
    const kept = tools.filter((tool) => this.#learn(tool));
    return kept.length === tools.length ? message : { ...message, result: { ...result, tools: kept } };
  }

  /** The `Mcp-Param-*` headers for a call of `name` with `args` (none for a tool never listed). */
  headersFor(name: string, args: unknown): Record<string, string> {
    const declarations = this.#declarations.get(name);
    return declarations === undefined || declarations.length === 0 ? {} : paramHeaders(declarations, args);
  }

  /** True once `name` has been seen in a `tools/list` result. */
  knows(name: string): boolean {
    return this.#declarations.has(name);
  }

  #learn(tool: unknown): boolean {
    if (!isObject(tool) || typeof tool['name'] !== 'string') return true; // not ours to judge; the client validates shapes
    const name = tool['name'];
    const scan = scanToolHeaders(tool['inputSchema']);
    this.#declarations.set(name, scan.declarations);
    if (scan.problem === undefined) return true;
    this.#warn(`Tool "${name}" left out of tools/list: ${scan.problem}`);
    return false;
  }
}
