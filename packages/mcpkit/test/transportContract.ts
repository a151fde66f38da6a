/**
 * The transport contract: one suite every `Transport` implementation must
 * pass (ordering, close semantics, concurrent sends, buffering before the peer
 * starts, large messages, serialization failures). Each implementation's test
 * file calls {@link runTransportContract} with a factory for a connected pair;
 * anything it cannot honour is skipped by name, with the reason.
 *
 * @module
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocalError } from '../src/jsonrpc/localError.js';
import type { JsonRpcMessage } from '../src/jsonrpc/message.js';
import type { Transport } from '../src/jsonrpc/transport.js';
import { RecordingSink, sleep, TestError } from './helpers.js';

/** Two connected ends: what `a` sends, `b` receives, and back. */
export interface TransportPair {
  readonly a: Transport;
  readonly b: Transport;
  /** Releases what `create` made (processes, sockets), after both ends were closed. */
  cleanup?(): Promise<void>;
}

/** Options of {@link runTransportContract}. */
export interface TransportContractOptions {
  /** Makes a fresh, unstarted pair for each test. */
  readonly create: () => Promise<TransportPair>;
  /** Tests this transport cannot pass, by name, each group with its reason. */
  readonly skip?: readonly { readonly reason: string; readonly tests: readonly string[] }[];
  /** Size of the large message, in bytes (default 4 MiB). */
  readonly largeMessageBytes?: number;
  /** How long to wait for a close to reach the other end, ms (default 2000). */
  readonly closeTimeoutMs?: number;
}

/** The contract's test names (what `skip` refers to). */
export const CONTRACT_TESTS = [
  'delivers messages in order',
  'delivers in both directions',
  'delivers concurrent sends from both ends, each in order',
  'carries a batch as one frame',
  'carries text exactly',
  'carries a large message intact',
  'keeps a message sent before the peer starts',
  'rejects a payload that cannot be serialized, and keeps working',
  'rejects a second start',
  'closing one end closes both sinks exactly once',
  'closing the peer end closes this end',
  'send after close rejects',
] as const;

type ContractTest = (typeof CONTRACT_TESTS)[number];

function seq(n: number, from: string): JsonRpcMessage {
  return { jsonrpc: '2.0', method: 'seq', params: { n, from } };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new TestError(`Timed out after ${ms} ms: ${what}`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers the contract suite for one transport implementation. */
export function runTransportContract(name: string, options: TransportContractOptions): void {
  const skipped = new Map<string, string>();
  for (const group of options.skip ?? []) {
    for (const test of group.tests) {
      if (!(CONTRACT_TESTS as readonly string[]).includes(test))
        throw new TestError(`Unknown contract test in skip list: "${test}"`);
      skipped.set(test, group.reason);
    }
  }
  const closeMs = options.closeTimeoutMs ?? 2000;
  const largeBytes = options.largeMessageBytes ?? 4 * 1024 * 1024;

  describe(`transport contract: ${name}`, () => {
    let live: TransportPair | undefined;

    afterEach(async () => {
      const pair = live;
      live = undefined;
      if (pair === undefined) return;
      await Promise.allSettled([pair.a.close(), pair.b.close()]);
      await pair.cleanup?.();
    });

    async function create(): Promise<TransportPair> {
      live = await options.create();
      return live;
    }

    /** A started pair and the sinks recording what each end receives. */
    async function started(): Promise<TransportPair & { sa: RecordingSink; sb: RecordingSink }> {
      const pair = await create();
      const sa = new RecordingSink();
      const sb = new RecordingSink();
      await Promise.all([pair.a.start(sa), pair.b.start(sb)]);
      return { ...pair, sa, sb };
    }

    function test(title: ContractTest, body: () => Promise<void>): void {
      const reason = skipped.get(title);
      if (reason === undefined) it(title, body);
      else it.skip(`${title} (skipped: ${reason})`, body);
    }

    test('delivers messages in order', async () => {
      const { a, sb } = await started();
      for (let n = 0; n < 100; n++) void a.send(seq(n, 'a'));
      const frames = await sb.waitForFrames(100);
      expect(frames).toStrictEqual(Array.from({ length: 100 }, (_, n) => seq(n, 'a')));
    });

    test('delivers in both directions', async () => {
      const { a, b, sa, sb } = await started();
      await a.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(await sb.waitForFrames(1)).toStrictEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
      await b.send({ jsonrpc: '2.0', id: 1, result: 'pong' });
      expect(await sa.waitForFrames(1)).toStrictEqual([{ jsonrpc: '2.0', id: 1, result: 'pong' }]);
    });

    test('delivers concurrent sends from both ends, each in order', async () => {
      const { a, b, sa, sb } = await started();
      const sends: Promise<void>[] = [];
      for (let n = 0; n < 500; n++) sends.push(a.send(seq(n, 'a')), b.send(seq(n, 'b')));
      await Promise.all(sends);
      expect(await sb.waitForFrames(500)).toStrictEqual(Array.from({ length: 500 }, (_, n) => seq(n, 'a')));
      expect(await sa.waitForFrames(500)).toStrictEqual(Array.from({ length: 500 }, (_, n) => seq(n, 'b')));
    });

    test('carries a batch as one frame', async () => {
      const { a, sb } = await started();
      const batch = [seq(1, 'a'), { jsonrpc: '2.0', id: 'x', method: 'm' }] as const;
      await a.send(batch);
      await a.send(seq(2, 'a'));
      expect(await sb.waitForFrames(2)).toStrictEqual([batch, seq(2, 'a')]);
    });

    test('carries text exactly', async () => {
      const { a, sb } = await started();
      const text = 'line\nbreak\r\n tab\t quote" backslash\\ nul\u0000 é€😀 \u2028\u2029 \uFEFF';
      await a.send({ jsonrpc: '2.0', method: 'text', params: { text } });
      expect(await sb.waitForFrames(1)).toStrictEqual([{ jsonrpc: '2.0', method: 'text', params: { text } }]);
    });

    test('carries a large message intact', async () => {
      const { a, b, sa, sb } = await started();
      const blob = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(largeBytes / 36)).slice(0, largeBytes);
      await a.send({ jsonrpc: '2.0', id: 1, method: 'big', params: { blob } });
      const [received] = (await sb.waitForFrames(1, 10_000)) as { params: { blob: string } }[];
      expect(received?.params.blob.length).toBe(largeBytes);
      expect(received?.params.blob === blob).toBe(true);
      await b.send({ jsonrpc: '2.0', id: 1, result: { blob } });
      const [back] = (await sa.waitForFrames(1, 10_000)) as { result: { blob: string } }[];
      expect(back?.result.blob === blob).toBe(true);
    });

    test('keeps a message sent before the peer starts', async () => {
      const { a, b } = await create();
      const sa = new RecordingSink();
      await a.start(sa);
      const sent = a.send(seq(1, 'early'));
      await sleep(20);
      const sb = new RecordingSink();
      await b.start(sb);
      await sent;
      expect(await sb.waitForFrames(1)).toStrictEqual([seq(1, 'early')]);
    });

    test('rejects a payload that cannot be serialized, and keeps working', async () => {
      const { a, sb } = await started();
      const error: unknown = await a.send({ jsonrpc: '2.0', method: 'bad', params: { n: 1n } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalError);
      expect((error as LocalError).code).toBe('INVALID_ARGUMENT');
      await a.send(seq(1, 'a'));
      expect(await sb.waitForFrames(1)).toStrictEqual([seq(1, 'a')]);
    });

    test('rejects a second start', async () => {
      const { a } = await started();
      const error: unknown = await a.start(new RecordingSink()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalError);
    });

    test('closing one end closes both sinks exactly once', async () => {
      const { a, sa, sb } = await started();
      await a.close();
      await within(sa.whenClosed, closeMs, 'the closing end reports closed');
      await within(sb.whenClosed, closeMs, 'the other end reports closed');
      await a.close();
      await sleep(20);
      expect(sa.closedWith).toHaveLength(1);
      expect(sb.closedWith).toHaveLength(1);
      // A close the application asked for is not an error.
      expect(sa.closedWith[0]).toBeUndefined();
    });

    test('closing the peer end closes this end', async () => {
      const { b, sa, sb } = await started();
      await b.close();
      await within(sa.whenClosed, closeMs, 'the other end reports closed');
      await within(sb.whenClosed, closeMs, 'the closing end reports closed');
      await sleep(20);
      expect(sa.closedWith).toHaveLength(1);
      expect(sb.closedWith).toHaveLength(1);
    });

    test('send after close rejects', async () => {
      const { a, b, sb } = await started();
      await a.close();
      await expect(a.send(seq(1, 'a'))).rejects.toBeInstanceOf(LocalError);
      await within(sb.whenClosed, closeMs, 'the other end reports closed');
      await expect(b.send(seq(1, 'b'))).rejects.toBeInstanceOf(LocalError);
    });
  });
}
