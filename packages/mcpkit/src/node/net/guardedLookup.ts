/**
 * The DNS step of every connection: resolve, then drop every address the
 * policy refuses, so the socket can only connect to an address that was
 * checked (a host name that resolves differently the second time, DNS
 * rebinding, gains nothing: there is no second time).
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './policy.js';

/** What `net.connect` passes to a custom lookup. */
interface LookupOptions {
  readonly family?: number | string;
  readonly hints?: number;
  readonly all?: boolean;
}

/** A resolver for `http.request({ lookup })` that only ever yields addresses `policy` allows for `url`. */
export function guardedLookup(policy: AddressPolicy, url: URL, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    resolve(hostname, { all: true, family, hints: options.hints ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error !== null) {
        callback(error);
        return;
      }
      let refusal: Error | undefined;
      const allowed = addresses.filter((a) => {
        try {
          policy.checkAddress(url, a.address);
          return true;
        } catch (e) {
          refusal ??= e as Error;
          return false;
        }
      });
      const [first] = allowed;
      if (first === undefined) callback(refusal ?? new Error(`no address for ${hostname}`));
      else if (options.all === true) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
  return lookup as unknown as LookupFunction;
}
