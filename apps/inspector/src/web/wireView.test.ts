import { describe, expect, it } from 'vitest';
import { Pairing } from '../shared/pairing.js';
import type { WireEntry } from '../shared/wire.js';
import { clock, filterEntries, methodOf } from './wireView.js';

const entries: WireEntry[] = [
  {
    kind: 'message',
    seq: 1,
    t: 0,
    dir: 'out',
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'Needle' } } },
  },
  {
    kind: 'http',
    seq: 2,
    t: 1,
    method: 'POST',
    url: 'http://x/mcp',
    status: 200,
    requestHeaders: {},
    responseHeaders: { 'content-type': 'application/json' },
  },
  { kind: 'message', seq: 3, t: 2, dir: 'in', message: { jsonrpc: '2.0', id: 1, result: { content: [] } } },
  {
    kind: 'message',
    seq: 4,
    t: 3,
    dir: 'in',
    message: { jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x' } },
  },
  { kind: 'stderr', seq: 5, t: 4, text: 'server started\n' },
];
const pairing = new Pairing();
pairing.update(entries);
const all = { direction: 'all', method: '', search: '' } as const;

describe('filterEntries', () => {
  it('filters by direction, HTTP and stderr', () => {
    expect(filterEntries(entries, pairing, all)).toEqual([0, 1, 2, 3, 4]);
    expect(filterEntries(entries, pairing, { ...all, direction: 'out' })).toEqual([0]);
    expect(filterEntries(entries, pairing, { ...all, direction: 'in' })).toEqual([2, 3]);
    expect(filterEntries(entries, pairing, { ...all, direction: 'http' })).toEqual([1]);
    expect(filterEntries(entries, pairing, { ...all, direction: 'stderr' })).toEqual([4]);
  });

  it('filters by method, a response by its request’s', () => {
    expect(filterEntries(entries, pairing, { ...all, method: 'tools/' })).toEqual([0, 2]);
    expect(methodOf(entries[2]!, 2, pairing)).toBe('tools/call');
  });

  it('searches the JSON, ignoring case', () => {
    expect(filterEntries(entries, pairing, { ...all, search: 'needle' })).toEqual([0]);
    expect(filterEntries(entries, pairing, { ...all, search: 'SERVER STARTED' })).toEqual([4]);
    expect(filterEntries(entries, pairing, { ...all, search: 'nothing like this' })).toEqual([]);
  });
});

describe('clock', () => {
  it('shows hours to milliseconds', () => {
    expect(clock(new Date(2026, 0, 1, 9, 5, 7, 42).getTime())).toBe('09:05:07.042');
  });
});
