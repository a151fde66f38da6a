import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../server/index.js';
import { eventNotification, fanoutIndex, fanoutIndexes, wantsEvent } from './fanout.js';

const snap = (over: Partial<SessionSnapshot>): SessionSnapshot => ({
  revision: '2025-11-25',
  capabilities: {},
  advertised: {},
  initialized: true,
  subscriptions: [],
  ...over,
});

describe('fan-out: which sessions an event reaches', () => {
  it('a resource update reaches its subscribers; a list change the initialized sessions told about that list', () => {
    const subscribed = snap({ subscriptions: ['file:///a'] });
    const listening = snap({ advertised: { tools: { listChanged: true } } });
    expect(wantsEvent(subscribed, { kind: 'resourceUpdated', uri: 'file:///a' })).toBe(true);
    expect(wantsEvent(subscribed, { kind: 'resourceUpdated', uri: 'file:///b' })).toBe(false);
    expect(wantsEvent(listening, { kind: 'listChanged', list: 'tools' })).toBe(true);
    expect(wantsEvent(listening, { kind: 'listChanged', list: 'prompts' })).toBe(false);
    expect(wantsEvent({ ...listening, initialized: false }, { kind: 'listChanged', list: 'tools' })).toBe(false);
  });

  it('a stored record of another shape asks for nothing rather than failing', () => {
    const odd = {} as SessionSnapshot;
    expect(wantsEvent(odd, { kind: 'listChanged', list: 'tools' })).toBe(false);
    expect(wantsEvent(odd, { kind: 'resourceUpdated', uri: 'x' })).toBe(false);
    expect(fanoutIndexes(odd)).toEqual([]);
  });

  it('indexes a session under each event it asks for, under the key the event names', () => {
    const s = snap({ subscriptions: ['file:///a'], advertised: { tools: { listChanged: true }, prompts: {} } });
    expect(fanoutIndexes(s)).toEqual(['r:file:///a', 'l:tools']);
    expect(fanoutIndex({ kind: 'resourceUpdated', uri: 'file:///a' })).toBe('r:file:///a');
    expect(fanoutIndex({ kind: 'listChanged', list: 'tools' })).toBe('l:tools');
  });

  it('serializes the notification each event sends', () => {
    expect(JSON.parse(eventNotification({ kind: 'listChanged', list: 'prompts' }))).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/prompts/list_changed',
    });
    expect(JSON.parse(eventNotification({ kind: 'resourceUpdated', uri: 'u' }))).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'u' },
    });
  });
});
