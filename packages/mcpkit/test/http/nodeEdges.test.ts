// What serveHttp answers at the edges of HTTP, seen from raw sockets: CONNECT
// and methods Node's parser does not know get 405 with Allow (not a dropped
// connection), and a chunked body over the limit gets a 413 the client can
// always read (the server drains the rest before it closes, so no reset
// destroys the answer).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, type HttpServerHandle } from '../../src/node/http/server/serveHttp.js';
import { makeFixture } from './fixture.js';

let served: HttpServerHandle | undefined;

afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function serve(maxBodyBytes?: number): Promise<{ port: number }> {
  served = await serveHttp(makeFixture().server, maxBodyBytes === undefined ? {} : { maxBodyBytes });
  return { port: Number(new URL(served.url).port) };
}

/**
 * Writes `request` on a fresh connection, reading as it goes (as HTTP clients
 * do), and resolves with all it read, with the socket's error appended.
 */
function exchange(port: number, request: Buffer | string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      resolve(`${Buffer.concat(chunks).toString('latin1')}<error ${error.code ?? error.message}>`);
    });
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.end(request);
  });
}

function chunkedPost(bodyBytes: number): Buffer {
  const head =
    'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    'Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
  const chunk = 4096;
  const parts: Buffer[] = [Buffer.from(head)];
  for (let sent = 0; sent < bodyBytes; sent += chunk) {
    parts.push(Buffer.from(`${chunk.toString(16)}\r\n`), Buffer.alloc(chunk, 0x20), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

describe('serveHttp at the edges of HTTP', () => {
  it('answers CONNECT with 405 and Allow', async () => {
    const { port } = await serve();
    const answer = await exchange(port, 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, POST, DELETE\r\n/i);
    expect(answer).toContain('"jsonrpc":"2.0"');
  });

  it('answers a method the parser does not know with 405 and Allow', async () => {
    const { port } = await serve();
    const answer = await exchange(port, 'BREW /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, POST, DELETE\r\n/i);
  });

  it('still answers other unparsable requests with 400', async () => {
    const { port } = await serve();
    const answer = await exchange(port, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('a chunked body over the limit gets a readable 413, every time', async () => {
    const { port } = await serve(16 * 1024);
    // Far more than the socket buffers hold: the client is still writing when the 413 comes.
    const request = chunkedPost(4 * 1024 * 1024);
    for (let i = 0; i < 20; i++) {
      const answer = await exchange(port, request);
      expect(answer, `try ${i}`).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer, `try ${i}`).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer, `try ${i}`).not.toContain('<error');
    }
  });
});
