/**
 * The gateway's middleware: the rate limit (outermost, so refused requests
 * cost nothing else), then the caller policy, which filters every list and
 * refuses what it does not list. A tool, prompt or resource a caller may not
 * use is answered as if it did not exist, so the policy does not reveal it.
 *
 * @module
 */
import { RpcError } from 'mcpkit/jsonrpc';
import type { Middleware } from 'mcpkit/server';
import { callerKey } from './callerKey.js';
import type { CallerPolicy } from './callerPolicy.js';
import type { RateLimiter } from './rateLimiter.js';

/** Finds which upstream serves what callers see. */
export interface Ownership {
  serverOfTool(name: string): string | undefined;
  serverOfPrompt(name: string): string | undefined;
  /** The upstream that registered `uri` as a static resource (a static URI is registered once). */
  serverOfResource(uri: string): string | undefined;
  /** The upstream that registered the template `uriTemplate`, as written. */
  serverOfTemplate(uriTemplate: string): string | undefined;
  /** Every upstream that could serve a read of `uri`: a static resource of it, or a template that matches it. */
  serversOfUri(uri: string): readonly string[];
}

/** The JSON-RPC code of a refused request (an implementation-defined server error). */
export const RATE_LIMITED = -32029;

/** Refuses requests over the caller's allowance. */
export function rateLimit(limiter: RateLimiter, perMinute: number): Middleware {
  return (next) => (request, ctx) => {
    const wait = limiter.take(callerKey(ctx));
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new RpcError(
        RATE_LIMITED,
        `Rate limit exceeded: at most ${String(perMinute)} requests per minute per caller; retry in ${String(seconds)} s`,
        { retryAfterSeconds: seconds },
      );
    }
    return next(request, ctx);
  };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Filters lists and refuses calls by the caller policy. */
export function policyFilter(policy: CallerPolicy, owner: Ownership): Middleware {
  const toolOk = (auth: unknown, name: string): boolean => {
    const server = owner.serverOfTool(name);
    return server === undefined ? false : policy.allowsTool(auth, server, name);
  };
  const serverOk = (auth: unknown, server: string | undefined): boolean =>
    server !== undefined && policy.allowsServer(auth, server);
  // Which upstream serves a read is the server's routing (an exact static URI on any
  // upstream, then the first matching template in registration order, which refreshes
  // reorder): a URI is usable only if every upstream that could serve it is allowed,
  // so a hidden upstream is never the one that answers, whatever the order.
  const uriOk = (auth: unknown, uri: string): boolean => {
    const servers = owner.serversOfUri(uri);
    return servers.length > 0 && servers.every((s) => policy.allowsServer(auth, s));
  };
  return (next) => async (request, ctx) => {
    const { method, params } = request;
    const auth = ctx.auth;
    switch (method) {
      case 'tools/call':
        if (!toolOk(auth, str(params['name']))) throw RpcError.invalidParams(`Unknown tool: ${str(params['name'])}`);
        break;
      case 'prompts/get':
        if (!serverOk(auth, owner.serverOfPrompt(str(params['name']))))
          throw RpcError.invalidParams(`Unknown prompt: ${str(params['name'])}`);
        break;
      case 'resources/read':
      case 'resources/subscribe':
        if (!uriOk(auth, str(params['uri']))) throw new RpcError(-32002, 'Resource not found', { uri: str(params['uri']) });
        break;
      case 'subscriptions/listen': {
        // 2026-07-28's way to subscribe to resources: the same check as resources/subscribe, for each URI.
        const notifications = (params['notifications'] ?? {}) as Record<string, unknown>;
        const uris = notifications['resourceSubscriptions'];
        for (const uri of Array.isArray(uris) ? uris : [])
          if (!uriOk(auth, str(uri))) throw new RpcError(-32002, 'Resource not found', { uri: str(uri) });
        break;
      }
      case 'completion/complete': {
        const ref = (params['ref'] ?? {}) as Record<string, unknown>;
        // As the server completes: a template written as `ref.uri` first, else a static resource.
        const uri = str(ref['uri']);
        const server =
          ref['type'] === 'ref/prompt'
            ? owner.serverOfPrompt(str(ref['name']))
            : (owner.serverOfTemplate(uri) ?? owner.serverOfResource(uri));
        if (!serverOk(auth, server)) throw RpcError.invalidParams('Unknown reference');
        break;
      }
      default:
        break;
    }
    const result = await next(request, ctx);
    const list = (key: string, keep: (item: Record<string, unknown>) => boolean): typeof result => {
      const items = (result as Record<string, unknown>)[key];
      return Array.isArray(items) ? { ...result, [key]: items.filter((i: Record<string, unknown>) => keep(i)) } : result;
    };
    switch (method) {
      case 'tools/list':
        return list('tools', (t) => toolOk(auth, str(t['name'])));
      case 'prompts/list':
        return list('prompts', (p) => serverOk(auth, owner.serverOfPrompt(str(p['name']))));
      case 'resources/list':
        // Listed resources are the static registrations; a read of one must pass as well.
        return list('resources', (r) => serverOk(auth, owner.serverOfResource(str(r['uri']))) && uriOk(auth, str(r['uri'])));
      case 'resources/templates/list':
        return list('resourceTemplates', (t) => serverOk(auth, owner.serverOfTemplate(str(t['uriTemplate']))));
      default:
        return result;
    }
  };
}
