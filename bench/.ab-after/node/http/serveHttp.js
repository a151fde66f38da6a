/**
 * `serveHttp`: an MCP server on a port in one call. Safe by default: it binds
 * 127.0.0.1, and on a loopback address it accepts only the loopback host names
 * (DNS-rebinding protection) unless told otherwise.
 *
 * @module
 */
import { createServer } from 'node:http';
import { LOOPBACK_HOSTS } from '../../http/guards.js';
import { createNodeHandler } from './nodeHandler.js';
/** True for addresses only this machine can reach. */
export function isLoopback(host) {
    return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
/** Serves `server` over HTTP at `http://host:port/mcp` (and the 2024-11-05 `/sse`, `/messages` beside it). */
export async function serveHttp(server, options = {}) {
    const host = options.host ?? '127.0.0.1';
    const allowedHosts = options.allowedHosts ?? (isLoopback(host) ? LOOPBACK_HOSTS : undefined);
    const handler = createNodeHandler(server, allowedHosts === undefined ? options : { ...options, allowedHosts });
    const httpServer = createServer(handler);
    await new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(options.port ?? 0, host, () => {
            httpServer.off('error', reject);
            resolve();
        });
    });
    const { port } = httpServer.address();
    const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    return {
        url: `http://${urlHost}:${port}${handler.http.options.path}`,
        server: httpServer,
        handler,
        close: async () => {
            await handler.close();
            await new Promise((resolve) => {
                httpServer.close(() => {
                    resolve();
                });
                httpServer.closeAllConnections();
            });
        },
    };
}
//# sourceMappingURL=serveHttp.js.map