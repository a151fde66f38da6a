// `mcpkit serve everything --http --redis` on two processes behind a
// round-robin proxy: a stateless (2026-07-28) elicitation is asked by one
// process and answered at the other, which only works when both seal
// `requestState` with the same secret (from Redis by default, or --secret).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpClient } from 'mcpkit/client';
import { StreamableHttpClientTransport } from 'mcpkit/http';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt } from '../../../test/support/process.js';
import { onlyText } from '../../../test/support/serverPair.js';
import { HAVE_REDIS, RedisServer, roundRobin, type Backend } from '../../../packages/mcpkit/test/scaleout/cluster.js';

if (!HAVE_REDIS)
  console.warn('serve --redis secret tests skipped: redis-server is not installed (apt-get install -y redis-server)');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** One `mcpkit serve everything --http 0` process; resolves once it listens. */
async function serve(args: readonly string[], env: Record<string, string> = {}): Promise<Backend> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', 'everything', '--http', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, MCPKIT_SECRET: '', ...env },
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /serving everything on (\S+)/.exec(stderr)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) => {
      reject(new Error(`serve exited with ${String(code)} before listening: ${stderr}`));
    });
  });
  return { url, pid: child.pid ?? 0, child };
}

/** Calls elicit_form through a round-robin proxy over `backends` (the answer lands on the other process). */
async function elicitAcross(backends: readonly Backend[]): Promise<{ text: string; hits: number[] }> {
  const proxy = await roundRobin(backends);
  cleanups.push(() => proxy.close());
  const client = new McpClient({
    name: 'secret-test',
    version: '1.0.0',
    era: '2026-07-28',
    handlers: {
      elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } }) },
    },
  });
  await client.connect(new StreamableHttpClientTransport({ url: proxy.url }));
  cleanups.push(() => client.close());
  const result = await client.callTool({ name: 'elicit_form', arguments: {} });
  return { text: result.isError === true ? `error: ${onlyText(result)}` : onlyText(result), hits: [...proxy.hits] };
}

describe.skipIf(!HAVE_REDIS)('mcpkit serve --redis shares the server secret (process)', () => {
  let redis: RedisServer;
  let keys: Redis;
  beforeAll(async () => {
    assertCliBuilt();
    redis = await RedisServer.start();
    keys = new Redis(redis.url);
  });
  afterAll(async () => {
    keys.disconnect();
    await redis.stop();
  });

  it('by default the first process stores a random secret in Redis and every process uses it', async () => {
    const backends = [await serve(['--redis', redis.url]), await serve(['--redis', redis.url])];
    const secret = await keys.get('mcpkit:secret');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await keys.pttl('mcpkit:secret')).toBe(-1);
    const { text, hits } = await elicitAcross(backends);
    expect(text).toContain('Ada');
    expect(hits.every((n) => n > 0)).toBe(true);
    // A restarted cluster keeps the secret: answers sealed before still verify.
    expect(await keys.get('mcpkit:secret')).toBe(secret);
  }, 60_000);

  it('--secret (or MCPKIT_SECRET) wins over Redis; different secrets refuse each other', async () => {
    const shared = 'a shared secret of at least thirty-two characters';
    const same = [
      await serve(['--redis', redis.url, '--secret', shared]),
      await serve(['--redis', redis.url], { MCPKIT_SECRET: shared }),
    ];
    expect((await elicitAcross(same)).text).toContain('Ada');
    const differ = [
      await serve(['--redis', redis.url, '--secret', 'x'.repeat(32)]),
      await serve(['--redis', redis.url, '--secret', 'y'.repeat(32)]),
    ];
    await expect(elicitAcross(differ)).rejects.toThrow(/requestState|Invalid|state/i);
  }, 60_000);

  it('a short secret is a usage error (exit 2)', async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'serve', 'everything', '--http', '0', '--secret', 'short'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(2);
    expect(stderr).toMatch(/32 characters or more/);
  }, 30_000);
});
