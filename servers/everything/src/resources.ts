/**
 * The resources: static text and binary ones, a template over the items
 * (with completion of its variable and a list of its resources), and a
 * subscribable clock.
 *
 * @module
 */
import { RpcError } from 'mcpkit/jsonrpc';
import { ErrorCode } from 'mcpkit/protocol';
import type { McpServer, ServerContext } from 'mcpkit/server';
import { CLOCK_URI, type Clock } from './clock.js';
import { findItem, ITEM_COUNT, ITEM_IDS, itemUri } from './data.js';
import { TINY_PNG, TINY_WAV } from './media/index.js';

/** The static text resource. */
export const TEXT_URI = 'everything://static/hello.txt';
/** The static PNG resource. */
export const IMAGE_URI = 'everything://static/image.png';
/** The static WAV resource. */
export const TONE_URI = 'everything://static/tone.wav';
/** The item template. */
export const ITEM_TEMPLATE = 'everything://items/{id}';

/** The text of {@link TEXT_URI}. */
export const HELLO_TEXT = 'Hello from the mcpkit everything server. This is a static text resource.';

/** The JSON text of item `id`. */
export function itemText(id: string): string {
  return JSON.stringify(findItem(id));
}

/**
 * The error for an item that does not exist: "resource not found", spelled
 * -32002 in the handshake era and -32602 in 2026-07-28, with `data.uri`.
 */
function notFound(uri: string, ctx: ServerContext): RpcError {
  const code = ctx.era === 'stateless' ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound;
  return new RpcError(code, `Resource not found: ${uri}`, { uri });
}

/** Registers every resource and the template. */
export function registerResources(server: McpServer, clock: Clock): void {
  server.resource(
    {
      uri: TEXT_URI,
      name: 'hello',
      title: 'Hello (text)',
      description: 'A static text resource.',
      mimeType: 'text/plain',
      annotations: { audience: ['user', 'assistant'], priority: 0.5 },
      // Never changes: any client may cache it for an hour (2026-07-28).
      cache: { ttlMs: 3_600_000, scope: 'public' },
    },
    () => HELLO_TEXT,
  );
  server.resource(
    {
      uri: IMAGE_URI,
      name: 'image',
      title: 'Image (binary)',
      description: 'A static binary resource: a 16x16 PNG.',
      mimeType: 'image/png',
      size: TINY_PNG.length,
    },
    () => TINY_PNG,
  );
  server.resource(
    {
      uri: TONE_URI,
      name: 'tone',
      title: 'Tone (binary)',
      description: 'A static binary resource: a 100 ms WAV tone.',
      mimeType: 'audio/wav',
      size: TINY_WAV.length,
    },
    () => TINY_WAV,
  );
  server.resource(
    {
      uri: CLOCK_URI,
      name: 'clock',
      title: 'Clock',
      description: 'A counter that the touch_clock tool advances. Subscribe to it to be told when it changes.',
      mimeType: 'application/json',
    },
    () => clock.render(),
  );
  server.resourceTemplate(
    {
      uriTemplate: ITEM_TEMPLATE,
      name: 'item',
      title: 'Item',
      description: `One of ${String(ITEM_COUNT)} items, by id (1 to ${String(ITEM_COUNT)}).`,
      mimeType: 'application/json',
      list: () =>
        ITEM_IDS.map((id) => ({ uri: itemUri(id), name: `item-${id}`, title: `Item ${id}`, mimeType: 'application/json' })),
      complete: { id: (value) => ITEM_IDS.filter((id) => id.startsWith(value)) },
    },
    (uri, { id }, ctx) => {
      if (findItem(id) === undefined) throw notFound(uri, ctx);
      return itemText(id);
    },
  );
}
