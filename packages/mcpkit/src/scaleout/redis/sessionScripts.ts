/**
 * The Lua scripts of the Redis session store: saving a record indexes it for
 * fan-out in the same step, a touch extends the record and its indexes, and
 * ending a session deletes every key it had, each atomic on the server.
 *
 * @module
 */

/**
 * Saves a session and indexes it for fan-out. KEYS: the record, then one
 * index set per resource it subscribes to and per list it is told about.
 * ARGV: the session id, the record, its lifetime in ms.
 */
export const SAVE = `
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
for i = 2, #KEYS do
  redis.call('SADD', KEYS[i], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end
return 1
`;

/**
 * Extends a session's lifetime and that of the index sets it is in. KEYS: the
 * record. ARGV: its lifetime in ms, the key prefix, the session id. Returns 0
 * if the session is gone.
 */
export const TOUCH = `
if redis.call('PEXPIRE', KEYS[1], ARGV[1]) == 0 then return 0 end
local ok, record = pcall(cjson.decode, redis.call('GET', KEYS[1]))
if not ok then return 1 end
local s = record.snapshot or {}
for _, uri in ipairs(s.subscriptions or {}) do
  redis.call('SADD', ARGV[2] .. 'ix:r:' .. uri, ARGV[3])
  redis.call('PEXPIRE', ARGV[2] .. 'ix:r:' .. uri, ARGV[1])
end
if s.initialized then
  for _, list in ipairs({ 'tools', 'prompts', 'resources' }) do
    local cap = (s.advertised or {})[list]
    if type(cap) == 'table' and cap.listChanged == true then
      redis.call('SADD', ARGV[2] .. 'ix:l:' .. list, ARGV[3])
      redis.call('PEXPIRE', ARGV[2] .. 'ix:l:' .. list, ARGV[1])
    end
  end
end
return 1
`;

/** Ends a session. KEYS: its record, its set of keys. Deletes both and every key in the set. */
export const REMOVE = `
local keys = redis.call('SMEMBERS', KEYS[2])
for _, key in ipairs(keys) do redis.call('DEL', key) end
redis.call('DEL', KEYS[1], KEYS[2])
return #keys
`;
