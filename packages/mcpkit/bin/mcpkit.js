#!/usr/bin/env node
/* global process */
// The `mcpkit` command. The library and the command line are one package, so
// `npx mcpkit …` finds this bin; the command line's code (dist/cli, the CLI
// bundled with its servers and inspector) loads only here, never through the
// library's exports. Plain JavaScript so that it exists before the build (npm
// links bins at install time).
import('../dist/cli/bin.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/bin.js')) {
    process.stderr.write('mcpkit: the CLI is not built yet; run `npm run build` at the repository root.\n');
  } else {
    process.stderr.write(`mcpkit: ${error?.stack ?? String(error)}\n`);
  }
  process.exitCode = 1;
});
