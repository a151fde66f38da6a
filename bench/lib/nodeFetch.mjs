/**
 * EXPERIMENT (not part of the measured defaults): a `fetch` for mcpkit's
 * `StreamableHttpClientTransport` (its `fetch` option) built on `node:http`
 * with a keep-alive agent instead of undici, to show what a native Node path
 * in the HTTP client would save. Enabled with `BENCH_MCPKIT_NODE_FETCH=1`.
 *
 * It answers with a real `Response`, so the transport is unchanged: a JSON
 * body is buffered and handed over as a string, an SSE body is streamed.
 */
import { Agent, request } from 'node:http';
import { Readable } from 'node:stream';

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export function nodeFetch(url, init = {}) {
  return new Promise((resolve, reject) => {
    const headers = {};
    if (init.headers instanceof globalThis.Headers) init.headers.forEach((v, k) => (headers[k] = v));
    else Object.assign(headers, init.headers);
    const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const responseHeaders = new globalThis.Headers();
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
      const init2 = { status: res.statusCode, statusText: res.statusMessage, headers: responseHeaders };
      const nullBody = res.statusCode === 202 || res.statusCode === 204 || res.statusCode === 304;
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        resolve(new globalThis.Response(Readable.toWeb(res), init2));
        return;
      }
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve(new globalThis.Response(nullBody ? null : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), init2)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    const signal = init.signal;
    if (signal) {
      if (signal.aborted) req.destroy(signal.reason);
      else {
        const onAbort = () => req.destroy(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        req.once('close', () => signal.removeEventListener('abort', onAbort));
      }
    }
    req.end(init.body);
  });
}
