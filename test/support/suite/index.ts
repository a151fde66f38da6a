/**
 * The one suite every official client runs against the everything server:
 * every tool, resource, prompt and completion, with the exact content that
 * must come back, and the server-to-client requests answered.
 *
 * @module
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { Harness } from '../harness.js';
import { promptTests } from './promptTests.js';
import { resourceTests } from './resourceTests.js';
import { toolTests } from './toolTests.js';

export { PROMPT_NAMES, TOOL_NAMES } from './helpers.js';

/** Registers the suite under `label`; `connect` makes a fresh client (and server) for it. */
export function describeEverything(label: string, connect: () => Promise<Harness>): void {
  describe(label, () => {
    let h: Harness | undefined;
    const connected = (): Harness => {
      if (h === undefined) throw new Error('not connected');
      return h;
    };
    beforeAll(async () => {
      h = await connect();
    });
    afterAll(async () => {
      await h?.close();
    });
    describe('tools', () => {
      toolTests(connected);
    });
    describe('resources', () => {
      resourceTests(connected);
    });
    describe('prompts', () => {
      promptTests(connected);
    });
  });
}
