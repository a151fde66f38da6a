// The test projects, one per cost class. A file's name (its last suffix before
// `.test.ts`) or its folder decides its project, never a list of files:
//
//   unit     the library's in-process units, on its sources (`npm run test:fast`)
//   built    in-process units of the apps, the servers and the root (they import the build)
//   sdk      `*.sdk.test.ts`, `interop*.test.ts`: in memory, against the official SDKs
//   fuzz     `*.fuzz.test.ts`: property-based fuzzing (CPU-bound)
//   process  `*.process.test.ts`: spawns processes (the CLI, servers, git), mostly waits on them
//   redis    `*.redis.test.ts`: starts its own redis-server and clusters of processes
//   browser  `*.browser.test.ts`: drives Chromium
//   bench    `*.bench.test.ts`: runs the benchmark scripts' quick mode
//   install  `*.install.test.ts`: packs and installs tarballs
//
// `npm test` (scripts/test.mjs) runs each project as its own stage, with its own
// worker count; a bare `npx vitest run` runs them one group after another (a
// group per worker count, as vitest requires). Type tests (`*.test-d.ts`) are
// checked by `npm run typecheck` (tsconfig.json includes them), not here.
import { configDefaults, defineConfig } from 'vitest/config';

const CLASSES = ['sdk', 'fuzz', 'process', 'redis', 'browser', 'bench', 'install'] as const;
type CostClass = (typeof CLASSES)[number];

/** Where tests live (never node_modules or dist). */
const ROOTS = ['packages/*/{src,test}', 'apps/*/{src,test}', 'servers/*/{src,test}', 'test'];

/** The files of a cost class, wherever they are. */
function named(suffix: CostClass): string[] {
  const own = ROOTS.map((root) => `${root}/**/*.${suffix}.test.ts`);
  return suffix === 'sdk' ? [...own, ...ROOTS.map((root) => `${root}/**/interop*.test.ts`)] : own;
}

/** Every named cost class: what a plain-`*.test.ts` project leaves to the others. */
const COSTLY = CLASSES.flatMap(named);

/** The files of every class but `suffix`'s own, by their last suffix. */
function COSTLY_BUT(suffix: CostClass): string[] {
  return CLASSES.filter((c) => c !== suffix).flatMap((c) => ROOTS.map((root) => `${root}/**/*.${c}.test.ts`));
}

/**
 * In-process tests get 20 s each; tests that start processes or services, 60 s (a loaded machine
 * starts them slowly); tests that run tsc or npm over the packed packages, or a benchmark, 5 minutes.
 */
const TIMEOUT = { fast: 20_000, slow: 60_000, heavy: 300_000 };

/**
 * One project. `workers` is how many files run at once; `order` puts projects
 * of different worker counts in groups of their own for a bare `vitest run`.
 */
function project(
  name: string,
  include: string[],
  options: { workers: number; order: number; timeout: number; exclude?: string[]; isolate?: boolean },
) {
  return {
    extends: true as const,
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, '**/dist/**', ...(options.exclude ?? [])],
      maxWorkers: options.workers,
      sequence: { groupOrder: options.order },
      testTimeout: options.timeout,
      hookTimeout: options.timeout,
      isolate: options.isolate ?? true,
    },
  };
}

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      // Many units wait on timers rather than compute: four workers keep two cores busy. Files share
      // their worker's modules (not isolated): re-importing the library for each file was two thirds
      // of the loop's CPU (50 s of CPU isolated, 17 s shared). To check whether a failure comes from
      // state another file left behind, set `isolate: true` here, or run the file alone.
      project('unit', ['packages/*/{src,test}/**/*.test.ts'], {
        workers: 4,
        order: 0,
        timeout: TIMEOUT.fast,
        exclude: COSTLY,
        isolate: false,
      }),
      project('built', ['apps/*/{src,test}/**/*.test.ts', 'servers/*/{src,test}/**/*.test.ts', 'test/**/*.test.ts'], {
        workers: 4,
        order: 0,
        timeout: TIMEOUT.fast,
        exclude: COSTLY,
      }),
      // `interop*` files named for another class (`interopX.process.test.ts`) belong to that class.
      project('sdk', named('sdk'), { workers: 4, order: 0, timeout: TIMEOUT.slow, exclude: COSTLY_BUT('sdk') }),
      project('fuzz', named('fuzz'), { workers: 2, order: 1, timeout: TIMEOUT.slow }),
      // Process tests mostly wait on their children: more files at once than cores.
      project('process', named('process'), { workers: 3, order: 2, timeout: TIMEOUT.slow }),
      // One redis-server per file, restarted on the port it picked by some tests: one file at a time.
      project('redis', named('redis'), { workers: 1, order: 3, timeout: TIMEOUT.slow }),
      project('browser', named('browser'), { workers: 1, order: 3, timeout: TIMEOUT.slow }),
      project('bench', named('bench'), { workers: 1, order: 3, timeout: TIMEOUT.heavy }),
      project('install', named('install'), { workers: 1, order: 3, timeout: TIMEOUT.heavy }),
    ],
  },
});
