/**
 * An ordered registry of named things (tools, resources, templates, prompts)
 * that can be added, enabled, disabled, updated and removed at run time.
 * Iteration follows registration order, so lists are deterministic.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';

/** The registry's handle on one entry: change or remove it. */
export interface RegistryHandle<D> {
  /** The entry, as it stands. */
  readonly definition: D;
  /** True while listed and callable. */
  readonly enabled: boolean;
  /** Makes it listed and callable again. */
  enable(): void;
  /** Hides it from lists and calls without removing it. */
  disable(): void;
  /** Replaces parts of the entry. */
  update(patch: Partial<D>): void;
  /** Removes it for good (the disposer). */
  remove(): void;
}

interface Slot<D> {
  definition: D;
  enabled: boolean;
}

/** Ordered, mutable, observable collection keyed by name. */
export class Registry<D> {
  readonly #kind: string;
  readonly #items = new Map<string, Slot<D>>();
  readonly #onChange: () => void;
  #snapshot: readonly D[] | undefined;
  #used = false;

  /** @param onChange called after every change that alters what is listed. */
  constructor(kind: string, onChange: () => void) {
    this.#kind = kind;
    this.#onChange = onChange;
  }

  /**
   * Adds `definition` under `key`; a duplicate key is an error. `rekey` gives
   * the key of an updated definition (renames); `merge` builds the updated
   * definition from a patch (so that derived parts, like a tool's wire form,
   * are derived again), and defaults to a shallow merge.
   */
  add(key: string, definition: D, rekey?: (d: D) => string, merge?: (current: D, patch: Partial<D>) => D): RegistryHandle<D> {
    if (this.#items.has(key))
      throw new LocalError('INVALID_ARGUMENT', `${this.#kind} ${JSON.stringify(key)} is already registered`);
    const slot: Slot<D> = { definition, enabled: true };
    this.#items.set(key, slot);
    this.#used = true;
    this.#changed();
    let current = key;
    return {
      get definition() {
        return slot.definition;
      },
      get enabled() {
        return slot.enabled;
      },
      enable: () => {
        if (!slot.enabled && this.#items.get(current) === slot) {
          slot.enabled = true;
          this.#changed();
        }
      },
      disable: () => {
        if (slot.enabled && this.#items.get(current) === slot) {
          slot.enabled = false;
          this.#changed();
        }
      },
      update: (patch) => {
        if (this.#items.get(current) !== slot) return;
        const next = merge === undefined ? { ...slot.definition, ...patch } : merge(slot.definition, patch);
        const nextKey = rekey?.(next) ?? current;
        if (nextKey !== current) {
          if (this.#items.has(nextKey))
            throw new LocalError('INVALID_ARGUMENT', `${this.#kind} ${JSON.stringify(nextKey)} is already registered`);
          this.#items.delete(current);
          this.#items.set(nextKey, slot);
          current = nextKey;
        }
        slot.definition = next;
        this.#changed();
      },
      remove: () => {
        if (this.#items.get(current) === slot) {
          this.#items.delete(current);
          this.#changed();
        }
      },
    };
  }

  /** The enabled definition under `key`. */
  get(key: string): D | undefined {
    const slot = this.#items.get(key);
    return slot?.enabled === true ? slot.definition : undefined;
  }

  /** Every enabled definition, in registration order (cached until the next change). */
  list(): readonly D[] {
    this.#snapshot ??= [...this.#items.values()].filter((s) => s.enabled).map((s) => s.definition);
    return this.#snapshot;
  }

  /** How many definitions are registered (enabled or not). */
  get size(): number {
    return this.#items.size;
  }

  /**
   * True once anything was registered, even if since removed: decides the
   * advertised capability, which must not disappear under a client that was
   * told about it (an empty list is valid).
   */
  get used(): boolean {
    return this.#used;
  }

  #changed(): void {
    this.#snapshot = undefined;
    this.#onChange();
  }
}
