/**
 * `GET /healthz` of `mcpkit gateway --http`: in front of the MCP handler and
 * without a token, for load balancers. With `--auth-server` the gateway may
 * face callers who are not its operator, so it then tells the overall status
 * only; without it (a local gateway) it also names each upstream and its state.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Health } from './gateway.js';

/** What `/healthz` tells: everything, or the status alone. */
export type HealthDetail = 'upstreams' | 'status';

/** Answers `req` if it is `GET /healthz` (true), else leaves it alone (false). */
export function answerHealth(req: IncomingMessage, res: ServerResponse, health: () => Health, detail: HealthDetail): boolean {
  if (req.method !== 'GET' || !(req.url === '/healthz' || req.url?.startsWith('/healthz?') === true)) return false;
  const h = health();
  res.writeHead(h.status === 'ok' ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(detail === 'upstreams' ? h : { status: h.status }));
  return true;
}
