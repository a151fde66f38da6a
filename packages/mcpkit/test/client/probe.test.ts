// The patient probe (issue: a slow start must not become a wrong era). When
// server/discover is silent past probeTimeoutMs, initialize goes beside it and
// the first decisive answer wins; a late DiscoverResult is never ignored, and a
// refusal that lists revisions moves negotiation in either direction.
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import { RpcError } from '../../src/jsonrpc/rpcError.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, expectRpcError } from '../helpers.js';
import { complete, discoverResult, fakeServer, silence } from './harness.js';

const PATIENCE = 30;

function newClient(era: 'auto' | 'handshake' | 'stateless' = 'auto', extra: object = {}): McpClient {
  return new McpClient({ name: 'probe', version: '1.0.0', era, timeoutMs: 2_000, probeTimeoutMs: PATIENCE, ...extra });
}

/** `value()` after `ms` (what it throws becomes the rejection). */
const later = async <T>(ms: number, value: () => T): Promise<T> => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return value();
};

const handshakeResult = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'h', version: '1' } };
const statelessOnly = (): never => {
  throw new RpcError(-32022, 'Unsupported protocol version: 2025-11-25', {
    supported: ['2026-07-28'],
    requested: '2025-11-25',
  });
};

describe('a silent probe', () => {
  it('waits for the late DiscoverResult of a stateless-only server that refused initialize with -32022', async () => {
    const fake = await fakeServer((r) =>
      r.method === 'server/discover'
        ? later(PATIENCE * 4, () => discoverResult())
        : r.method === 'initialize'
          ? statelessOnly()
          : complete({ tools: [] }),
    );
    const client = newClient();
    await client.connect(fake.transport);
    expect([client.era, client.revision]).toEqual(['stateless', '2026-07-28']);
    // The probe's own answer settled it: no second server/discover was needed.
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover', 'initialize']);
    await client.listTools();
    await client.close();
  });

  it('waits for the late DiscoverResult when initialize is refused without a list (-32602)', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return later(PATIENCE * 3, () => discoverResult());
      throw new RpcError(-32602, 'This server speaks 2026-07-28 only');
    });
    const client = newClient();
    await client.connect(fake.transport);
    expect(client.era).toBe('stateless');
    await client.close();
  });

  it('takes a late DiscoverResult while initialize is still unanswered', async () => {
    const fake = await fakeServer((r) =>
      r.method === 'server/discover' ? later(PATIENCE * 3, () => discoverResult()) : silence(),
    );
    const client = newClient();
    await client.connect(fake.transport);
    expect(client.era).toBe('stateless');
    // initialize is never cancelled (the lifecycle forbids it): it is left to be answered and dropped.
    expect(fake.notifications.map((n) => n.method)).not.toContain('notifications/cancelled');
    await client.close();
  });

  it('lets initialize decide when the late answer to the probe is a handshake-era refusal', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover')
        return later(PATIENCE * 2, () => {
          throw new RpcError(-32601, 'Method not found');
        });
      return later(PATIENCE * 4, () => handshakeResult);
    });
    const client = newClient();
    await client.connect(fake.transport);
    expect([client.era, client.revision]).toEqual(['handshake', '2025-11-25']);
    await client.close();
  });

  it('takes initialize when it answers first, and cancels the probe', async () => {
    let probeCancelled = false;
    const fake = await fakeServer((r, rpc) => {
      if (r.method === 'initialize') return handshakeResult;
      rpc.signal.addEventListener('abort', () => (probeCancelled = true));
      return silence();
    });
    const client = newClient();
    await client.connect(fake.transport);
    expect(client.era).toBe('handshake');
    expect(probeCancelled).toBe(true);
    await client.close();
  });

  it('treats a request timeout shorter than the patience as silence', async () => {
    const fake = await fakeServer((r) => (r.method === 'initialize' ? handshakeResult : silence()));
    const client = newClient('auto', { timeoutMs: 10, probeTimeoutMs: 5_000 });
    await client.connect(fake.transport);
    expect(client.era).toBe('handshake');
    await client.close();
  });

  it('fails with the handshake error when neither answer decides', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'initialize') throw new RpcError(-32603, 'Broken');
      return later(PATIENCE * 3, () => {
        throw new RpcError(-32601, 'Method not found');
      });
    });
    await expectRpcError(newClient().connect(fake.transport), -32603);
  });
});

describe('refusals that list revisions', () => {
  it('auto: an initialize refused with -32022 after the probe failed goes to server/discover at the listed revision', async () => {
    let discovers = 0;
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') {
        discovers++;
        // The first probe dies with the transport's patience; the second is answered.
        return discovers === 1 ? silence() : discoverResult();
      }
      return statelessOnly();
    });
    const client = newClient('auto', { timeoutMs: 10, probeTimeoutMs: 5_000 });
    await client.connect(fake.transport);
    expect(client.era).toBe('stateless');
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover', 'initialize', 'server/discover']);
    await client.close();
  });

  it('handshake: a stateless-only server is a clear NOT_SUPPORTED naming what it speaks', async () => {
    const fake = await fakeServer(() => statelessOnly());
    const error = await expectLocalError(newClient('handshake').connect(fake.transport), 'NOT_SUPPORTED');
    expect(error.message).toContain('2026-07-28');
  });

  it('stateless: a -32022 listing only handshake revisions is a clear NOT_SUPPORTED', async () => {
    const fake = await fakeServer(() => {
      throw new RpcError(-32022, 'Unsupported', { supported: ['2025-11-25'], requested: '2026-07-28' });
    });
    const error = await expectLocalError(newClient('stateless').connect(fake.transport), 'NOT_SUPPORTED');
    expect(error.message).toContain('2025-11-25');
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover']);
  });

  it('never ping-pongs: the attempts are bounded', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover')
        throw new RpcError(-32022, 'Unsupported', { supported: ['2025-11-25'], requested: '2026-07-28' });
      return statelessOnly();
    });
    await expectLocalError(newClient().connect(fake.transport), 'NOT_SUPPORTED');
    expect(fake.requests.length).toBeLessThanOrEqual(4);
  });

  it('auto against a stateless-only mcpkit server that is slow to read', async () => {
    const server = new McpServer({ name: 'stateless-only', version: '1', revisions: ['2026-07-28'] });
    const [clientSide, serverSide] = createInMemoryPair();
    const client = newClient();
    const connecting = client.connect(clientSide);
    // The server starts reading only after the patience ran out: both requests are waiting for it.
    await new Promise((r) => setTimeout(r, PATIENCE * 3));
    await server.connect(serverSide);
    await connecting;
    expect(client.era).toBe('stateless');
    await client.close();
  });
});
