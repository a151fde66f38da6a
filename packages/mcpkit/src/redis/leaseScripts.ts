/**
 * The Lua scripts of the Redis store's leases and of its fan-out to sessions
 * without a replica: each is atomic, so a lease is never taken by two holders
 * and an event reaches each session at most once.
 *
 * @module
 */

/** Takes a lease if free. KEYS: the lease. ARGV: holder, lifetime in ms. Returns the holder afterwards. */
export const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return ARGV[1] end
return redis.call('GET', KEYS[1]) or ''
`;

/** Takes a lease if its holder is still ARGV[3] ('' for whoever). KEYS: the lease. ARGV: holder, lifetime in ms, previous. */
export const REPLACE = `
if ARGV[3] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/** Extends a lease if ARGV[1] holds it. KEYS: the lease. ARGV: holder, lifetime in ms. */
export const RENEW = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** Ends a lease if ARGV[1] holds it. KEYS: the lease. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

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

/**
 * Appends a notification to the standalone stream of the sessions of one
 * batch of an index set (SSCAN from a cursor) whose saved state still asks
 * for it, once per session for a tag; sessions that ended or no longer ask
 * leave the set. Batches keep Redis responsive while a large set is walked.
 * KEYS: the index set. ARGV: the key prefix, 'l' or 'r', the list or
 * resource, the tag, the data, max length, event lifetime in ms, the SSCAN
 * cursor, the batch size. Returns { next cursor, how many got it }.
 */
export const FANOUT = `
local prefix = ARGV[1]
local told = 0
local now = redis.call('TIME')
local oldest = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[7])
local scan = redis.call('SSCAN', KEYS[1], ARGV[8], 'COUNT', ARGV[9])
for _, id in ipairs(scan[2]) do
  local raw = redis.call('GET', prefix .. 's:' .. id)
  local wants = false
  if raw then
    local ok, record = pcall(cjson.decode, raw)
    local s = ok and record.snapshot or {}
    if ARGV[2] == 'r' then
      for _, uri in ipairs(s.subscriptions or {}) do
        if uri == ARGV[3] then wants = true end
      end
    elseif s.initialized then
      local cap = (s.advertised or {})[ARGV[3]]
      wants = type(cap) == 'table' and cap.listChanged == true
    end
  end
  if not wants then
    redis.call('SREM', KEYS[1], id)
  elseif redis.call('SET', prefix .. 'o:' .. id .. ':' .. ARGV[4], '1', 'NX', 'PX', ARGV[7]) then
    local stream = prefix .. 'e:' .. id .. ':0'
    local seq = redis.call('INCR', stream .. ':n')
    redis.call('PEXPIRE', stream .. ':n', ARGV[7])
    redis.call('XADD', stream, 'MAXLEN', '~', ARGV[6], '*', 's', tostring(seq), 'd', ARGV[5])
    if oldest > 0 then redis.call('XTRIM', stream, 'MINID', '~', oldest) end
    redis.call('PEXPIRE', stream, ARGV[7])
    redis.call('SADD', prefix .. 'k:' .. id, stream, stream .. ':n')
    redis.call('PEXPIRE', prefix .. 'k:' .. id, ARGV[7])
    redis.call('PUBLISH', prefix .. 'ev:' .. id, cjson.encode({ stream = '0', seq = seq, data = ARGV[5], pending = '' }))
    told = told + 1
  end
end
return { scan[1], told }
`;
