/**
 * The options of the HTTP handler, and their defaults in one place.
 *
 * @module
 */
import { MemoryEventStore } from './eventStore.js';
/** Applies the defaults. */
export function resolveOptions(options = {}) {
    const legacy = options.legacySse === false ? undefined : (options.legacySse ?? {});
    const cors = options.cors === true ? { origins: '*' } : options.cors === false ? undefined : options.cors;
    const origins = options.allowedOrigins ?? [];
    return {
        path: options.path ?? '/mcp',
        ssePath: legacy === undefined ? undefined : (legacy.ssePath ?? '/sse'),
        messagesPath: legacy === undefined ? undefined : (legacy.messagesPath ?? '/messages'),
        allowedOrigins: origins === '*' ? '*' : new Set(origins.map((o) => o.toLowerCase())),
        allowedHosts: options.allowedHosts?.map((h) => h.toLowerCase()),
        maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
        cors: cors === undefined ? undefined : { maxAgeSeconds: 600, credentials: false, ...cors },
        idleTimeoutMs: options.idleTimeoutMs ?? 30 * 60_000,
        maxSessions: options.maxSessions ?? 10_000,
        eventStore: options.eventStore ?? new MemoryEventStore(),
        retryMs: options.retryMs ?? 1000,
        keepAliveMs: options.keepAliveMs ?? 15_000,
    };
}
//# sourceMappingURL=options.js.map