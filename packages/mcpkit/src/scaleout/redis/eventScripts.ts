/**
 * The Lua script of the Redis event log: it runs atomically on the server, so
 * an append (dedupe, numbering, trimming, expiry, notifying followers) is one
 * round trip and never half done.
 *
 * @module
 */

/**
 * Appends one event. KEYS: the stream, its counter, the once-key (or the
 * stream again when unused), the session's set of keys. ARGV: seq ('' to
 * number it here), data, pending ids as JSON ('' for none), max length,
 * lifetime in ms, the followers' channel, the stream's name, whether a
 * once-key is used ('1'). Returns the event's number, or -1 if the once-key
 * was already used.
 */
export const APPEND = `
if ARGV[8] == '1' then
  if not redis.call('SET', KEYS[3], '1', 'NX', 'PX', ARGV[5]) then return -1 end
end
local seq = ARGV[1]
if seq == '' then
  seq = tostring(redis.call('INCR', KEYS[2]))
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
if ARGV[3] == '' then
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 's', seq, 'd', ARGV[2])
else
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 's', seq, 'd', ARGV[2], 'p', ARGV[3])
end
local now = redis.call('TIME')
local oldest = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[5])
if oldest > 0 then redis.call('XTRIM', KEYS[1], 'MINID', '~', oldest) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('SADD', KEYS[4], KEYS[1], KEYS[2])
redis.call('PEXPIRE', KEYS[4], ARGV[5])
redis.call('PUBLISH', ARGV[6], cjson.encode({ stream = ARGV[7], seq = tonumber(seq), data = ARGV[2], pending = ARGV[3] }))
return tonumber(seq)
`;
