/**
 * Servers, resources and prompts across a host's servers: their status, what each server lists, under names
 * the user can type (`/prompt NAME`, `/read URI`), and which server to ask.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/index.js';
import type * as T from '../protocol/index.js';
import type { ServerConfig } from './config/types.js';
import type { ServerState } from './loop/events.js';
import type { ManagedServer } from './servers/managedServer.js';

/** A resource (or template) and the server that lists it. */
export interface HostResource {
  readonly server: string;
  readonly resource?: T.Resource;
  readonly template?: T.ResourceTemplate;
}

/** A prompt, the name the host gives it, and its server. */
export interface HostPrompt {
  /** The prompt's name, or `server/name` where two servers share it. */
  readonly name: string;
  readonly server: string;
  readonly prompt: T.Prompt;
}

/** Every resource and template of the running servers. */
export function listResources(servers: Iterable<ManagedServer>): HostResource[] {
  const out: HostResource[] = [];
  for (const s of servers) {
    for (const resource of s.lists.resources) out.push({ server: s.name, resource });
    for (const template of s.lists.resourceTemplates) out.push({ server: s.name, template });
  }
  return out;
}

/** The server to read `uri` from: the one named, the one listing it, or the only one offering resources. */
export function findResourceServer(
  servers: ReadonlyMap<string, ManagedServer>,
  uri: string,
  named: string | undefined,
): ManagedServer {
  if (named !== undefined) {
    const server = servers.get(named);
    if (server === undefined) throw new LocalError('INVALID_ARGUMENT', `no server ${JSON.stringify(named)}`);
    return server;
  }
  const running = [...servers.values()].filter((s) => s.state === 'ready');
  const listing = running.find((s) => s.lists.resources.some((r) => r.uri === uri));
  if (listing !== undefined) return listing;
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(uri)?.[0];
  const byScheme = running.filter(
    (s) =>
      s.lists.resources.some((r) => scheme !== undefined && r.uri.startsWith(scheme)) ||
      s.lists.resourceTemplates.some((t) => scheme !== undefined && t.uriTemplate.startsWith(scheme)),
  );
  const offering = running.filter((s) => s.client?.serverCapabilities?.resources !== undefined);
  const pick = byScheme.length === 1 ? byScheme[0] : offering.length === 1 ? offering[0] : undefined;
  if (pick !== undefined) return pick;
  throw new LocalError(
    'INVALID_ARGUMENT',
    `no server lists ${uri}; name one (${offering.map((s) => s.name).join(', ') || 'none offers resources'})`,
  );
}

/** Every prompt, with unique names. */
export function listPrompts(servers: Iterable<ManagedServer>): HostPrompt[] {
  const all: { server: string; prompt: T.Prompt }[] = [];
  for (const s of servers) for (const prompt of s.lists.prompts) all.push({ server: s.name, prompt });
  const count = new Map<string, number>();
  for (const p of all) count.set(p.prompt.name, (count.get(p.prompt.name) ?? 0) + 1);
  return all.map((p) => ({ ...p, name: (count.get(p.prompt.name) ?? 0) > 1 ? `${p.server}/${p.prompt.name}` : p.prompt.name }));
}

/** The prompt named `name` (or `server/name`). */
export function findPrompt(prompts: readonly HostPrompt[], name: string): HostPrompt {
  const found = prompts.find((p) => p.name === name) ?? prompts.find((p) => `${p.server}/${p.prompt.name}` === name);
  if (found === undefined)
    throw new LocalError(
      'INVALID_ARGUMENT',
      `no prompt ${JSON.stringify(name)} (prompts: ${prompts.map((p) => p.name).join(', ') || 'none'})`,
    );
  return found;
}

/** A server's state, for display. */
export interface ServerStatus {
  readonly name: string;
  readonly state: ServerState;
  readonly error?: string;
  /** `stdio`, `http` or `sse`. */
  readonly type: ServerConfig['type'];
  readonly tools: number;
  readonly resources: number;
  readonly prompts: number;
  /** The server's self-description, once connected. */
  readonly serverInfo?: T.Implementation;
  /** The negotiated revision, once connected. */
  readonly revision?: string;
  /** In how long it is tried again, ms, while an attempt is scheduled (`restarting`, or `failed` and polled). */
  readonly retryInMs?: number;
  /** Where its stderr is logged (the Node host, stdio servers). */
  readonly logFile?: string;
}

/** What `host.servers()` says of one server. */
export function serverStatus(s: ManagedServer): ServerStatus {
  const client = s.client;
  return {
    name: s.name,
    state: s.state,
    ...(s.error !== undefined && s.state !== 'ready' && { error: s.error }),
    type: s.config.type,
    tools: s.lists.tools.length,
    resources: s.lists.resources.length,
    prompts: s.lists.prompts.length,
    ...(client?.serverInfo !== undefined && { serverInfo: client.serverInfo }),
    ...(client?.revision !== undefined && { revision: client.revision }),
    ...(s.retryAt !== undefined && { retryInMs: Math.max(0, s.retryAt - Date.now()) }),
  };
}
