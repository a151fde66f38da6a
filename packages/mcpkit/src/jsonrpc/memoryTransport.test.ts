import { describe, expect, it } from 'vitest';
import { RecordingSink } from '../../test/helpers.js';
import { runTransportContract } from '../../test/transportContract.js';
import { LocalError } from './localError.js';
import { createInMemoryPair } from './memoryTransport.js';
import type { Frame } from './transport.js';

runTransportContract('in-memory pair', {
  create: () => {
    const [a, b] = createInMemoryPair();
    return Promise.resolve({ a, b });
  },
});

describe('InMemoryTransport', () => {
  it('delivers asynchronously, never during send', async () => {
    const [a, b] = createInMemoryPair();
    const sb = new RecordingSink();
    await Promise.all([a.start(new RecordingSink()), b.start(sb)]);
    const sent = a.send({ jsonrpc: '2.0', method: 'n' });
    expect(sb.frames).toStrictEqual([]);
    await sent;
    await Promise.resolve();
    expect(sb.frames).toStrictEqual([{ jsonrpc: '2.0', method: 'n' }]);
  });

  it('serializes on the way, so the two sides never share objects', async () => {
    const [a, b] = createInMemoryPair();
    const raw: Frame[] = [];
    await a.start(new RecordingSink());
    await b.start({ receive: (frame) => raw.push(frame), reject: () => undefined, closed: () => undefined });
    const params = { list: [1, 2] };
    await a.send({ jsonrpc: '2.0', method: 'n', params });
    params.list.push(3);
    await Promise.resolve();
    expect(raw).toStrictEqual(['{"jsonrpc":"2.0","method":"n","params":{"list":[1,2]}}']);
  });

  it('attaches serverInfo to what the server end receives, and only there', async () => {
    const [client, server] = createInMemoryPair({ serverInfo: { auth: { sub: 'alice' } } });
    const sc = new RecordingSink();
    const ss = new RecordingSink();
    await Promise.all([client.start(sc), server.start(ss)]);
    await client.send({ jsonrpc: '2.0', method: 'up' });
    await server.send({ jsonrpc: '2.0', method: 'down' });
    await Promise.all([ss.waitForFrames(1), sc.waitForFrames(1)]);
    expect(ss.infos).toStrictEqual([{ auth: { sub: 'alice' } }]);
    expect(sc.infos).toStrictEqual([undefined]);
  });

  it('delivers what was sent before a close, then reports closed', async () => {
    const [a, b] = createInMemoryPair();
    const events: string[] = [];
    await a.start(new RecordingSink());
    await b.start({ receive: () => events.push('frame'), reject: () => undefined, closed: () => events.push('closed') });
    void a.send({ jsonrpc: '2.0', method: 'last words' });
    await a.close();
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(events).toStrictEqual(['frame', 'closed']);
  });

  it('reports closed to a sink that starts after the close', async () => {
    const [a, b] = createInMemoryPair();
    await a.close();
    const sb = new RecordingSink();
    await b.start(sb);
    await sb.whenClosed;
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(sb.closedWith).toStrictEqual([undefined]);
  });

  it('rejects sends after close with CONNECTION_CLOSED', async () => {
    const [a] = createInMemoryPair();
    await a.close();
    await expect(a.send({ jsonrpc: '2.0', method: 'n' })).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await expect(a.send({ jsonrpc: '2.0', method: 'n' })).rejects.toBeInstanceOf(LocalError);
  });
});
