/**
 * The DNS step of every guarded connection: resolve, then drop every address
 * the check refuses, so the socket can only connect to an address that was
 * checked (a host name that resolves differently the second time, DNS
 * rebinding, gains nothing: there is no second time). `watchSocket` checks
 * the address the socket actually reached once more, which catches any path
 * around the lookup. The fetch server and the OAuth client both connect
 * through these.
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import { LocalError } from '../../jsonrpc/localError.js';

/** Decides whether a connection made for `url` may go to `address`; throws (the refusal) when not. */
export interface AddressCheck {
  checkAddress(url: URL, address: string): void;
}

/** What `net.connect` passes to a custom lookup. */
interface LookupOptions {
  readonly family?: number | string;
  readonly hints?: number;
  readonly all?: boolean;
}

/** A resolver for `http.request({ lookup })` that only ever yields addresses `check` allows for `url`. */
export function guardedLookup(check: AddressCheck, url: URL, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
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
          check.checkAddress(url, a.address);
          return true;
        } catch (e) {
          refusal ??= e as Error;
          return false;
        }
      });
      const [first] = allowed;
      if (first === undefined) callback(refusal ?? new LocalError('TRANSPORT_FAILED', `no address for ${hostname}`));
      else if (options.all === true) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
  return lookup as unknown as LookupFunction;
}

/** Checks the address a socket actually connected to (the lookup already did; this catches any path around it). */
export function watchSocket(socket: Socket, url: URL, check: AddressCheck): void {
  const run = (): void => {
    try {
      check.checkAddress(url, socket.remoteAddress ?? '');
    } catch (error) {
      socket.destroy(error as Error);
    }
  };
  if (socket.remoteAddress !== undefined && !socket.connecting) run();
  else socket.once('connect', run);
}
