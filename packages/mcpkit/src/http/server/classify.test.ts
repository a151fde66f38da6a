import { describe, expect, it } from 'vitest';
import { classify, headerClaimsStateless } from './classify.js';
import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';

function req(headers: Record<string, string> = {}): HttpRequestInfo {
  return { method: 'POST', path: '/mcp', query: () => undefined, header: (name) => headers[name] };
}

const claim = (version: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': version } },
});

describe('classify', () => {
  it('sends 2026-07-28 claims stateless: body _meta (even malformed), a newer version header, Mcp-Method', () => {
    expect(classify(claim('2026-07-28'), req())).toBe('stateless');
    expect(classify(claim(42), req())).toBe('stateless');
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, req({ 'mcp-protocol-version': '2026-07-28' }))).toBe(
      'stateless',
    );
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, req({ 'mcp-protocol-version': 'v999.0.0' }))).toBe(
      'stateless',
    );
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, req({ 'mcp-method': 'tools/list' }))).toBe('stateless');
  });

  it('sends initialize, session traffic and unclaimed traffic to the handshake era', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, req())).toBe('handshake');
    expect(classify(claim('2026-07-28'), req({ 'mcp-session-id': 's' }))).toBe('stateless');
    expect(
      classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, req({ 'mcp-session-id': 's', 'mcp-method': 'tools/list' })),
    ).toBe('handshake');
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, req({ 'mcp-protocol-version': '2025-11-25' }))).toBe(
      'handshake',
    );
    expect(classify({ jsonrpc: '2.0', id: 1, result: {} }, req())).toBe('handshake');
    expect(classify([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], req())).toBe('handshake');
  });

  it('initialize with a valid 2026-07-28 claim is stateless (and gets -32601 there)', () => {
    expect(classify({ ...claim('2026-07-28'), method: 'initialize' }, req())).toBe('stateless');
  });

  it('rejects contradictions: initialize under a 2026-07-28 header, batches with 2026-07-28 requests', () => {
    const init = classify(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      req({ 'mcp-protocol-version': '2026-07-28' }),
    );
    expect(init).toBeInstanceOf(HttpError);
    expect((init as HttpError).code).toBe(-32020);
    const batch = classify([claim('2026-07-28')], req());
    expect((batch as HttpError).status).toBe(400);
  });

  it('knows which version headers belong to the handshake era', () => {
    for (const v of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', ' 2025-11-25 '])
      expect(headerClaimsStateless(v)).toBe(false);
    for (const v of ['2026-07-28', '2027-01-01', 'garbage']) expect(headerClaimsStateless(v)).toBe(true);
    expect(headerClaimsStateless(undefined)).toBe(false);
  });
});
