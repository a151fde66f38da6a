import { describe, expect, it } from 'vitest';
import { checkSchemaBounds, type SchemaBounds } from './schemaBounds.js';

/** The message `checkSchemaBounds` throws with, or `'ok'`. */
function outcome(schema: object, bounds?: SchemaBounds): string {
  try {
    checkSchemaBounds(schema, bounds);
    return 'ok';
  } catch (error) {
    expect(error).toMatchObject({ name: 'LocalError', code: 'INVALID_ARGUMENT' });
    return (error as Error).message;
  }
}

describe('checkSchemaBounds', () => {
  it('counts arrays and objects as levels', () => {
    expect(outcome({ a: [{ b: {} }] }, { maxDepth: 4 })).toBe('ok');
    expect(outcome({ a: [{ b: { c: {} } }] }, { maxDepth: 4 })).toMatch(/nested deeper than 4 levels/);
  });

  it('ignores scalars, however many', () => {
    expect(outcome({ enum: Array.from({ length: 50_000 }, (_, i) => i) })).toBe('ok');
  });

  it('caps the number of objects and arrays', () => {
    expect(outcome({ anyOf: Array.from({ length: 10_000 }, () => ({})) })).toMatch(/more than 10000 objects and arrays/);
  });

  it('ends on a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = [cyclic];
    expect(outcome(cyclic)).toMatch(/nested deeper than 64 levels \(or is cyclic\)/);
  });

  it('does not overflow the stack on a very deep document', () => {
    let deep: object = {};
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    expect(outcome(deep)).toMatch(/nested deeper than/);
  });
});
