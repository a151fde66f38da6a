import { describe, expect, it } from 'vitest';
import { Pairing } from './pairing.js';
import type { WireEntry } from './wire.js';

let seq = 0;
const msg = (dir: 'in' | 'out', message: unknown, t: number): WireEntry => ({ kind: 'message', seq: ++seq, t, dir, message });

describe('Pairing', () => {
  it('pairs responses with requests by direction and id, with the latency', () => {
    const entries: WireEntry[] = [
      msg('out', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 100),
      // The server's own request with the same id is a different exchange.
      msg('in', { jsonrpc: '2.0', id: 1, method: 'roots/list' }, 105),
      msg('out', { jsonrpc: '2.0', id: 1, result: { roots: [] } }, 107),
      msg('in', { jsonrpc: '2.0', id: 1, result: { tools: [] } }, 130),
      msg('in', { jsonrpc: '2.0', method: 'notifications/message', params: {} }, 131),
    ];
    const pairing = new Pairing();
    pairing.update(entries);
    expect(pairing.pairOf(0)).toMatchObject({ request: 0, response: 3, latencyMs: 30, method: 'tools/list' });
    expect(pairing.pairOf(3)).toBe(pairing.pairOf(0));
    expect(pairing.pairOf(1)).toMatchObject({ request: 1, response: 2, latencyMs: 2, method: 'roots/list' });
    expect(pairing.pairOf(4)).toBeUndefined();
  });

  it('takes in only the new entries of a growing log, and pairs errors and ids of either type', () => {
    const entries: WireEntry[] = [msg('out', { jsonrpc: '2.0', id: 'a', method: 'ping' }, 0)];
    const pairing = new Pairing();
    pairing.update(entries);
    expect(pairing.pairOf(0)?.response).toBeUndefined();
    entries.push(msg('in', { jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'no' } }, 5));
    pairing.update(entries);
    expect(pairing.pairOf(0)).toMatchObject({ response: 1, latencyMs: 5 });
  });

  it('does not pair a response whose id is of another type, or unknown', () => {
    const entries: WireEntry[] = [
      msg('out', { jsonrpc: '2.0', id: 1, method: 'ping' }, 0),
      msg('in', { jsonrpc: '2.0', id: '1', result: {} }, 1),
      msg('in', { jsonrpc: '2.0', id: 99, result: {} }, 2),
    ];
    const pairing = new Pairing();
    pairing.update(entries);
    expect(pairing.pairOf(0)?.response).toBeUndefined();
    expect(pairing.pairOf(1)).toBeUndefined();
    expect(pairing.pairOf(2)).toBeUndefined();
  });

  it('pairs the members of a batch', () => {
    const entries: WireEntry[] = [
      msg(
        'out',
        [
          { jsonrpc: '2.0', id: 1, method: 'a' },
          { jsonrpc: '2.0', id: 2, method: 'b' },
        ],
        0,
      ),
      msg('in', [{ jsonrpc: '2.0', id: 2, result: {} }], 3),
    ];
    const pairing = new Pairing();
    pairing.update(entries);
    expect(pairing.pairOf(1)).toMatchObject({ method: 'b', latencyMs: 3 });
  });
});
