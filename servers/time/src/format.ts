/**
 * The texts of mcp-server-time, written the way Python writes them:
 * `datetime.isoformat(timespec="seconds")`, `strftime("%A")`, the
 * `time_difference` string, and `json.dumps(..., indent=2)`.
 *
 * @module
 */
import type { WallTime } from './zone.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `±HH:MM`, or `±HH:MM:SS` for the odd historical offset with seconds (as Python does). */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const total = Math.round(Math.abs(offsetMs) / 1000);
  const seconds = total % 60;
  const hm = `${sign}${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}`;
  return seconds === 0 ? hm : `${hm}:${pad(seconds)}`;
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM`: Python's `isoformat(timespec="seconds")` of an aware datetime. */
export function isoFormat(wall: WallTime, offsetMs: number): string {
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  return `${date}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${formatOffset(offsetMs)}`;
}

/** The English day name (`strftime("%A")` in the C locale). */
export function dayOfWeek(wall: WallTime): string {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  return DAYS[date.getUTCDay()] ?? '';
}

/**
 * The official `time_difference`: whole hours as `+9.0h`, fractions with up
 * to two decimals and no trailing zeros (`+5.75h`, `-3.5h`).
 */
export function formatHoursDifference(diffMs: number): string {
  const hours = diffMs / 3600_000;
  const sign = hours < 0 ? '-' : '+';
  if (Number.isInteger(hours)) return `${sign}${Math.abs(hours).toFixed(1)}h`;
  const text = Math.abs(hours).toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  return `${sign}${text}h`;
}

/** `json.dumps(value, indent=2)`: two-space indent and non-ASCII escaped as `\uXXXX` (Python's default). */
export function pythonJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) =>
    c === '\u007f' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
