/** The shared-store contract (`storeContract.ts`) against the in-memory store: two processes of one `MemoryShared`. */
import { describe } from 'vitest';
import { MemoryShared } from '../../src/scaleout/index.js';
import { storeContract } from './storeContract.js';

describe('the in-memory shared store keeps the store contract', () => {
  storeContract(() => {
    const shared = new MemoryShared();
    return Promise.resolve({ a: shared.store(), b: shared.store() });
  });
});
