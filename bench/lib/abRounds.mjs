/**
 * The A/B loop of the in-process microbenchmarks (`micro.mjs`,
 * `micro-client.mjs`): each build is set up and warmed, then the builds run
 * `calls` calls in alternating rounds, and the median CPU per call of each is
 * printed.
 */

/**
 * `builds` are `[name, module]` pairs; `setUp(module)` resolves to `run(n)`,
 * which makes `n` calls through that build.
 */
export async function runRounds(builds, setUp, calls, rounds) {
  const runners = [];
  for (const [name, module] of builds) {
    const run = await setUp(module);
    await run(20_000); // warm-up
    runners.push({ name, module, run, samples: [] });
  }
  for (let r = 0; r < rounds; r++) {
    for (const runner of runners) {
      const c0 = process.cpuUsage();
      await runner.run(calls);
      const c = process.cpuUsage(c0);
      runner.samples.push((c.user + c.system) / calls);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const { name, module, samples } of runners) {
    console.log(
      `${name} ${module}: ${median(samples).toFixed(2)} µs CPU/call (median of ${rounds}; rounds: ${samples.map((x) => x.toFixed(2)).join(' ')})`,
    );
  }
}
