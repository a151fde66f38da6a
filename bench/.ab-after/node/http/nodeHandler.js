import { McpHttpHandler } from '../../http/httpHandler.js';
import { NodeExchange } from './nodeExchange.js';
/**
 * Serves `server` on Node's own request and response objects: Streamable HTTP
 * (both eras) and the 2024-11-05 HTTP+SSE endpoints. With `next` (Express),
 * requests for other paths go on down the chain; without it they get 404.
 */
export function createNodeHandler(server, options) {
    const http = new McpHttpHandler(server, options);
    const handle = (req, res, next) => {
        const exchange = new NodeExchange(req, res);
        if (next !== undefined && !http.serves(exchange.path)) {
            next();
            return;
        }
        void http.handle(exchange);
    };
    return Object.assign(handle, { http, close: () => http.close() });
}
//# sourceMappingURL=nodeHandler.js.map