/**
 * Reading a message's era off its body: a 2026-07-28 request names its
 * revision in `params._meta`, a handshake-era one does not. Both sides of the
 * HTTP transport decide by this one reader: the client to pick the headers
 * of a POST, the server to route it.
 *
 * @see 2026-07-28 `basic/index.mdx#_meta`
 * @module
 */
import { isObject } from '../../protocol/check.js';
import { META_PROTOCOL_VERSION } from '../../protocol/meta.js';

/** The `params._meta` of a message, if it is an object. */
function metaOf(message: unknown): Readonly<Record<string, unknown>> | undefined {
  if (!isObject(message)) return undefined;
  const params = message['params'];
  if (!isObject(params)) return undefined;
  const meta = params['_meta'];
  return isObject(meta) ? meta : undefined;
}

/** The `_meta` protocol-version claim of a message, if it makes one (any value, even malformed). */
export function metaClaim(message: unknown): { readonly claimed: unknown } | undefined {
  const meta = metaOf(message);
  return meta === undefined || !(META_PROTOCOL_VERSION in meta) ? undefined : { claimed: meta[META_PROTOCOL_VERSION] };
}

/** The revision a message names in `_meta` (2026-07-28 and later), or undefined for a handshake-era message. */
export function statelessRevision(message: unknown): string | undefined {
  const version = metaOf(message)?.[META_PROTOCOL_VERSION];
  return typeof version === 'string' ? version : undefined;
}
