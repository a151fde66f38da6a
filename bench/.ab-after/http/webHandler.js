import { McpHttpHandler } from './httpHandler.js';
import { WebExchange } from './webExchange.js';
/** Serves `server` to fetch-API requests: Streamable HTTP (both eras) and the 2024-11-05 HTTP+SSE endpoints. */
export function createWebHandler(server, options) {
    const http = new McpHttpHandler(server, options);
    const handle = (request, context) => {
        const exchange = new WebExchange(request, context?.auth);
        void http.handle(exchange);
        return exchange.response;
    };
    return Object.assign(handle, { http, close: () => http.close() });
}
//# sourceMappingURL=webHandler.js.map