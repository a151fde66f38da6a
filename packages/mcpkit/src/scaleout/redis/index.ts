/**
 * `mcpkit/redis`: several processes serving one MCP endpoint, sharing
 * sessions, resumable streams and message routing through Redis (7 or later)
 * or Valkey. `serveHttp(server, { store: redisStore({ url }) })`. Needs the
 * `ioredis` package, which only this entry loads.
 *
 * @module
 */
export { redisStore, type RedisClientOptions, type RedisStore, type RedisStoreOptions } from './redisStore.js';
export { redisTaskStore, type RedisTaskStoreOptions } from './redisTasks.js';
