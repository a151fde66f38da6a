/**
 * How long the property-based fuzzing runs: a fixed seed and a bounded number
 * of runs in the suite; `MCPKIT_FUZZ_RUNS=100000` (and optionally
 * `MCPKIT_FUZZ_SEED`) for a longer run on demand.
 *
 * @module
 */
const runs = Number(process.env['MCPKIT_FUZZ_RUNS'] ?? '');
const seed = Number(process.env['MCPKIT_FUZZ_SEED'] ?? '');

/** The fast-check parameters of a property: `scale` shrinks the default count for costly properties. */
export function fuzzParameters(scale = 1): { seed: number; numRuns: number } {
  return {
    seed: Number.isInteger(seed) && process.env['MCPKIT_FUZZ_SEED'] !== undefined ? seed : 20_261_128,
    numRuns: Number.isInteger(runs) && runs > 0 ? runs : Math.max(20, Math.round(300 * scale)),
  };
}

/** Test timeout for a fuzzing test: generous by default, unbounded-ish for long runs. */
export const FUZZ_TIMEOUT_MS: number = Number.isInteger(runs) && runs > 0 ? 24 * 3_600_000 : 120_000;
