/**
 * The environment a spawned server gets by default: only the variables a
 * program needs to run, never the host's secrets (API keys, tokens) that
 * happen to be in its environment.
 *
 * @module
 */
/** Variables inherited by default. */
export declare const DEFAULT_INHERITED_ENV_VARS: readonly string[];
/** The safe subset of this process's environment, for a child server. */
export declare function defaultEnvironment(names?: readonly string[]): Record<string, string>;
//# sourceMappingURL=defaultEnvironment.d.ts.map