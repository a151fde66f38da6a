import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { Transport, TransportSink } from '../../jsonrpc/transport.js';
/** How to start the server process. */
export interface StdioClientTransportOptions {
    /** The executable. */
    readonly command: string;
    /** Its arguments. */
    readonly args?: readonly string[];
    /** Extra environment variables, on top of the safe default set (or of `inheritEnv`). */
    readonly env?: Readonly<Record<string, string>>;
    /** Which of this process's variables the child inherits: the safe default list, a list of names, or all (`true`). */
    readonly inheritEnv?: boolean | readonly string[];
    /** The working directory. */
    readonly cwd?: string;
    /**
     * The child's stderr: `'inherit'` (default; shown where this process's
     * stderr goes), `'ignore'`, or `'pipe'` to receive it through `onStderr`.
     */
    readonly stderr?: 'inherit' | 'ignore' | 'pipe';
    /** Receives the child's stderr text when `stderr` is `'pipe'`. It is diagnostics, not an error signal. */
    readonly onStderr?: (text: string) => void;
    /** How long each shutdown step waits for the child to exit, in ms (default 2000). */
    readonly shutdownStepMs?: number;
    /** The longest accepted message, in bytes (default 64 MiB). */
    readonly maxMessageBytes?: number;
}
/** How the child ended. */
export interface ExitInfo {
    /** The exit code, or null if a signal ended it. */
    readonly code: number | null;
    /** The signal that ended it, or null. */
    readonly signal: NodeJS.Signals | null;
}
/** Talks to a server process over its stdio. */
export declare class StdioClientTransport implements Transport {
    #private;
    constructor(options: StdioClientTransportOptions);
    /** The child's process id, once started. */
    get pid(): number | undefined;
    /** Resolves when the child has exited (and its stdio closed). */
    get exited(): Promise<ExitInfo>;
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload): Promise<void>;
    /**
     * Closes stdin, waits, then SIGTERM, waits, then SIGKILL (to the child's
     * process group); then ends any straggler left in that group. Resolves once
     * they are all gone.
     */
    close(): Promise<void>;
}
//# sourceMappingURL=stdioClientTransport.d.ts.map