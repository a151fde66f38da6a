// Attacks on the router of an upstream shared by several callers: an upstream's
// log line must never reach a caller whose request it may not be about.
import { describe, expect, it, onTestFinished } from 'vitest';
import { McpServer } from '../../src/server/index.js';
import { connectInMemory, type TestClient } from '../../src/testing/index.js';
import { deferred, waitFor } from '../helpers.js';
import { proxied } from './fixtures.js';

/** An upstream whose `slow` tool logs its caller's text, tells the test, and waits to be released. */
function loggingUpstream() {
  const server = new McpServer({ name: 'up', version: '1.0.0' });
  const entered = new Map([
    ['A', deferred()],
    ['B', deferred()],
  ]);
  const release = deferred();
  server.tool({ name: 'slow', input: { type: 'object', properties: { who: { type: 'string' } } } }, async (args, ctx) => {
    const who = String((args as { who?: unknown }).who);
    await ctx.log('info', `secret of ${who}`);
    entered.get(who)?.resolve();
    await release.promise;
    return `done ${who}`;
  });
  return { server, entered, release };
}

function logLines(client: TestClient): string[] {
  const lines: string[] = [];
  client.onNotification('notifications/message', (params) => {
    lines.push(String(params['data']));
  });
  return lines;
}

describe('an upstream shared by two callers', () => {
  it("does not send one caller's upstream log line to the other", async () => {
    const up = loggingUpstream();
    const { caller: a, server } = await proxied(up.server, { caller: { era: 'handshake' } });
    const b = await connectInMemory(server, { era: 'handshake' });
    onTestFinished(() => b.close());
    const aLines = logLines(a);
    const bLines = logLines(b);
    // Each caller asks for every level (the first one's is forwarded upstream).
    await a.setLoggingLevel({ level: 'debug' });
    await b.setLoggingLevel({ level: 'debug' });

    // A alone in flight: its own line reaches it.
    const aCall = a.callTool({ name: 'slow', arguments: { who: 'A' } });
    await up.entered.get('A')?.promise;
    await waitFor(() => aLines.includes('secret of A'), 10_000, "A's own log line");
    // B's call overlaps A's: whose B's line is cannot be told, so neither caller gets it.
    const bCall = b.callTool({ name: 'slow', arguments: { who: 'B' } });
    await up.entered.get('B')?.promise;
    up.release.resolve();
    await Promise.all([aCall, bCall]);
    // B alone in flight afterwards: its line reaches it (and only it), so the overlapping one was dropped, not late.
    await b.callTool({ name: 'slow', arguments: { who: 'B again' } });
    await waitFor(() => bLines.includes('secret of B again'), 10_000, "B's own log line");
    expect(aLines).toEqual(['secret of A']);
    expect(bLines).toEqual(['secret of B again']);
  });
});
