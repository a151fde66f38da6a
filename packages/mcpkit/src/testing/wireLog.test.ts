import { describe, expect, it } from 'vitest';
import type { Frame, Transport, TransportSink } from '../jsonrpc/transport.js';
import { createInMemoryPair } from '../jsonrpc/memoryTransport.js';
import { recordWire, WireLog } from './wireLog.js';

/** A transport whose peer delivers the frames the test hands it. */
function scripted(): { transport: Transport; deliver(frame: Frame): void; sent: unknown[] } {
  let sink: TransportSink | undefined;
  const sent: unknown[] = [];
  return {
    transport: {
      start: (s) => {
        sink = s;
        return Promise.resolve();
      },
      send: (payload) => {
        sent.push(payload);
        return Promise.resolve();
      },
      close: () => {
        sink?.closed();
        return Promise.resolve();
      },
    },
    deliver: (frame) => sink?.receive(frame),
    sent,
  };
}

function nullSink(received: Frame[] = []): TransportSink {
  return { receive: (f) => received.push(f), reject: () => undefined, closed: () => undefined };
}

describe('WireLog and recordWire', () => {
  it('records both directions in order, and still passes everything on', async () => {
    const log = new WireLog();
    const peer = scripted();
    const received: Frame[] = [];
    const transport = recordWire(peer.transport, log);
    await transport.start(nullSink(received));
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    peer.deliver('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}');
    peer.deliver(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'));
    peer.deliver({ jsonrpc: '2.0', id: 'a', method: 'roots/list' });
    expect(log.entries.map((e) => e.from)).toEqual(['client', 'server', 'server', 'server']);
    expect(log.methods()).toEqual(['tools/list', 'notifications/message', 'roots/list']);
    expect(log.methods('server')).toEqual(['notifications/message', 'roots/list']);
    expect(log.requests().map((r) => r.id)).toEqual([1]);
    expect(log.requests('roots/list', 'server')).toEqual([{ jsonrpc: '2.0', id: 'a', method: 'roots/list' }]);
    expect(log.notifications('notifications/message')[0]?.params).toEqual({ level: 'info', data: 'x' });
    expect(log.notifications(undefined, 'client')).toEqual([]);
    expect(peer.sent).toHaveLength(1);
    expect(received).toHaveLength(3);
  });

  it('records a batch message by message, and a frame that is not JSON as its text', async () => {
    const log = new WireLog();
    const peer = scripted();
    const transport = recordWire(peer.transport, log, 'server');
    await transport.start(nullSink());
    peer.deliver('{"jsonrpc":"2.0","id":1,"method":"ping"');
    await transport.send([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
    ]);
    expect(log.entries).toEqual([
      { from: 'client', message: '{"jsonrpc":"2.0","id":1,"method":"ping"' },
      { from: 'server', message: { jsonrpc: '2.0', id: 1, result: {} } },
      {
        from: 'server',
        message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
      },
    ]);
    // The unparsable frame is neither a request nor a notification.
    expect(log.requests(undefined, 'client')).toEqual([]);
    expect(log.notifications('notifications/progress')).toHaveLength(1);
  });

  it('forgets what it recorded on clear, and keeps recording after', async () => {
    const log = new WireLog();
    const [a, b] = createInMemoryPair();
    const recorded = recordWire(a, log);
    await recorded.start(nullSink());
    const atB: Frame[] = [];
    await b.start(nullSink(atB));
    await recorded.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    log.clear();
    expect(log.entries).toEqual([]);
    await recorded.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await b.send({ jsonrpc: '2.0', id: 2, result: {} });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.entries).toEqual([
      { from: 'client', message: { jsonrpc: '2.0', id: 2, method: 'ping' } },
      { from: 'server', message: { jsonrpc: '2.0', id: 2, result: {} } },
    ]);
    expect(atB).toHaveLength(2);
    await recorded.close();
  });
});
