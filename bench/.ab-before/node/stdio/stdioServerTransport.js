import { StreamTransport } from './streamTransport.js';
/** Serves MCP over this process's stdin and stdout. */
export class StdioServerTransport {
    #inner;
    #options;
    #stdin;
    #stdout;
    #exitOnStdinClose;
    #restoreConsole;
    #closedByUs = false;
    #stdinClosed = false;
    #exiting = false;
    constructor(options = {}) {
        this.#options = options;
        this.#stdin = options.stdin ?? process.stdin;
        this.#stdout = options.stdout ?? process.stdout;
        this.#exitOnStdinClose = options.onStdinClose !== 'close';
        // In 'exit' mode the end of stdin does not close the channel at once: replies to requests in flight may still go out.
        this.#inner = new StreamTransport(this.#stdin, this.#stdout, { ...options, closeOnInputEnd: !this.#exitOnStdinClose });
    }
    start(sink) {
        if (this.#options.redirectConsole !== false && this.#options.stdout === undefined)
            this.#restoreConsole = redirectConsole();
        if (this.#exitOnStdinClose) {
            this.#stdin.once('end', this.#onStdinClosed);
            this.#stdin.once('close', this.#onStdinClosed);
        }
        return this.#inner.start({
            receive: (frame, info) => {
                sink.receive(frame, info);
            },
            reject: (error) => {
                sink.reject(error);
            },
            closed: (error) => {
                this.#restoreConsole?.();
                sink.closed(error);
                if (!this.#closedByUs && this.#exitOnStdinClose)
                    this.#exitWhenFlushed();
            },
        });
    }
    send(payload) {
        return this.#inner.send(payload);
    }
    close() {
        this.#closedByUs = true;
        return this.#inner.close();
    }
    /**
     * stdin ended: the client is gone or asked us to shut down. Requests in
     * flight get `exitGraceMs` to answer, then the channel closes and the
     * process exits. The timer is unref'd: if nothing else keeps the event loop
     * alive, the process ends by itself even sooner; if something does (a stray
     * interval, an open socket), it cannot keep a server whose client is gone alive.
     */
    #onStdinClosed = () => {
        if (this.#stdinClosed || this.#closedByUs)
            return;
        this.#stdinClosed = true;
        setTimeout(() => {
            void this.#inner.close();
        }, this.#options.exitGraceMs ?? 250).unref();
    };
    /**
     * Ends the process once what was written to stdout has left. stdout to a
     * pipe is asynchronous on Linux and macOS, so `process.exit` could cut a
     * large reply off; the wait is bounded by one more grace period.
     */
    #exitWhenFlushed() {
        if (this.#exiting)
            return;
        this.#exiting = true;
        const stdout = this.#stdout;
        let exited = false;
        const exit = () => {
            if (exited)
                return;
            exited = true;
            process.exit(0);
        };
        setImmediate(() => {
            if (stdout.writableLength === 0 || stdout.destroyed)
                exit();
            for (const event of ['drain', 'finish', 'close', 'error'])
                stdout.once(event, exit);
            setTimeout(exit, this.#options.exitGraceMs ?? 250).unref();
        });
    }
}
function redirectConsole() {
    const saved = { log: console.log, info: console.info, debug: console.debug };
    console.log = console.error;
    console.info = console.error;
    console.debug = console.error;
    return () => {
        console.log = saved.log;
        console.info = saved.info;
        console.debug = saved.debug;
    };
}
//# sourceMappingURL=stdioServerTransport.js.map