/**
 * Server events for sessions no process holds a replica of. A replica hears
 * every fanned-out event and appends what its session asked for to the
 * session's standalone stream; a session idle long enough to have no replica
 * anywhere would miss them. So the process where an event happens also asks
 * the store to append it to every session whose saved state asks for it,
 * under the same once-key the replicas use (each session gets it once).
 *
 * Cost: the store keeps an index per resource (sessions subscribed to it) and
 * per list (sessions told about its changes), kept on save and trimmed of
 * ended sessions as it is read. An event touches only the sessions indexed
 * for it: `resources/updated` the subscribers of that resource, a
 * `list_changed` the sessions that advertised that list (list changes are
 * rare: a server registering or removing tools).
 *
 * @module
 */
import type { SessionEvent, SessionSnapshot } from '../server/index.js';

/** What a store does for sessions without a replica. */
export interface SessionFanout {
  /**
   * Appends `data` (the notification for `event`) to the standalone stream of
   * every live session whose saved state asks for `event`, at most once per
   * session for `tag`; resolves with how many got it from this call.
   */
  fanOut(event: SessionEvent, data: string, tag: string): Promise<number>;
}

/**
 * Whether a session in state `snapshot` is told about `event` (what
 * `ServerSession.serverEvent` decides). Snapshots come back from a store, so
 * a record of another shape asks for nothing rather than failing.
 */
export function wantsEvent(snapshot: SessionSnapshot, event: SessionEvent): boolean {
  const s = snapshot as Partial<SessionSnapshot>;
  if (event.kind === 'listChanged') return s.initialized === true && s.advertised?.[event.list]?.listChanged === true;
  return s.subscriptions?.includes(event.uri) === true;
}

/** The index keys a session in state `snapshot` belongs to (`r:<uri>` for a subscription, `l:<list>` for list changes). */
export function fanoutIndexes(snapshot: SessionSnapshot): string[] {
  const s = snapshot as Partial<SessionSnapshot>;
  const out = (s.subscriptions ?? []).map((uri) => `r:${uri}`);
  if (s.initialized === true)
    for (const list of ['tools', 'prompts', 'resources'] as const)
      if (s.advertised?.[list]?.listChanged === true) out.push(`l:${list}`);
  return out;
}

/** The index key of `event`. */
export function fanoutIndex(event: SessionEvent): string {
  return event.kind === 'listChanged' ? `l:${event.list}` : `r:${event.uri}`;
}

/** The notification `event` sends, serialized. */
export function eventNotification(event: SessionEvent): string {
  return JSON.stringify(
    event.kind === 'listChanged'
      ? { jsonrpc: '2.0', method: `notifications/${event.list}/list_changed` }
      : { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: event.uri } },
  );
}
