import { describe, expect, it } from 'vitest';
import { LocalError } from '../../jsonrpc/localError.js';
import { HttpTransportError, readErrorBody, statusError } from './transportError.js';

const body = (value: unknown): string => JSON.stringify(value);

describe('readErrorBody', () => {
  it('answers the request whose id the error carries', () => {
    const text = body({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad', data: { x: 1 } } });
    expect(readErrorBody(text, [3])).toEqual({
      kind: 'answer',
      responses: [{ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad', data: { x: 1 } } }],
    });
  });

  it.each([-32020, -32021, -32022, -32601])('gives an id-less stateless error (%i) the id of the single request', (code) => {
    const text = body({ jsonrpc: '2.0', id: null, error: { code, message: 'stateless' } });
    expect(readErrorBody(text, ['a'])).toEqual({
      kind: 'answer',
      responses: [{ jsonrpc: '2.0', id: 'a', error: { code, message: 'stateless' } }],
    });
  });

  it('does not take an id-less handshake error (the official v1 server) as an answer', () => {
    const text = body({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } });
    expect(readErrorBody(text, [1])).toEqual({ kind: 'none', detail: 'Bad Request: Server not initialized' });
  });

  it('does not take an error for another request as an answer', () => {
    expect(readErrorBody(body({ jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'x' } }), [1]).kind).toBe('none');
  });

  it('reads nothing from HTML, an empty body, or JSON that is not an error', () => {
    expect(readErrorBody('<html><body>Cannot POST /mcp</body></html>', [1])).toEqual({
      kind: 'none',
      detail: '<html><body>Cannot POST /mcp</body></html>',
    });
    expect(readErrorBody('', [1])).toEqual({ kind: 'none', detail: undefined });
    expect(readErrorBody(body({ ok: false }), [1]).kind).toBe('none');
    expect(readErrorBody(body({ jsonrpc: '2.0', id: 1, error: { code: 'x', message: 1 } }), [1]).kind).toBe('none');
  });

  it('shortens a long body in the detail', () => {
    const detail = (readErrorBody('x'.repeat(1000), [1]) as { detail: string }).detail;
    expect(detail.length).toBeLessThan(210);
  });
});

describe('statusError', () => {
  it('is a TRANSPORT_FAILED LocalError that carries the status', () => {
    const error = statusError(404, 'Not Found', 'Cannot POST /mcp', 'POST initialize');
    expect(error).toBeInstanceOf(LocalError);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error.code).toBe('TRANSPORT_FAILED');
    expect(error.status).toBe(404);
    expect(error.message).toBe('HTTP 404 Not Found (POST initialize): Cannot POST /mcp');
  });
});
