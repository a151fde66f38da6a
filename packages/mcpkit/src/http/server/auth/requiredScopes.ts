/**
 * Which scopes a request needs: the server-wide ones, plus those of the tool,
 * prompt or resource it names. A batch (2025-03-26) needs the union of its
 * requests', so one 403 names every scope at once, as the 2026-07-28 spec
 * asks of servers.
 *
 * @module
 */
import { isObject } from '../../../protocol/check.js';
import { UriTemplate } from '../../../protocol/uriTemplate.js';
import type { FeatureScopes } from './authOptions.js';

/** Reads the per-feature scope tables; templates are parsed once. */
export class ScopeTable {
  readonly #scopes: FeatureScopes;
  readonly #templates: readonly { readonly template: UriTemplate; readonly scopes: readonly string[] }[];

  constructor(scopes: FeatureScopes) {
    this.#scopes = scopes;
    this.#templates = Object.entries(scopes.resources ?? {})
      .filter(([key]) => key.includes('{'))
      .map(([key, list]) => ({ template: new UriTemplate(key), scopes: list }));
  }

  /** The scopes the messages of a body need beyond the server-wide ones (a body is one message or a batch). */
  forBody(body: unknown): string[] {
    const needed = new Set<string>();
    for (const message of Array.isArray(body) ? (body as unknown[]) : [body])
      for (const scope of this.#forMessage(message)) needed.add(scope);
    return [...needed];
  }

  #forMessage(message: unknown): readonly string[] {
    if (!isObject(message) || typeof message['method'] !== 'string') return [];
    const params = isObject(message['params']) ? message['params'] : {};
    const name = params['name'];
    const uri = params['uri'];
    switch (message['method']) {
      case 'tools/call':
        return typeof name === 'string' ? (own(this.#scopes.tools, name) ?? []) : [];
      case 'prompts/get':
        return typeof name === 'string' ? (own(this.#scopes.prompts, name) ?? []) : [];
      case 'resources/read':
      case 'resources/subscribe':
      case 'resources/unsubscribe':
        return typeof uri === 'string' ? this.#forResource(uri) : [];
      default:
        return [];
    }
  }

  #forResource(uri: string): readonly string[] {
    const exact = own(this.#scopes.resources, uri);
    if (exact !== undefined) return exact;
    const found = new Set<string>();
    for (const { template, scopes } of this.#templates)
      if (template.match(uri) !== undefined) for (const s of scopes) found.add(s);
    return [...found];
  }
}

/** A table entry by own key only (a tool named `constructor` must not find `Object.prototype`'s). */
function own(table: Readonly<Record<string, readonly string[]>> | undefined, key: string): readonly string[] | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The scopes of `required` that `granted` lacks, counting what broader granted scopes imply. */
export function missingScopes(
  granted: readonly string[],
  required: readonly string[],
  implies: Readonly<Record<string, readonly string[]>>,
): string[] {
  const have = new Set<string>();
  const add = (scope: string): void => {
    if (have.has(scope)) return;
    have.add(scope);
    const narrower = Object.hasOwn(implies, scope) ? implies[scope] : undefined;
    for (const n of narrower ?? []) add(n);
  };
  for (const g of granted) add(g);
  return required.filter((r) => !have.has(r));
}
