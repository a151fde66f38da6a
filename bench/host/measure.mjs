/** Runs `once` `warmup` times, then `asks` times measured: CPU and wall time per run, as the loops print them. */
export async function measure(once, { asks, warmup }) {
  for (let i = 0; i < warmup; i++) await once();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < asks; i++) await once();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { cpuUsPerRoundTrip: (used.user + used.system) / asks, wallMsPerRoundTrip: wall / asks };
}
