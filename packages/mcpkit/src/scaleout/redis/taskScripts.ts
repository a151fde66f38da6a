/**
 * The Lua scripts of the Redis task store: creating a task (its record, its
 * owner's index, their expiry, the owner's bound) and replacing a record only
 * if nobody changed it since it was read, each atomic on the server.
 *
 * @module
 */

/**
 * Creates a task. KEYS: the record, the owner's index (a sorted set of task
 * ids by expiry time). ARGV: the record as JSON, its lifetime in ms, the task
 * id, the most live tasks an owner may have. Drops the index's expired ids
 * first. Returns 1, 0 if the id exists, -1 if the owner has too many tasks.
 */
export const CREATE_TASK = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ms)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[2], ms + tonumber(ARGV[2]), ARGV[3])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 1
`;

/**
 * Replaces a record if it is still what was read (compare and set), keeping
 * its expiry. KEYS: the record. ARGV: the JSON read, the new JSON. Returns 1
 * if replaced, 0 if it changed or vanished meanwhile.
 */
export const REPLACE_TASK = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
`;
