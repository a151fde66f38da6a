import { HttpError } from 'mcpkit/http';
import { describe, expect, it } from 'vitest';
import { ProcessGate } from './processGate.js';

describe('ProcessGate', () => {
  it('refuses past its cap with a 503 naming the flag, and takes each slot back once', () => {
    const gate = new ProcessGate(2);
    const first = gate.acquire();
    gate.acquire();
    let refused: unknown;
    try {
      gate.acquire();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '5' } });
    expect((refused as HttpError).message).toContain('--max-processes');
    first();
    first(); // a second release gives back nothing more
    gate.acquire();
    expect(() => gate.acquire()).toThrow(HttpError);
  });
});
