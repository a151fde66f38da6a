/**
 * What every view reads: the channel and the connection it works on.
 *
 * @module
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ConnectionInfo } from '../shared/channel.js';
import type { Channel } from './channel.js';

/** The views' context. */
export interface Scope {
  readonly channel: Channel;
  readonly connection: ConnectionInfo;
}

export const ScopeContext = createContext<Scope | undefined>(undefined);

/** The scope; views are only rendered inside one. */
export function useScope(): Scope {
  const scope = useContext(ScopeContext);
  if (scope === undefined) throw new TypeError('a view was rendered outside a connection');
  return scope;
}
