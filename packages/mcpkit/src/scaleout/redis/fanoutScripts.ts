/**
 * The Lua script of the Redis store's fan-out to sessions without a replica:
 * atomic per batch, so an event reaches each session at most once.
 *
 * @module
 */

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
