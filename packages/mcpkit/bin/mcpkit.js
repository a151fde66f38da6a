#!/usr/bin/env node
/* global process */
// The `mcpkit` command. Plain JavaScript so that it exists before the build
// (npm links bins at install time); the CLI itself is compiled TypeScript.
import('../dist/bundle/bin.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bundle/bin.js')) {
    process.stderr.write('mcpkit: the CLI is not built yet; run `npm run build` at the repository root.\n');
  } else {
    process.stderr.write(`mcpkit: ${error?.stack ?? String(error)}\n`);
  }
  process.exitCode = 1;
});
