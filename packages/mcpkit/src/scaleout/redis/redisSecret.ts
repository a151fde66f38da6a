/**
 * The secret every process behind one Redis shares (for the server's
 * `secret`: `requestState` and pagination cursors then verify on any process).
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/index.js';
import type { RedisConnection } from './redisConnection.js';

/**
 * The shared secret: the first process to ask creates it, 32 random bytes in
 * hex, with SET NX and no expiry, so it survives every process restart.
 */
export async function sharedSecret(connection: RedisConnection): Promise<string> {
  const key = connection.settings.keys.secret;
  const fresh = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  const redis = await connection.command();
  // NX: the first process wins; everyone (the winner too) reads what is stored.
  await redis.set(key, fresh, 'NX');
  const stored = await redis.get(key);
  if (stored === null || stored.length < 32)
    throw new LocalError('PROTOCOL_VIOLATION', `Redis at ${connection.settings.url} has no usable shared secret under ${key}`);
  return stored;
}
