import { describe, expect, it } from 'vitest';
import { Connection } from '../jsonrpc/connection.js';
import { createInMemoryPair } from '../jsonrpc/memoryTransport.js';
import { RequestIdTap } from './requestIdTap.js';

describe('RequestIdTap', () => {
  it('reports the id the engine gave the request it just sent', async () => {
    const [a, b] = createInMemoryPair();
    const tap = new RequestIdTap(a);
    const client = new Connection(tap);
    const server = new Connection(b, { onRequest: (request) => ({ echoed: request.id }) });
    await server.start();
    await client.start();
    await client.request('first');
    const { value, id } = tap.capture(() => client.request('second'));
    expect(id).toBe(1);
    expect(await value).toEqual({ echoed: 1 });
    await client.close();
  });

  it('reports nothing when no request went out', async () => {
    const [a] = createInMemoryPair();
    const tap = new RequestIdTap(a);
    const client = new Connection(tap);
    const { value, id } = tap.capture(() => client.request('never'));
    expect(id).toBeUndefined();
    await expect(value).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });
});
