const t0 = performance.now();
await import(process.argv[2]);
const t1 = performance.now();
console.log(process.argv[2], 'start', t0.toFixed(1), 'import', (t1 - t0).toFixed(1));
