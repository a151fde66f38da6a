// Python's spellings: isoformat offsets, the time difference, json.dumps.
import { describe, expect, it } from 'vitest';
import { formatHoursDifference, formatOffset, pythonJson } from './format.js';

describe('Python spellings', () => {
  it('offsets as isoformat writes them, seconds only when present', () => {
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(-(3 * 3600 + 30 * 60) * 1000)).toBe('-03:30');
    expect(formatOffset((53 * 60 + 28) * 1000)).toBe('+00:53:28');
  });

  it('hour differences as f"{h:+.1f}h" or the trimmed two-decimal form', () => {
    expect(formatHoursDifference(9 * 3600_000)).toBe('+9.0h');
    expect(formatHoursDifference(-5 * 3600_000)).toBe('-5.0h');
    expect(formatHoursDifference(0)).toBe('+0.0h');
    expect(formatHoursDifference(5.75 * 3600_000)).toBe('+5.75h');
    expect(formatHoursDifference(-9.5 * 3600_000)).toBe('-9.5h');
    expect(formatHoursDifference(0.25 * 3600_000)).toBe('+0.25h');
  });

  it('json.dumps(indent=2) with non-ASCII escaped', () => {
    expect(pythonJson({ a: 'é', b: { c: true } })).toBe('{\n  "a": "\\u00e9",\n  "b": {\n    "c": true\n  }\n}');
  });
});
