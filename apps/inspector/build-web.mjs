#!/usr/bin/env node
/**
 * Builds the inspector's front end into `dist/web`: `src/web/main.tsx` and
 * what it imports (Preact included) bundled and minified into one `app.js`,
 * beside `index.html` and `app.css`. Everything the page loads is here, so
 * nothing is fetched from elsewhere at run time. Prints the gzipped size
 * of the JavaScript (the budget is 250 KB).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';

const here = fileURLToPath(new URL('.', import.meta.url));
const src = join(here, 'src', 'web');
const out = join(here, 'dist', 'web');
const BUDGET = 250 * 1024;

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  input: join(src, 'main.tsx'),
  platform: 'browser',
  logLevel: 'warn',
  tsconfig: join(here, 'tsconfig.web.json'),
  output: { file: join(out, 'app.js'), format: 'esm', minify: true, sourcemap: false },
});
copyFileSync(join(src, 'index.html'), join(out, 'index.html'));
copyFileSync(join(src, 'app.css'), join(out, 'app.css'));
const gz = gzipSync(readFileSync(join(out, 'app.js'))).length;
if (gz > BUDGET) throw new Error(`inspector: app.js is ${String(gz)} bytes gzipped, over the ${String(BUDGET)}-byte budget`);
console.log(`inspector: front end built, app.js ${(gz / 1024).toFixed(1)} KB gzipped`);
