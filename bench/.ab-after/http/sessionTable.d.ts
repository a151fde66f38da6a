/** What the table needs of a session. */
export interface SessionEntry {
    readonly id: string;
    /** When it last saw activity (ms since the epoch). */
    readonly lastActive: number;
    /** True while a client connection is open on it. */
    readonly busy: boolean;
    close(): Promise<void>;
}
/** Bounds of a {@link SessionTable}. */
export interface SessionTableOptions {
    readonly idleTimeoutMs: number;
    readonly maxSessions: number;
}
/** Sessions by id, bounded in time and number. */
export declare class SessionTable<S extends SessionEntry = SessionEntry> {
    #private;
    constructor(options: SessionTableOptions);
    /** Sessions currently kept. */
    get size(): number;
    get(id: string): S | undefined;
    /** Makes room for one more session: at the cap, closes the longest-idle one. False if all are in use. */
    reserve(): boolean;
    add(session: S): void;
    delete(id: string): void;
    /** Closes every session idle for longer than the timeout; returns how many. */
    sweep(now?: number): number;
    /** Closes every session. */
    closeAll(): Promise<void>;
}
//# sourceMappingURL=sessionTable.d.ts.map