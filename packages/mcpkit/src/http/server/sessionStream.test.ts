import { describe, expect, it } from 'vitest';
import { eventId, parseEventId } from './sessionStream.js';

describe('event ids', () => {
  it('name their stream and round-trip', () => {
    expect(eventId(3, 17)).toBe('3_17');
    expect(parseEventId('3_17')).toEqual({ no: 3, seq: 17 });
    expect(parseEventId(' 0_0 ')).toEqual({ no: 0, seq: 0 });
  });

  it('reject anything else', () => {
    for (const id of ['', '3', '3_', '_1', 'a_1', '1_2_3', '-1_2', '1_1e3']) expect(parseEventId(id)).toBeUndefined();
  });
});
