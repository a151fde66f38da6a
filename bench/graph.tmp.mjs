import { init, parse } from 'es-module-lexer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
await init;
const seen = new Map();
function walk(file) {
  if (seen.has(file)) return;
  const src = readFileSync(file, 'utf8');
  seen.set(file, src.length);
  const [imports] = parse(src);
  for (const im of imports) {
    if ((im.type ?? (im.d === -1 ? 'static' : 'dynamic')) !== 'static') continue;
    const n = im.specifier ?? im.n;
    if (!n || n.startsWith('node:')) continue;
    let target;
    if (n.startsWith('.')) target = resolve(dirname(file), n);
    else { try { target = import.meta.resolve(n).replace('file://', ''); } catch { continue; } }
    walk(target);
  }
}
walk(import.meta.resolve(process.argv[2]).replace('file://', ''));
let total = 0; for (const v of seen.values()) total += v;
console.log(process.argv[2], seen.size, 'files', (total/1024).toFixed(0), 'KB');
if (process.argv[3]) for (const [f, s] of [...seen].sort((a,b)=>b[1]-a[1]).slice(0, +process.argv[3])) console.log((s/1024).toFixed(1), f.replace(process.cwd(), ''));
