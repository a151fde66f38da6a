/** What registration returns: the way to change or remove what was registered. */
export interface Registration<D> {
    /** The registered definition, as it stands. */
    readonly definition: D;
    /** True while listed and callable. */
    readonly enabled: boolean;
    /** Makes it listed and callable again. */
    enable(): void;
    /** Hides it from lists and calls without removing it. */
    disable(): void;
    /** Replaces parts of the definition. */
    update(patch: Partial<D>): void;
    /** Removes it for good (the disposer). */
    remove(): void;
}
/** Ordered, mutable, observable collection keyed by name. */
export declare class Registry<D> {
    #private;
    /** @param onChange called after every change that alters what is listed. */
    constructor(kind: string, onChange: () => void);
    /**
     * Adds `definition` under `key`; a duplicate key is an error. `rekey` gives
     * the key of an updated definition (renames); `merge` builds the updated
     * definition from a patch (so that derived parts, like a tool's wire form,
     * are derived again), and defaults to a shallow merge.
     */
    add(key: string, definition: D, rekey?: (d: D) => string, merge?: (current: D, patch: Partial<D>) => D): Registration<D>;
    /** The enabled definition under `key`. */
    get(key: string): D | undefined;
    /** Every enabled definition, in registration order (cached until the next change). */
    list(): readonly D[];
    /** How many definitions are registered (enabled or not). */
    get size(): number;
    /**
     * True once anything was registered, even if since removed: decides the
     * advertised capability, which must not disappear under a client that was
     * told about it (an empty list is valid).
     */
    get used(): boolean;
}
//# sourceMappingURL=registry.d.ts.map