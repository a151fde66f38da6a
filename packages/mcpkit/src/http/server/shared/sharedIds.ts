/**
 * The ids that make scale-out routing work: server-to-client request ids name
 * the process that sent them (`<node>~<n>`), and event ids name their stream
 * (`0_<seq>` for the standalone stream, `<node>.<no>_<seq>` for a POST's).
 *
 * @module
 */
import type { RequestId } from '../../../jsonrpc/message.js';

/** A request id that names the process waiting for its answer. */
export type RoutedId = `${string}~${number}`;

/** The id under which process `node` sends its request `id`. */
export function routedId(node: string, id: RequestId): string {
  return `${node}~${String(id)}`;
}

/** The process and local id of a routed id, or undefined for any other id. */
export function parseRoutedId(id: unknown): { readonly node: string; readonly id: number } | undefined {
  if (typeof id !== 'string') return undefined;
  const match = /^([A-Za-z0-9_-]{1,64})~(\d{1,15})$/.exec(id);
  return match === null ? undefined : { node: match[1] as string, id: Number(match[2]) };
}

/** A parsed shared event id. */
export interface SharedEventId {
  /** The stream's name in the log (`0`, or `<node>.<no>`). */
  readonly stream: string;
  /** The process that owns it (POST streams). */
  readonly node?: string;
  /** Its number on that process (POST streams). */
  readonly no?: number;
  readonly seq: number;
}

/** Parses an event id of a shared session. */
export function parseSharedEventId(id: string): SharedEventId | undefined {
  const match = /^(?:0|([A-Za-z0-9_-]{1,64})\.(\d{1,9}))_(\d{1,15})$/.exec(id.trim());
  if (match === null) return undefined;
  const seq = Number(match[3]);
  if (match[1] === undefined) return { stream: '0', seq };
  return { stream: `${match[1]}.${match[2] as string}`, node: match[1], no: Number(match[2]), seq };
}
