// Conversions across DST transitions (gaps and overlaps) in both hemispheres,
// half-hour shifts, a skipped day, and the official server's error texts.
import { describe, expect, it } from 'vitest';
import { BAD_TIME, convertTime, currentTime, TimeError } from './clock.js';

/** 2025-01-15 12:00 UTC, a winter day in the north. */
const JAN = Date.UTC(2025, 0, 15, 12);
/** 2025-07-15 12:00 UTC. */
const JUL = Date.UTC(2025, 6, 15, 12);

describe('currentTime', () => {
  it('reads the wall clock, day and DST flag of the zone', () => {
    expect(currentTime('America/New_York', JAN)).toEqual({
      timezone: 'America/New_York',
      datetime: '2025-01-15T07:00:00-05:00',
      day_of_week: 'Wednesday',
      is_dst: false,
    });
    expect(currentTime('America/New_York', JUL)).toMatchObject({ datetime: '2025-07-15T08:00:00-04:00', is_dst: true });
    expect(currentTime('Australia/Sydney', JAN)).toMatchObject({ datetime: '2025-01-15T23:00:00+11:00', is_dst: true });
    expect(currentTime('Australia/Sydney', JUL)).toMatchObject({ datetime: '2025-07-15T22:00:00+10:00', is_dst: false });
    expect(currentTime('UTC', JUL)).toMatchObject({ datetime: '2025-07-15T12:00:00+00:00', is_dst: false });
    expect(currentTime('Asia/Kathmandu', JUL)).toMatchObject({ datetime: '2025-07-15T17:45:00+05:45', is_dst: false });
  });

  it('drops milliseconds as isoformat(timespec="seconds") does', () => {
    expect(currentTime('UTC', JAN + 999).datetime).toBe('2025-01-15T12:00:00+00:00');
  });

  it('echoes the zone as given', () => {
    expect(currentTime('US/Eastern', JAN).timezone).toBe('US/Eastern');
  });
});

describe('convertTime: HH:MM is today in the source zone', () => {
  it('uses the source zone date, not the UTC one', () => {
    // 2025-01-15 02:00 UTC is still the 14th in New York.
    const r = convertTime('America/New_York', '23:30', 'Asia/Tokyo', Date.UTC(2025, 0, 15, 2));
    expect(r.source.datetime).toBe('2025-01-14T23:30:00-05:00');
    expect(r.target).toEqual({
      timezone: 'Asia/Tokyo',
      datetime: '2025-01-15T13:30:00+09:00',
      day_of_week: 'Wednesday',
      is_dst: false,
    });
    expect(r.time_difference).toBe('+14.0h');
  });

  it('formats fractional differences as the official does', () => {
    expect(convertTime('UTC', '12:00', 'Asia/Kathmandu', JAN).time_difference).toBe('+5.75h');
    expect(convertTime('UTC', '12:00', 'Asia/Kolkata', JAN).time_difference).toBe('+5.5h');
    expect(convertTime('Asia/Kolkata', '12:00', 'UTC', JAN).time_difference).toBe('-5.5h');
    expect(convertTime('Europe/London', '09:00', 'Europe/London', JAN).time_difference).toBe('+0.0h');
    expect(convertTime('Asia/Tokyo', '09:00', 'America/Los_Angeles', JAN).time_difference).toBe('-17.0h');
  });

  it('accepts one-digit hours and minutes, as strptime does', () => {
    expect(convertTime('UTC', '9:5', 'UTC', JAN).source.datetime).toBe('2025-01-15T09:05:00+00:00');
  });
});

describe('convertTime: a full local date-time, across DST changes', () => {
  it('converts a date on the other side of a change in one zone only', () => {
    // New York moved to EDT on 9 March 2025, London only on 30 March.
    expect(convertTime('America/New_York', '2025-03-08T12:00', 'Europe/London').target.datetime).toBe(
      '2025-03-08T17:00:00+00:00',
    );
    const after = convertTime('America/New_York', '2025-03-10T12:00', 'Europe/London');
    expect(after.target.datetime).toBe('2025-03-10T16:00:00+00:00');
    expect(after.time_difference).toBe('+4.0h');
    expect(after.source.is_dst).toBe(true);
  });

  it('moves a time in a spring-forward gap past the gap (New York 02:30 is 03:30 EDT)', () => {
    const r = convertTime('America/New_York', '2025-03-09T02:30', 'UTC');
    expect(r.source.datetime).toBe('2025-03-09T03:30:00-04:00');
    expect(r.target.datetime).toBe('2025-03-09T07:30:00+00:00');
  });

  it('takes the first of two times in a fall-back overlap, or the one an offset picks', () => {
    expect(convertTime('America/New_York', '2025-11-02T01:30', 'UTC').target.datetime).toBe('2025-11-02T05:30:00+00:00');
    const second = convertTime('America/New_York', '2025-11-02T01:30-05:00', 'UTC');
    expect(second.target.datetime).toBe('2025-11-02T06:30:00+00:00');
    expect(second.source).toMatchObject({ datetime: '2025-11-02T01:30:00-05:00', is_dst: false });
  });

  it('handles Europe: Berlin gap and overlap', () => {
    expect(convertTime('Europe/Berlin', '2025-03-30T02:15', 'UTC').source.datetime).toBe('2025-03-30T03:15:00+02:00');
    expect(convertTime('Europe/Berlin', '2025-10-26T02:30', 'UTC').target.datetime).toBe('2025-10-26T00:30:00+00:00');
    expect(convertTime('Europe/Berlin', '2025-10-26T02:30+01:00', 'UTC').target.datetime).toBe('2025-10-26T01:30:00+00:00');
  });

  it('handles the southern hemisphere: Sydney overlap in April, gap in October', () => {
    const overlap = convertTime('Australia/Sydney', '2025-04-06T02:30', 'UTC');
    expect(overlap.source).toMatchObject({ datetime: '2025-04-06T02:30:00+11:00', is_dst: true });
    expect(convertTime('Australia/Sydney', '2025-04-06T02:30+10:00', 'UTC').target.datetime).toBe('2025-04-05T16:30:00+00:00');
    expect(convertTime('Australia/Sydney', '2025-10-05T02:30', 'UTC').source.datetime).toBe('2025-10-05T03:30:00+11:00');
  });

  it('handles a half-hour shift (Lord Howe) and a skipped day (Samoa, 30 December 2011)', () => {
    expect(convertTime('Australia/Lord_Howe', '2025-10-05T02:10', 'UTC').source.datetime).toBe('2025-10-05T02:40:00+11:00');
    const samoa = convertTime('Pacific/Apia', '2011-12-30T12:00', 'UTC');
    expect(samoa.source.datetime).toBe('2011-12-31T12:00:00+14:00');
    expect(samoa.target.datetime).toBe('2011-12-30T22:00:00+00:00');
  });

  it('converts between two zones changing on different days with the offsets of that instant', () => {
    const r = convertTime('Europe/London', '2025-03-29T12:00', 'America/New_York');
    expect(r).toMatchObject({
      time_difference: '-4.0h',
      target: { datetime: '2025-03-29T08:00:00-04:00', day_of_week: 'Saturday' },
    });
  });

  it('refuses an offset the zone does not use then, and impossible dates', () => {
    expect(() => convertTime('America/New_York', '2025-07-01T12:00-05:00', 'UTC')).toThrow(
      'The offset in 2025-07-01T12:00-05:00 is not one that America/New_York uses at that time',
    );
    expect(() => convertTime('UTC', '2025-02-29T12:00', 'UTC')).toThrow(/^Invalid date-time: 2025-02-29T12:00/);
    expect(() => convertTime('UTC', '2025-01-01T24:00', 'UTC')).toThrow(TimeError);
  });
});

describe('the official error texts', () => {
  it('for times it cannot read', () => {
    for (const bad of ['25:00', '12:60', 'noon', '12:00:00', '', ' 12:00', '12h30']) {
      expect(() => convertTime('UTC', bad, 'UTC')).toThrow(BAD_TIME);
    }
    expect(BAD_TIME).toBe('Invalid time format. Expected HH:MM [24-hour format]');
  });

  it('for zones, in the order the official checks them (source, target, then time)', () => {
    expect(() => convertTime('Mars/Olympus', 'bad', 'Nowhere/Else')).toThrow(
      "Invalid timezone: 'No time zone found with key Mars/Olympus'",
    );
    expect(() => convertTime('UTC', 'bad', 'Nowhere/Else')).toThrow(
      "Invalid timezone: 'No time zone found with key Nowhere/Else'",
    );
    expect(() => currentTime('/etc/localtime')).toThrow(
      'Invalid timezone: ZoneInfo keys may not be absolute paths, got: /etc/localtime',
    );
    expect(() => currentTime('Europe/../UTC')).toThrow(
      'Invalid timezone: ZoneInfo keys must be normalized relative paths, got: Europe/../UTC',
    );
  });
});

describe('is_dst, by the tz rules', () => {
  const at = (zone: string, date: string) => {
    const { datetime, is_dst } = currentTime(zone, Date.parse(`${date}T12:00:00Z`));
    return `${datetime} ${String(is_dst)}`;
  };

  it('in both hemispheres, in zones without DST, and for half-hour DST', () => {
    expect(at('America/Santiago', '2025-01-15')).toBe('2025-01-15T09:00:00-03:00 true');
    expect(at('America/Santiago', '2025-07-15')).toBe('2025-07-15T08:00:00-04:00 false');
    expect(at('Asia/Tokyo', '2025-01-15')).toBe('2025-01-15T21:00:00+09:00 false');
    expect(at('Asia/Kolkata', '2025-07-15')).toBe('2025-07-15T17:30:00+05:30 false');
    expect(at('Etc/GMT-14', '2025-07-15')).toBe('2025-07-16T02:00:00+14:00 false');
    // Lord Howe Island moves its clock by 30 minutes.
    expect(at('Australia/Lord_Howe', '2025-01-15')).toBe('2025-01-15T23:00:00+11:00 true');
    expect(at('Australia/Lord_Howe', '2025-07-15')).toBe('2025-07-15T22:30:00+10:30 false');
    // Troll station moves it by two hours.
    expect(at('Antarctica/Troll', '2025-07-15')).toBe('2025-07-15T14:00:00+02:00 true');
    expect(at('Antarctica/Troll', '2025-01-15')).toBe('2025-01-15T12:00:00+00:00 false');
  });

  it('is not DST after a lasting change of standard offset in the middle of a year', () => {
    // Venezuela moved from -04:30 to -04:00 on 2016-05-01; North Korea back to +09:00 on 2018-05-04.
    expect(at('America/Caracas', '2016-06-15')).toBe('2016-06-15T08:00:00-04:00 false');
    expect(at('Asia/Pyongyang', '2018-06-15')).toBe('2018-06-15T21:00:00+09:00 false');
    // Jordan and Yukon stayed on their summer offset for good (October 2022, November 2020): DST until then, standard after.
    expect(at('Asia/Amman', '2022-12-15')).toBe('2022-12-15T15:00:00+03:00 false');
    expect(at('America/Whitehorse', '2020-07-15')).toBe('2020-07-15T05:00:00-07:00 true');
    expect(at('America/Whitehorse', '2020-12-15')).toBe('2020-12-15T05:00:00-07:00 false');
  });

  it('reads negative DST as standard time: summer is DST in Dublin, Ramadan is not in Morocco', () => {
    expect(at('Europe/Dublin', '2025-07-15')).toBe('2025-07-15T13:00:00+01:00 true');
    expect(at('Europe/Dublin', '2025-01-15')).toBe('2025-01-15T12:00:00+00:00 false');
    expect(at('Africa/Casablanca', '2025-03-15')).toBe('2025-03-15T12:00:00+00:00 false');
    expect(at('Africa/Casablanca', '2025-07-15')).toBe('2025-07-15T13:00:00+01:00 false');
  });
});
