// `npm run test:fast`: the library's unit tests on its sources, no build
// first. Leaves out what needs the build, a process, a network peer or
// another SDK (process tests, interop with the official SDKs, the apps,
// the servers and the root tests) and the type tests (tsc). `npm test`
// runs everything.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/mcpkit/src/**/*.test.ts', 'packages/mcpkit/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.process.test.ts', '**/*.sdk.test.ts', '**/interop*.test.ts', '**/sdkV*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
