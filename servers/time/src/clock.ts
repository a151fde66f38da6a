/**
 * What the two tools compute: the current time in a zone, and a wall time
 * converted from one zone to another. Failures throw `TimeError` with the
 * official server's message.
 *
 * @module
 */
import { dayOfWeek, formatHoursDifference, isoFormat } from './format.js';
import { isDstAt, isKnownZone, offsetAt, resolveWallTime, wallTimeAt, type WallTime } from './zone.js';

/** The official `TimeResult`. */
export interface TimeResult {
  readonly timezone: string;
  /** `YYYY-MM-DDTHH:MM:SS±HH:MM`. */
  readonly datetime: string;
  readonly day_of_week: string;
  readonly is_dst: boolean;
}

/** The official `TimeConversionResult`. */
export interface TimeConversionResult {
  readonly source: TimeResult;
  readonly target: TimeResult;
  /** Target offset minus source offset, e.g. `+9.0h`, `-5.5h`. */
  readonly time_difference: string;
}

/** A failure whose message the model sees, worded as mcp-server-time words it. */
export class TimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeError';
  }
}

/**
 * Checks a zone name the way Python's `ZoneInfo` reports a bad one (keys are
 * relative paths there, hence the path wording), and returns it.
 */
export function checkZone(name: string): string {
  if (name.startsWith('/')) throw new TimeError(`Invalid timezone: ZoneInfo keys may not be absolute paths, got: ${name}`);
  if (name === '' || name.split('/').some((s) => s === '' || s === '.' || s === '..'))
    throw new TimeError(`Invalid timezone: ZoneInfo keys must be normalized relative paths, got: ${name}`);
  if (!isKnownZone(name)) throw new TimeError(`Invalid timezone: 'No time zone found with key ${name}'`);
  return name;
}

/** The zone's reading at `instant`. */
export function timeAt(zone: string, label: string, instant: number): TimeResult {
  const wall = wallTimeAt(zone, instant);
  return {
    timezone: label,
    datetime: isoFormat(wall, offsetAt(zone, instant)),
    day_of_week: dayOfWeek(wall),
    is_dst: isDstAt(zone, instant),
  };
}

/** `get_current_time`. */
export function currentTime(zone: string, now: number = Date.now()): TimeResult {
  return timeAt(checkZone(zone), zone, Math.floor(now / 1000) * 1000);
}

const TIME_ONLY = /^(\d{1,2}):(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

/** The official message for a time it cannot read. */
export const BAD_TIME = 'Invalid time format. Expected HH:MM [24-hour format]';

/** A parsed `time` argument: a wall time, and the offset it named, if any. */
interface ParsedTime {
  readonly wall: WallTime;
  readonly offsetMs?: number;
}

function parseOffset(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text === 'Z') return 0;
  const sign = text.startsWith('-') ? -1 : 1;
  return sign * (Number(text.slice(1, 3)) * 3600_000 + Number(text.slice(4, 6)) * 60_000);
}

/**
 * Reads `HH:MM` (today in the source zone, as the official does) or a full
 * local date-time `YYYY-MM-DDTHH:MM[:SS]`, optionally with the offset that
 * picks one side of a DST overlap (`2025-11-02T01:30-05:00`).
 */
export function parseTime(text: string, zone: string, now: number): ParsedTime {
  const short = TIME_ONLY.exec(text);
  if (short !== null) {
    const [hour, minute] = [Number(short[1]), Number(short[2])];
    if (hour > 23 || minute > 59) throw new TimeError(BAD_TIME);
    const today = wallTimeAt(zone, now);
    return { wall: { ...today, hour, minute, second: 0 } };
  }
  const full = DATE_TIME.exec(text);
  if (full === null) throw new TimeError(BAD_TIME);
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = full.slice(1, 6).map(Number);
  const second = full[6] === undefined ? 0 : Number(full[6]);
  const wall: WallTime = { year, month, day, hour, minute, second };
  if (!isRealDate(wall) || hour > 23 || minute > 59 || second > 59 || year < 1) {
    throw new TimeError(`Invalid date-time: ${text} (expected YYYY-MM-DDTHH:MM, a real date, 24-hour time)`);
  }
  const offsetMs = parseOffset(full[7]);
  return offsetMs === undefined ? { wall } : { wall, offsetMs };
}

function isRealDate(wall: WallTime): boolean {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  return date.getUTCMonth() === wall.month - 1 && date.getUTCDate() === wall.day;
}

/**
 * The instant a parsed time denotes in `zone`. In a DST overlap the earlier
 * one (as Python's `fold=0`), unless an offset picks; in a gap, the offset in
 * force before it, so the clock reads as far past the gap as the time was
 * into it (02:30 in a 02:00→03:00 gap is 03:30), again as Python computes it.
 */
export function instantOf(parsed: ParsedTime, zone: string, label: string, text: string): number {
  const { instants, beforeGap } = resolveWallTime(zone, parsed.wall);
  if (parsed.offsetMs === undefined) return instants[0] ?? beforeGap ?? 0;
  const chosen = instants.find((instant) => offsetAt(zone, instant) === parsed.offsetMs);
  if (chosen === undefined) throw new TimeError(`The offset in ${text} is not one that ${label} uses at that time`);
  return chosen;
}

/** `convert_time`. */
export function convertTime(source: string, time: string, target: string, now: number = Date.now()): TimeConversionResult {
  const sourceZone = checkZone(source);
  const targetZone = checkZone(target);
  const instant = instantOf(parseTime(time, sourceZone, now), sourceZone, source, time);
  const difference = offsetAt(targetZone, instant) - offsetAt(sourceZone, instant);
  return {
    source: timeAt(sourceZone, source, instant),
    target: timeAt(targetZone, target, instant),
    time_difference: formatHoursDifference(difference),
  };
}
