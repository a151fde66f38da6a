// `npm run test:fast`: the library's unit tests on its sources, no build
// first. Leaves out what needs the build, a process, a network peer or
// another SDK (process tests, interop with the official SDKs, the apps,
// the servers and the root tests), the Redis scale-out tests and the
// fuzzing, and the type tests (tsc). `npm test`
// runs everything.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/mcpkit/src/**/*.test.ts', 'packages/mcpkit/test/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      'packages/mcpkit/test/scaleout/**',
      'packages/mcpkit/test/fuzz/**',
      '**/*.process.test.ts',
      '**/*.sdk.test.ts',
      '**/interop*.test.ts',
      '**/sdkV*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Many unit tests wait on timers rather than compute: four workers on two cores keep both busy.
    maxWorkers: 4,
  },
});
