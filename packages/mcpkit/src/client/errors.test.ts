import { describe, expect, it } from 'vitest';
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isResourceNotFound, ResourceNotFoundError, toReadError } from './errors.js';

describe('resource not found', () => {
  it('turns -32002 (handshake era) and a -32602 naming the URI (2026-07-28) into ResourceNotFoundError', () => {
    const handshake = toReadError('x://a', new RpcError(-32002, 'Resource not found', { uri: 'x://a' }));
    expect(handshake).toBeInstanceOf(ResourceNotFoundError);
    expect(handshake).toMatchObject({ code: -32002, uri: 'x://a' });
    expect(toReadError('x://a', new RpcError(-32602, 'Invalid', { uri: 'x://a' }))).toBeInstanceOf(ResourceNotFoundError);
    expect(toReadError('x://a', new RpcError(-32602, 'Resource x://a not found'))).toBeInstanceOf(ResourceNotFoundError);
  });

  it('leaves other errors alone', () => {
    const state = new RpcError(-32602, 'Invalid requestState');
    expect(toReadError('x://a', state)).toBe(state);
    const internal = new RpcError(-32603, 'Internal error');
    expect(toReadError('x://a', internal)).toBe(internal);
    const local = new LocalError('REQUEST_TIMEOUT', 'slow');
    expect(toReadError('x://a', local)).toBe(local);
  });

  it('isResourceNotFound accepts a bare -32002 too', () => {
    expect(isResourceNotFound(new RpcError(-32002, 'gone'))).toBe(true);
    expect(isResourceNotFound(new RpcError(-32602, 'bad'))).toBe(false);
    expect(isResourceNotFound(new LocalError('NOT_SUPPORTED', 'x'))).toBe(false);
  });
});
