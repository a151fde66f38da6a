/**
 * Turns the repetitions into markdown: targets first, then per suite the
 * absolute figures (medians) and mcpkit's ratios to v1, v2 and the raw baseline.
 */
import { IMPLS, scenarioKey, supports } from './scenarios.mjs';

/** Every figure: how to read it from a driver result, how to print it, which way is better. */
const FIGURES = {
  p50: { label: 'latency p50 (µs)', get: (r) => r.p50Us, digits: 0 },
  p99: { label: 'latency p99 (µs)', get: (r) => r.p99Us, digits: 0 },
  thr: { label: 'calls/s, 64 in flight', get: (r) => r.throughput, digits: 0, higher: true },
  srvPar: { label: 'server CPU µs/call, 64 in flight', get: (r) => r.serverCpuParUs, digits: 1 },
  srvSeq: { label: 'server CPU µs/call, sequential', get: (r) => r.serverCpuSeqUs, digits: 1 },
  cliPar: { label: 'client CPU µs/call, 64 in flight', get: (r) => r.clientCpuParUs, digits: 1 },
  cliSeq: { label: 'client CPU µs/call, sequential', get: (r) => r.clientCpuSeqUs, digits: 1 },
  srvWarm: { label: 'server CPU µs/call, warm-up', get: (r) => r.serverCpuWarmUs, digits: 1 },
  cliWarm: { label: 'client CPU µs/call, warm-up', get: (r) => r.clientCpuWarmUs, digits: 1 },
  cold: { label: 'cold start, spawn → first result (ms)', get: (r) => r.coldStartMs, digits: 0 },
  load: { label: 'client process start → library loaded (ms)', get: (r) => r.importMs, digits: 0 },
  rss: { label: 'server RSS after the run (MB)', get: (r) => r.serverRss / 1e6, digits: 1 },
  heap: { label: 'server heap kept per session (KB)', get: (r) => r.heapPerSessionBytes / 1024, digits: 2 },
};

const ABSOLUTE = ['p50', 'p99', 'thr', 'srvPar', 'srvSeq', 'srvWarm', 'cliPar', 'cliSeq', 'cliWarm', 'cold', 'rss'];

/** What each comparison holds constant, and the figures it is read for. */
const VIEWS = [
  {
    id: 'server',
    title: 'Server differs (raw driver → each server)',
    pair: (impl) => ['raw', impl],
    figures: ['srvPar', 'srvSeq', 'srvWarm', 'thr', 'p50', 'p99', 'cold', 'rss'],
  },
  { id: 'heap', title: 'Server differs: sessions', pair: (impl) => ['raw', impl], heap: true, figures: ['heap'] },
  {
    id: 'client',
    title: 'Client differs (each client → raw server)',
    pair: (impl) => [impl, 'raw'],
    figures: ['cliPar', 'cliSeq', 'cliWarm', 'thr', 'p50', 'load'],
  },
  {
    id: 'stack',
    title: 'Full stack (each client → its own server)',
    pair: (impl) => [impl, impl],
    figures: ['thr', 'p50', 'p99', 'srvPar', 'cliPar', 'cold'],
  },
];

/** The targets of issue 6, as ratios of mcpkit to the official v2 SDK. */
const TARGETS = [
  { suite: 'stdio', view: 'server', figure: 'srvPar', max: 0.25, text: 'stdio server CPU/call ≤ 0.25× v2' },
  {
    suite: 'stdio-stateless',
    view: 'server',
    figure: 'srvPar',
    max: 0.25,
    text: 'stdio (stateless) server CPU/call ≤ 0.25× v2',
  },
  { suite: 'http-session', view: 'server', figure: 'srvPar', max: 0.4, text: 'HTTP (sessions) server CPU/call ≤ 0.4× v2' },
  { suite: 'http-stateless', view: 'server', figure: 'srvPar', max: 0.4, text: 'HTTP (stateless) server CPU/call ≤ 0.4× v2' },
  { suite: 'stdio', view: 'client', figure: 'cliPar', max: 0.3, text: 'stdio client CPU/call ≤ 0.3× v2' },
  { suite: 'stdio-stateless', view: 'client', figure: 'cliPar', max: 0.3, text: 'stdio (stateless) client CPU/call ≤ 0.3× v2' },
  { suite: 'http-session', view: 'client', figure: 'cliPar', max: 0.3, text: 'HTTP (sessions) client CPU/call ≤ 0.3× v2' },
  { suite: 'http-stateless', view: 'client', figure: 'cliPar', max: 0.3, text: 'HTTP (stateless) client CPU/call ≤ 0.3× v2' },
  { suite: 'stdio', view: 'stack', figure: 'thr', min: 2.5, text: 'stdio throughput @64 (full stack) ≥ 2.5× v2' },
  {
    suite: 'stdio-stateless',
    view: 'stack',
    figure: 'thr',
    min: 2.5,
    text: 'stdio (stateless) throughput @64 (full stack) ≥ 2.5× v2',
  },
  {
    suite: 'http-session',
    view: 'stack',
    figure: 'thr',
    min: 2.5,
    text: 'HTTP (sessions) throughput @64 (full stack) ≥ 2.5× v2',
  },
  {
    suite: 'http-stateless',
    view: 'stack',
    figure: 'thr',
    min: 2.5,
    text: 'HTTP (stateless) throughput @64 (full stack) ≥ 2.5× v2',
  },
  { suite: 'stdio', view: 'server', figure: 'cold', max: 0.5, text: 'cold start (stdio server) ≤ 0.5× v2' },
  {
    suite: 'stdio',
    view: 'server',
    figure: 'rss',
    max: 0.6,
    text: 'stdio server RSS after the run (20,000 calls in a full run) ≤ 0.6× v2',
  },
  { suite: 'http-session', view: 'heap', figure: 'heap', max: 0.3, text: 'heap per HTTP session ≤ 0.3× v2' },
];

function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

function fmt(value, digits) {
  if (value === undefined) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function ratio(a, b) {
  if (a === undefined || b === undefined || b === 0) return undefined;
  return a / b;
}

function fmtRatio(r) {
  return r === undefined ? 'n/a' : `${r.toFixed(2)}×`;
}

export function render(list, results, env, suites) {
  /** Median of a figure for one scenario, or undefined (not run, n/a, failed). */
  const value = (suite, client, server, figure, heap = false) => {
    const runs = results.get(scenarioKey(suite, client, server, heap)) ?? [];
    return median(runs.filter((r) => !r.error && !r.na).map((r) => FIGURES[figure].get(r)));
  };
  const viewValue = (suite, view, impl, figure) => {
    const v = VIEWS.find((x) => x.id === view);
    const [client, server] = v.pair(impl);
    return value(suite, client, server, figure, v.heap === true);
  };

  const lines = [];
  lines.push('# mcpkit benchmark', '');
  lines.push(
    `Node ${env.node} · ${env.cores} cores (${env.cpu}) · ${env.memGiB} GiB · load average ${env.loadStart} at start, ${env.loadEnd} at end · ` +
      `${env.mode} run, medians of ${env.reps} interleaved repetition${env.reps === 1 ? '' : 's'} · ${env.seconds} s · ${env.date}`,
    '',
  );
  lines.push(
    `Calls per run: stdio ${warmUp(env.counts.stdio)} warm-up, then ${env.counts.stdio.seq} sequential + ${env.counts.stdio.par} with 64 in flight; ` +
      `HTTP ${warmUp(env.counts.http)} warm-up, then ${env.counts.http.seq} + ${env.counts.http.par}; ${env.counts.sessions} HTTP sessions for the heap figure${env.counts.sessionsWarm ? ` (after ${env.counts.sessionsWarm} not counted)` : ''}. ` +
      'Ratios are mcpkit ÷ other: below 1 is better for costs, above 1 is better for calls/s.',
    '',
  );

  lines.push(
    '## Targets (mcpkit ÷ official v2, same run)',
    '',
    '| target | mcpkit | v2 | ratio | met |',
    '| --- | ---: | ---: | ---: | :---: |',
  );
  for (const t of TARGETS) {
    if (!list.some((s) => s.suite === t.suite)) continue;
    const f = FIGURES[t.figure];
    const mine = viewValue(t.suite, t.view, 'mcpkit', t.figure);
    const theirs = viewValue(t.suite, t.view, 'v2', t.figure);
    const r = ratio(mine, theirs);
    const met = r === undefined ? '?' : (t.max !== undefined ? r <= t.max : r >= t.min) ? 'yes' : '**no**';
    lines.push(`| ${t.text} | ${fmt(mine, f.digits)} | ${fmt(theirs, f.digits)} | ${fmtRatio(r)} | ${met} |`);
  }
  lines.push('');

  for (const suite of suites) {
    if (!list.some((s) => s.suite === suite.id)) continue;
    lines.push(`## ${suite.title}`, '');
    lines.push('### mcpkit ÷ other', '', '| figure | ÷ v1 | ÷ v2 | ÷ raw |', '| --- | ---: | ---: | ---: |');
    for (const view of VIEWS) {
      if (view.heap && !list.some((s) => s.suite === suite.id && s.sessions)) continue;
      for (const figure of view.figures) {
        const f = FIGURES[figure];
        const mine = viewValue(suite.id, view.id, 'mcpkit', figure);
        const cells = ['v1', 'v2', 'raw'].map((other) =>
          supports(other, suite) ? fmtRatio(ratio(mine, viewValue(suite.id, view.id, other, figure))) : 'n/a',
        );
        lines.push(`| ${view.id}: ${f.label}${f.higher ? ' ↑' : ''} | ${cells.join(' | ')} |`);
      }
    }
    lines.push('');
    lines.push('### Absolute figures (medians)', '');
    lines.push(
      `| client → server | ${ABSOLUTE.map((k) => FIGURES[k].label).join(' | ')} |`,
      `| --- |${ABSOLUTE.map(() => ' ---: |').join('')}`,
    );
    for (const s of list.filter((x) => x.suite === suite.id && !x.sessions)) {
      const runs = results.get(s.key) ?? [];
      const failed = runs.find((r) => r.error);
      const cells = ABSOLUTE.map((k) => fmt(value(s.suite, s.client, s.server, k), FIGURES[k].digits));
      lines.push(`| ${s.client} → ${s.server}${failed ? ' (errors)' : ''} | ${cells.join(' | ')} |`);
    }
    const heapRows = list.filter((x) => x.suite === suite.id && x.sessions);
    if (heapRows.length > 0) {
      lines.push('', `| server (${env.counts.sessions} sessions, raw driver) | ${FIGURES.heap.label} |`, '| --- | ---: |');
      for (const s of heapRows) lines.push(`| ${s.server} | ${fmt(value(s.suite, s.client, s.server, 'heap', true), 2)} |`);
    }
    for (const impl of IMPLS) if (!supports(impl, suite)) lines.push('', `${impl}: n/a (does not speak this era).`);
    lines.push('');
  }
  const errors = [...results].flatMap(([key, runs]) => runs.filter((r) => r.error).map((r) => `- ${key}: ${r.error}`));
  if (errors.length > 0) lines.push('## Errors', '', ...errors, '');
  return `${lines.join('\n')}\n`;
}

/** The warm-up of a run, as `sequential + in flight` (older result files have one `warm` count for both). */
function warmUp(counts) {
  const seq = counts.warmSeq ?? counts.warm;
  const par = counts.warmPar ?? counts.warm;
  return `${seq} sequential + ${par} in flight`;
}
