/**
 * What is measured: per transport suite, the raw driver against every server
 * (the server differs), every client against the raw server (the client
 * differs), and every full stack; for HTTP sessions, the heap each session keeps.
 */
export const IMPLS = ['mcpkit', 'v1', 'v2', 'raw'];

export const SUITES = [
  { id: 'stdio', title: 'stdio (handshake era, 2025-11-25)', transport: 'stdio', mode: 'session' },
  { id: 'stdio-stateless', title: 'stdio, stateless (2026-07-28)', transport: 'stdio', mode: 'stateless' },
  { id: 'http-session', title: 'Streamable HTTP, handshake era with sessions (2025-11-25)', transport: 'http', mode: 'session' },
  { id: 'http-stateless', title: 'Streamable HTTP, stateless (2026-07-28)', transport: 'http', mode: 'stateless' },
];

/** True where an implementation speaks the suite's era (v1 predates 2026-07-28). */
export function supports(impl, suite) {
  return !(impl === 'v1' && suite.mode === 'stateless');
}

export function scenarioKey(suite, client, server, heap = false) {
  return `${suite}|${client}|${server}${heap ? '|heap' : ''}`;
}

export function scenarios() {
  const list = [];
  const seen = new Set();
  const add = (suite, client, server, heap = false) => {
    if (!supports(client, suite) || !supports(server, suite)) return;
    const key = scenarioKey(suite.id, client, server, heap);
    if (seen.has(key)) return;
    seen.add(key);
    const label = `${suite.id} ${client}→${server}${heap ? ' (sessions)' : ''}`;
    list.push({
      key,
      suite: suite.id,
      transport: suite.transport,
      mode: suite.mode,
      client,
      server,
      label,
      ...(heap && { sessions: true }),
    });
  };
  for (const suite of SUITES) {
    for (const server of IMPLS) add(suite, 'raw', server);
    for (const client of IMPLS) add(suite, client, 'raw');
    for (const impl of IMPLS) add(suite, impl, impl);
    if (suite.mode === 'session' && suite.transport === 'http') for (const server of IMPLS) add(suite, 'raw', server, true);
  }
  return list;
}
