const r = () => (process.memoryUsage().rss / 1e6).toFixed(1);
const h = () => (process.memoryUsage().heapUsed / 1e6).toFixed(1);
const out = [`boot ${r()}/${h()}`];
for (const m of process.argv.slice(2)) {
  await import(m);
  out.push(`${m.replace('./dist/', '')} ${r()}/${h()}`);
}
console.log(out.join('  '));
