/**
 * What `server.tool()`, `resource()`, `resourceTemplate()` and `prompt()`
 * return: the way to change or remove what was registered. `remove()` is the
 * disposer; `update()` patches the author's own definition (or swaps the
 * handler), and the server derives the wire form and schemas again.
 *
 * @module
 */
import type { RegistryHandle } from './registry.js';

/** A registered tool, resource, template or prompt. */
export interface Registration<D, H> {
  /** The definition, as it stands. */
  readonly definition: D;
  /** True while listed and callable. */
  readonly enabled: boolean;
  /** Makes it listed and callable again. */
  enable(): void;
  /** Hides it from lists and calls without removing it. */
  disable(): void;
  /** Replaces parts of the definition, and the handler if given (a new name renames it). */
  update(patch: Partial<D> & { readonly handler?: H }): void;
  /** Removes it for good. */
  remove(): void;
}

/** The public face of a registry handle whose entries carry a definition and a handler. */
export function registrationOf<D, H>(
  handle: RegistryHandle<{ readonly definition: D; readonly handler: H }>,
): Registration<D, H> {
  return {
    get definition() {
      return handle.definition.definition;
    },
    get enabled() {
      return handle.enabled;
    },
    enable: () => {
      handle.enable();
    },
    disable: () => {
      handle.disable();
    },
    update: ({ handler, ...patch }) => {
      const definition = { ...handle.definition.definition, ...patch } as D;
      handle.update(handler === undefined ? { definition } : { definition, handler });
    },
    remove: () => {
      handle.remove();
    },
  };
}
