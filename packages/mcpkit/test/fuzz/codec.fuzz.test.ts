// Property-based fuzzing of the JSON-RPC codec: whatever arrives, decoding
// never throws and answers with the right error code; whatever valid message
// is encoded decodes back to itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, decodeValue, encode } from '../../src/jsonrpc/codec.js';
import type { JsonRpcMessage } from '../../src/jsonrpc/message.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './fuzz.js';

const ENVELOPE_ERRORS = [-32700, -32600];

const id = fc.oneof(fc.string({ maxLength: 20 }), fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }));
const params = fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }), {
  nil: undefined,
});
const method = fc.string({ minLength: 1, maxLength: 30 });
const message: fc.Arbitrary<JsonRpcMessage> = fc.oneof(
  fc.record({ jsonrpc: fc.constant('2.0' as const), id, method, params }, { requiredKeys: ['jsonrpc', 'id', 'method'] }),
  fc.record({ jsonrpc: fc.constant('2.0' as const), method, params }, { requiredKeys: ['jsonrpc', 'method'] }),
  fc.record({ jsonrpc: fc.constant('2.0' as const), id, result: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({
    jsonrpc: fc.constant('2.0' as const),
    id,
    error: fc.record({ code: fc.integer(), message: fc.string({ maxLength: 40 }) }),
  }),
) as fc.Arbitrary<JsonRpcMessage>;

/** Strips `params: undefined` (absent on the wire). */
function wire(m: JsonRpcMessage): unknown {
  return JSON.parse(JSON.stringify(m)) as unknown;
}

function checkFailureOrOk(result: ReturnType<typeof decode>): void {
  if (!result.ok) expect(ENVELOPE_ERRORS).toContain(result.error.code);
  else if ('batch' in result) for (const item of result.batch) if (!item.ok) expect(ENVELOPE_ERRORS).toContain(item.error.code);
}

describe('JSON-RPC codec, fuzzed', () => {
  it(
    'decodes any text without throwing, failing only with parse or invalid-request errors',
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), fc.boolean(), (text, allowBatch) => {
          checkFailureOrOk(decode(text, { allowBatch }));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'decodes any JSON value (and message-like objects) without throwing',
    () => {
      const near = fc.record(
        {
          jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
          id: fc.oneof(id, fc.jsonValue()),
          method: fc.oneof(method, fc.jsonValue()),
          params: fc.jsonValue(),
          result: fc.jsonValue(),
          error: fc.jsonValue(),
        },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue(), near, fc.array(near, { maxLength: 4 })), fc.boolean(), (value, allowBatch) => {
          checkFailureOrOk(decodeValue(value, { allowBatch }));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'decodes every encoded valid message back to itself, alone or in a batch',
    () => {
      fc.assert(
        fc.property(message, fc.array(message, { minLength: 1, maxLength: 4 }), (one, many) => {
          const single = decode(encode(one));
          expect(single).toEqual({ ok: true, message: wire(one) });
          const batch = decode(JSON.stringify(many.map(wire)), { allowBatch: true });
          expect(batch).toEqual({ ok: true, batch: many.map((m) => ({ ok: true, message: wire(m) })) });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
