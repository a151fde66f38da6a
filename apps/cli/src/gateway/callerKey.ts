/**
 * Who a request counts against, for the rate limit: the token's principal
 * where there is one, else the client's network address (a new session, or a
 * stateless request, is free to make, an address is not), else the one local
 * caller (stdio has only one).
 *
 * @module
 */
import type { ServerContext } from 'mcpkit/server';

/** The peer address the HTTP transport attached to the request, if any. */
function remoteAddress(transport: unknown): string | undefined {
  if (typeof transport !== 'object' || transport === null) return undefined;
  const address = (transport as { readonly remoteAddress?: unknown }).remoteAddress;
  return typeof address === 'string' && address !== '' ? address : undefined;
}

/** Expands an IPv6 address to its eight groups (`undefined` if it is not one). */
function ipv6Groups(address: string): string[] | undefined {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const part = (s: string | undefined): string[] => (s === undefined || s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = part(tail);
  if (tail === undefined && left.length !== 8) return undefined;
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.length === 8 && groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups : undefined;
}

/**
 * The rate-limit key of an address: an IPv4 address as is (also when mapped
 * into IPv6), an IPv6 address by its /64, the block one subscriber usually
 * holds whole (so a client cannot take a fresh bucket per address of it).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const groups = ipv6Groups(address);
  if (groups === undefined) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The key a request's rate limit is kept under. */
export function callerKey(ctx: ServerContext): string {
  if (ctx.principal !== undefined) return `principal:${ctx.principal}`;
  const address = remoteAddress(ctx.transport);
  return address === undefined ? 'local' : `address:${addressKey(address)}`;
}
