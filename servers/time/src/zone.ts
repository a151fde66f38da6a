/**
 * Time zones through `Intl` (the ICU time zone database Node ships): checking
 * a name, the offset of a zone at an instant, and the wall clock there. No
 * tz database of our own, so the zones are as current as the Node running us.
 *
 * @module
 */

/** A wall-clock reading: calendar date and time of day, no zone. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving the numeric wall clock in `zone` (throws RangeError for an unknown zone). */
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `Intl` knows `zone` (IANA names and their aliases, any letter case). */
export function isKnownZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `zone` at `instant` (milliseconds since the epoch; whole seconds). */
export function wallTimeAt(zone: string, instant: number): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** The wall time read as if it were UTC, in milliseconds (years 0-99 stay themselves, unlike `Date.UTC`). */
export function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** The zone's offset from UTC at `instant`, in milliseconds (east positive). */
export function offsetAt(zone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(wallTimeAt(zone, whole)) - whole;
}

const names = new Map<string, Intl.DateTimeFormat>();

/** The zone's long English name at `instant`: "Pacific Daylight Time", or "GMT+03:00" where CLDR has none. */
function longNameAt(zone: string, instant: number): string {
  let f = names.get(zone);
  if (f === undefined) names.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' })));
  return f.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

const DAY = 86_400_000;

/** Whether the zone's offset is below `offset` at some point within a year (371 days) before or after `instant`. */
function lowerWithinAYear(zone: string, instant: number, offset: number, direction: 1 | -1): boolean {
  for (let days = 7; days <= 371; days += 7) if (offsetAt(zone, instant + direction * days * DAY) < offset) return true;
  return false;
}

/**
 * Whether the zone observes daylight saving time at `instant`. `Intl` does
 * not expose the tz database's DST flag, but ICU names the zone by it: a
 * "Daylight" or "Summer" name (or "Irish Standard Time", CLDR's name for
 * Dublin's summer) is DST, any other CLDR name is standard time. Where CLDR
 * has no name ("GMT+03:00"), the offsets decide: DST is an offset above
 * the year's lower one (of 1 January and 1 July, so the southern
 * hemisphere works too) that the zone leaves for a lower one within a year
 * on both sides; a lasting change of standard offset is not DST. Negative
 * DST (Dublin's winter, Morocco's Ramadan) reads as standard time here.
 */
export function isDstAt(zone: string, instant: number): boolean {
  const name = longNameAt(zone, instant);
  if (/\b(?:Daylight|Summer)\b|^Irish Standard Time$/.test(name)) return true;
  if (!/^GMT(?:[+-]|$)/.test(name)) return false;
  const offset = offsetAt(zone, instant);
  const year = wallTimeAt(zone, instant).year;
  const jan = wallAsUtc({ year, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  const jul = wallAsUtc({ year, month: 7, day: 1, hour: 0, minute: 0, second: 0 });
  if (offset <= Math.min(offsetAt(zone, jan), offsetAt(zone, jul))) return false;
  return lowerWithinAYear(zone, instant, offset, -1) && lowerWithinAYear(zone, instant, offset, 1);
}

/** How a wall time maps to instants in a zone: one, two (a DST overlap) or none (a gap). */
export interface Resolution {
  /** The instants whose wall clock in the zone is the given wall time, earliest first. */
  readonly instants: readonly number[];
  /** For a gap: the instant the wall time denotes with the offset in force before the gap. */
  readonly beforeGap?: number;
}

const TWO_DAYS = 48 * 3600_000;

/**
 * Every instant at which the zone's clock reads `wall`. Offsets change at
 * most once in any two days in the tz database, so the offsets two days
 * either side are the only candidates.
 */
export function resolveWallTime(zone: string, wall: WallTime): Resolution {
  const local = wallAsUtc(wall);
  const before = offsetAt(zone, local - TWO_DAYS);
  const after = offsetAt(zone, local + TWO_DAYS);
  const instants = [...new Set([before, after, offsetAt(zone, local)])]
    .map((offset) => local - offset)
    .filter((instant) => wallAsUtc(wallTimeAt(zone, instant)) === local)
    .sort((a, b) => a - b);
  const unique = [...new Set(instants)];
  return unique.length > 0 ? { instants: unique } : { instants: [], beforeGap: local - before };
}
