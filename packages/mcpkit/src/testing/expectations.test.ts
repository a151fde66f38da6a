import { describe, expect, it } from 'vitest';
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { CallToolResult } from '../protocol/types/index.js';
import { AssertionError } from './assertionError.js';
import { expectRpcError, expectToolError, expectToolResult, toolText } from './expectations.js';

const ok = (...texts: string[]): CallToolResult => ({ content: texts.map((text) => ({ type: 'text', text })) });
const failed = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
const image: CallToolResult = { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] };

function failure(run: () => unknown): AssertionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AssertionError);
    return error as AssertionError;
  }
  throw new Error('expected the expectation to fail');
}

describe('toolText', () => {
  it('joins the text blocks, skipping the others', () => {
    expect(toolText(ok('a', 'b'))).toBe('a\nb');
    expect(toolText({ content: [...image.content, { type: 'text', text: 'caption' }] })).toBe('caption');
  });

  it('fails on a result without text, naming what it had', () => {
    expect(failure(() => toolText(image)).message).toMatch(/only image/);
    expect(failure(() => toolText({ content: [] })).message).toMatch(/no content/);
  });
});

describe('expectToolResult', () => {
  it('returns the text of a success, checked against a string or a pattern', () => {
    expect(expectToolResult(ok('sum: 3'))).toBe('sum: 3');
    expect(expectToolResult(ok('sum: 3'), 'sum: 3')).toBe('sum: 3');
    expect(expectToolResult(ok('sum: 3'), /\d/)).toBe('sum: 3');
    expect(expectToolResult({ content: [], structuredContent: { sum: 3 } })).toBe('');
  });

  it('fails on a tool error with the tool’s message, and on other text with a diff', () => {
    expect(failure(() => expectToolResult(failed('disk full'))).message).toMatch(/failed: "disk full"/);
    const error = failure(() => expectToolResult(ok('sum: 4'), 'sum: 3'));
    expect(error).toMatchObject({ actual: 'sum: 4', expected: 'sum: 3', showDiff: true });
    expect(failure(() => expectToolResult(ok('sum'), /\d/)).message).toMatch(/to match \/\\d\//);
  });
});

describe('expectToolError', () => {
  it('returns the text of a tool error', () => {
    expect(expectToolError(failed('Unknown city: Atlantis'), /Unknown city/)).toBe('Unknown city: Atlantis');
  });

  it('fails on a success, and on another message', () => {
    expect(failure(() => expectToolError(ok('fine'))).message).toMatch(/succeeded: "fine"/);
    expect(failure(() => expectToolError(failed('a'), 'b')).message).toMatch(/to be "b", got "a"/);
  });
});

describe('expectRpcError', () => {
  it('returns the RpcError of the expected code', async () => {
    const error = await expectRpcError(
      Promise.reject(new RpcError(-32602, 'Unknown tool: x', { name: 'x' })),
      -32602,
      /Unknown tool/,
    );
    expect(error.data).toEqual({ name: 'x' });
  });

  it('fails on success, on another failure, on another code and on another message', async () => {
    await expect(expectRpcError(Promise.resolve({ tools: [] }), -32602)).rejects.toThrow(/succeeded with \{"tools":\[\]\}/);
    await expect(expectRpcError(Promise.reject(new LocalError('REQUEST_TIMEOUT', 'Timed out')), -32602)).rejects.toThrow(
      /failed with .*Timed out/,
    );
    await expect(expectRpcError(Promise.reject(new RpcError(-32601, 'Method not found')), -32602)).rejects.toMatchObject({
      name: 'AssertionError',
      actual: -32601,
      expected: -32602,
    });
    await expect(expectRpcError(Promise.reject(new RpcError(-32602, 'Bad')), -32602, 'Good')).rejects.toThrow(
      /to be "Good", got "Bad"/,
    );
  });
});
