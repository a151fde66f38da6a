/**
 * The Lua scripts of the Redis store's leases: each is atomic, so a lease is
 * never taken by two holders.
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
