/**
 * The `fetch` of the OAuth client on Node: every connection goes through the
 * guarded lookup, so a host name is judged by the address it resolves to and
 * the socket actually reaches, against the authorization's
 * {@link AddressRule} (a public MCP server cannot name `rebind.example` that
 * resolves to 127.0.0.1). The MCP server's own host name is resolved first:
 * a server on the private network may name private addresses. No redirect is
 * followed here (the OAuth client follows them, each hop checked).
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { AddressRule } from '../../auth/index.js';
import type { FetchLike } from '../../http/client/fetchHttpClient.js';
import { guardedFetch, type GuardedFetchOptions } from '../net/guardedFetch.js';

/** Makes, for each authorization's rule, a `fetch` whose connections reach only the addresses the rule allows. */
export function guardedAuthFetch(options: GuardedFetchOptions = {}): (rule: AddressRule) => FetchLike {
  const resolve = options.resolve ?? dnsLookup;
  return (rule) => {
    let located: Promise<FetchLike> | undefined;
    return async (input, init) => {
      located ??= locate(rule, resolve).then((where) => guardedFetch(where, options));
      return (await located)(input, init);
    };
  };
}

/** The rule, knowing where the MCP server's host name resolves (a server at `mcp.lan` is on the private network). */
function locate(rule: AddressRule, resolve: typeof dnsLookup): Promise<AddressRule> {
  const host = rule.server.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return Promise.resolve(rule);
  return new Promise((done) => {
    resolve(host, { all: true }, (error, found: LookupAddress[]) => {
      done(
        error === null
          ? new AddressRule(
              rule.server,
              found.map((a) => a.address),
            )
          : rule,
      );
    });
  });
}
