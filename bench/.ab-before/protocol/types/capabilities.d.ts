/**
 * What each side declares it supports. Neither set is closed: peers may
 * declare capabilities this file does not name. Each named capability's
 * object accepts extra members; the top-level objects have no index
 * signature (as in the spec's own TypeScript) so that interface-typed values
 * fit: read unnamed capabilities with `hasCapability`.
 *
 * - Handshake era: declared once, in `initialize` (client) and its result (server).
 * - 2026-07-28: the client declares per request, in
 *   `_meta["io.modelcontextprotocol/clientCapabilities"]`; the server in
 *   `server/discover`.
 *
 * @module
 */
/**
 * A capability's settings: any object; `{}` means "supported, no settings".
 * Typed `object` (as the spec's own TypeScript does) because receivers test
 * presence and rarely read members.
 */
export type CapabilitySettings = object;
/** Extensions a peer supports, by identifier (e.g. `io.modelcontextprotocol/tasks`); `{}` means "supported, no settings". */
export interface ExtensionCapabilities {
    /** One extension's settings. */
    readonly [id: string]: CapabilitySettings;
}
/** Experimental, non-standard capabilities, by name. */
export interface ExperimentalCapabilities {
    /** One experimental capability's settings. */
    readonly [name: string]: CapabilitySettings;
}
/** The client can list roots. Deprecated in 2026-07-28. */
export interface RootsCapability {
    /** The client sends `notifications/roots/list_changed` (≤ 2025-11-25). */
    readonly listChanged?: boolean;
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** The client can sample an LLM. Deprecated in 2026-07-28. */
export interface SamplingCapability {
    /** `includeContext` other than `"none"` is supported (2025-11-25+). */
    readonly context?: CapabilitySettings;
    /** `tools` and `toolChoice` are supported (2025-11-25+). */
    readonly tools?: CapabilitySettings;
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** The client can elicit input from the user (2025-06-18+); `{}` means form mode only. */
export interface ElicitationCapability {
    /** Form mode is supported (2025-11-25+). */
    readonly form?: CapabilitySettings;
    /** URL mode is supported (2025-11-25+). */
    readonly url?: CapabilitySettings;
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** The client's 2025-11-25 task support (core tasks; an extension from 2026-07-28). */
export interface ClientTasksCapability {
    /** The client answers `tasks/list`. */
    readonly list?: CapabilitySettings;
    /** The client answers `tasks/cancel`. */
    readonly cancel?: CapabilitySettings;
    /** Which of the server's requests the client runs as tasks. */
    readonly requests?: {
        /** Task-augmented sampling. */
        readonly sampling?: {
            /** `sampling/createMessage` may run as a task. */
            readonly createMessage?: CapabilitySettings;
        };
        /** Task-augmented elicitation. */
        readonly elicitation?: {
            /** `elicitation/create` may run as a task. */
            readonly create?: CapabilitySettings;
        };
    };
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** What a client supports. An empty object means no optional capabilities. */
export interface ClientCapabilities {
    /** Experimental, non-standard capabilities. */
    readonly experimental?: ExperimentalCapabilities;
    /** Roots (deprecated in 2026-07-28). */
    readonly roots?: RootsCapability;
    /** Sampling (deprecated in 2026-07-28). */
    readonly sampling?: SamplingCapability;
    /** Elicitation (2025-06-18+). */
    readonly elicitation?: ElicitationCapability;
    /** Task-augmented requests (2025-11-25 only). */
    readonly tasks?: ClientTasksCapability;
    /** Extensions, by identifier (2026-07-28+). */
    readonly extensions?: ExtensionCapabilities;
}
/** A server's prompts. */
export interface PromptsCapability {
    /** The server sends `notifications/prompts/list_changed`. */
    readonly listChanged?: boolean;
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** A server's resources. */
export interface ResourcesCapability {
    /** The server supports per-resource update notifications (`resources/subscribe`; 2026-07-28: `resourceSubscriptions`). */
    readonly subscribe?: boolean;
    /** The server sends `notifications/resources/list_changed`. */
    readonly listChanged?: boolean;
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** A server's tools. */
export interface ToolsCapability {
    /** The server sends `notifications/tools/list_changed`. */
    readonly listChanged?: boolean;
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** The server's 2025-11-25 task support (core tasks; an extension from 2026-07-28). */
export interface ServerTasksCapability {
    /** The server answers `tasks/list`. */
    readonly list?: CapabilitySettings;
    /** The server answers `tasks/cancel`. */
    readonly cancel?: CapabilitySettings;
    /** Which of the client's requests the server runs as tasks. */
    readonly requests?: {
        /** Task-augmented tool calls. */
        readonly tools?: {
            /** `tools/call` may run as a task. */
            readonly call?: CapabilitySettings;
        };
    };
    /** Settings this type does not name. */
    readonly [key: string]: unknown;
}
/** What a server supports. */
export interface ServerCapabilities {
    /** Experimental, non-standard capabilities. */
    readonly experimental?: ExperimentalCapabilities;
    /** The server sends log messages (deprecated in 2026-07-28). */
    readonly logging?: CapabilitySettings;
    /** The server answers `completion/complete` (2025-03-26+). */
    readonly completions?: CapabilitySettings;
    /** The server offers prompts. */
    readonly prompts?: PromptsCapability;
    /** The server offers resources. */
    readonly resources?: ResourcesCapability;
    /** The server offers tools. */
    readonly tools?: ToolsCapability;
    /** Task-augmented requests (2025-11-25 only). */
    readonly tasks?: ServerTasksCapability;
    /** Extensions, by identifier (2026-07-28+). */
    readonly extensions?: ExtensionCapabilities;
}
//# sourceMappingURL=capabilities.d.ts.map