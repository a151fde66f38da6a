/**
 * `proxyServer`: an `McpServer` that serves everything of one upstream, named
 * as the upstream names it, in both eras and over any transport the server
 * can be connected to. It declares what the upstream offers (list changes,
 * resource subscriptions, completion, logging), so callers learn what they
 * can use; the upstream's input requests reach the caller through the
 * `inputs` router given to the upstream's client.
 *
 * @module
 */
import type { ServerCapabilities } from '../../protocol/types/index.js';
import type { DeclaredCapabilities, ServerOptions } from '../options.js';
import { McpServer } from '../server.js';
import { mount } from './mount.js';
import type { Mount, MountOptions } from './mountOptions.js';
import type { Upstream } from './upstream.js';

/** Options of {@link proxyServer}: the mount's, and the server's own (name and version default to the upstream's). */
export interface ProxyOptions extends MountOptions {
  readonly server?: Partial<ServerOptions>;
}

/** A proxy and its mount. */
export interface Proxy {
  readonly server: McpServer;
  readonly mount: Mount;
}

/** The capabilities to declare for what `upstream` offers. */
export function forwardedCapabilities(upstream: ServerCapabilities | undefined): DeclaredCapabilities {
  const caps = upstream ?? {};
  return {
    ...(caps.tools !== undefined && { tools: { listChanged: true } }),
    ...(caps.resources !== undefined && {
      resources: { listChanged: true, ...(caps.resources.subscribe === true && { subscribe: true }) },
    }),
    ...(caps.prompts !== undefined && { prompts: { listChanged: true } }),
    ...(caps.completions !== undefined && { completions: {} }),
    logging: caps.logging !== undefined,
  };
}

/** Makes a server that forwards everything of `upstream` (a connected client). */
export async function proxyServer(upstream: Upstream, options: ProxyOptions = {}): Promise<Proxy> {
  const info = upstream.serverInfo;
  const server = new McpServer({
    name: info?.name ?? 'proxy',
    version: info?.version ?? '0.0.0',
    ...options.server,
    capabilities: { ...forwardedCapabilities(upstream.serverCapabilities), ...options.server?.capabilities },
  });
  return { server, mount: await mount(server, upstream, options) };
}
