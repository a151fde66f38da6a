/** Tests of the transcript runner itself: it must fail when the wire differs, and update faithfully. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Connection } from '../src/jsonrpc/connection.js';
import type { Transport } from '../src/jsonrpc/transport.js';
import { formatTranscript, normalizeJson, parseTranscript, runTranscript } from './wireTranscript.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-wire-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function file(text: string): string {
  const path = join(dir, 't.txt');
  writeFileSync(path, text);
  return path;
}

/** Answers `id` with `{ id, at: <counter> }`; answers notifications named `bad` (which it must not). */
function serve(transport: Transport): Promise<void> {
  let counter = 0;
  const connection = new Connection(transport, {
    onRequest: (r) => ({ method: r.method, at: counter++ }),
    onNotification: (n) => {
      if (n.method === 'bad') void connection.notify('answered-a-notification');
    },
  });
  return connection.start();
}

const HEADER = 'Why this exists.\nWhat it guards.\n\n';

describe('the transcript runner', () => {
  it('parses and formats a transcript back to the same text', () => {
    const text = `${HEADER}# comment\n> {"a":1}\n< {"b":2}\n! sleep 5\n\n> not json\n`;
    const parsed = parseTranscript(text);
    // Everything before the first > or < line is header, comments included.
    expect(parsed.header).toStrictEqual(['Why this exists.', 'What it guards.', '', '# comment']);
    expect(parsed.body.map((l) => l.kind)).toStrictEqual(['send', 'expect', 'sleep', 'comment', 'send']);
    expect(formatTranscript(parsed)).toBe(text);
  });

  it('rejects a body line it does not understand', () => {
    expect(() => parseTranscript('header\n> {}\nstray prose\n')).toThrow(/line 3/);
  });

  it('compares as normalized JSON: key order and spacing do not matter', async () => {
    expect(normalizeJson('{ "b": 1, "a": { "d": [1, {"f":1,"e":2}], "c": 0 } }')).toBe(
      '{"a":{"c":0,"d":[1,{"e":2,"f":1}]},"b":1}',
    );
    await runTranscript(
      file(
        `${HEADER}> {"jsonrpc":"2.0","id":1,"method":"m"}\n< { "result": {"at":0, "method":"m"}, "id": 1, "jsonrpc": "2.0" }\n`,
      ),
      serve,
    );
  });

  it('fails on a wrong value', async () => {
    const path = file(
      `${HEADER}> {"jsonrpc":"2.0","id":1,"method":"m"}\n< {"jsonrpc":"2.0","id":1,"result":{"method":"m","at":99}}\n`,
    );
    await expect(runTranscript(path, serve)).rejects.toThrow(/UPDATE_GOLDEN/);
  });

  it('fails when the server sends more than the transcript expects', async () => {
    const path = file(`${HEADER}> {"jsonrpc":"2.0","method":"bad"}\n`);
    const error: unknown = await runTranscript(path, serve).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify((error as { actual?: unknown }).actual)).toContain('answered-a-notification');
  });

  it('fails when an expected line never comes', async () => {
    const path = file(`${HEADER}> {"jsonrpc":"2.0","method":"quiet"}\n< {"jsonrpc":"2.0","id":1,"result":null}\n`);
    await expect(runTranscript(path, serve, { timeoutMs: 50 })).rejects.toThrow(/nothing within 50 ms/);
  });

  it('matches "<any>" against any value', async () => {
    await runTranscript(
      file(`${HEADER}> {"jsonrpc":"2.0","id":1,"method":"m"}\n< {"jsonrpc":"2.0","id":1,"result":{"method":"m","at":"<any>"}}\n`),
      serve,
    );
  });

  it('in update mode, rewrites the < lines where they were and keeps everything else', async () => {
    const original = [
      'Header.',
      '',
      '# first exchange',
      '> {"jsonrpc":"2.0","id":1,"method":"a"}',
      '> {"jsonrpc":"2.0","id":2,"method":"b"}',
      '< {"stale":true}',
      '# second exchange',
      '> {"jsonrpc":"2.0","id":3,"method":"c"}',
      '< {"jsonrpc":"2.0","id":"<any>","result":"<any>"}',
      '',
    ].join('\n');
    const path = file(original);
    await runTranscript(path, serve, { update: true });
    expect(readFileSync(path, 'utf8')).toBe(
      [
        'Header.',
        '',
        '# first exchange',
        '> {"jsonrpc":"2.0","id":1,"method":"a"}',
        '> {"jsonrpc":"2.0","id":2,"method":"b"}',
        '< {"jsonrpc":"2.0","id":1,"result":{"method":"a","at":0}}',
        '< {"jsonrpc":"2.0","id":2,"result":{"method":"b","at":1}}',
        '# second exchange',
        '> {"jsonrpc":"2.0","id":3,"method":"c"}',
        '< {"jsonrpc":"2.0","id":"<any>","result":"<any>"}',
        '',
      ].join('\n'),
    );
    // What it wrote passes.
    await runTranscript(path, serve);
  });

  it('in update mode, records after each > line of a file that has no < lines yet', async () => {
    const path = file(`${HEADER}> {"jsonrpc":"2.0","id":1,"method":"a"}\n> {"jsonrpc":"2.0","id":2,"method":"b"}\n`);
    await runTranscript(path, serve, { update: true });
    expect(parseTranscript(readFileSync(path, 'utf8')).body.map((l) => l.kind)).toStrictEqual([
      'send',
      'expect',
      'send',
      'expect',
    ]);
  });

  it('captures a string with "<capture:NAME>" and sends it back, or altered, as "<NAME>"', async () => {
    const issued = `A${Math.random().toString(36).slice(2)}`;
    const tokens = (transport: Transport): Promise<void> =>
      new Connection(transport, {
        onRequest: (r) => {
          if (r.method === 'issue') return { token: issued };
          const { token, altered } = r.params as { token: string; altered: string };
          return { same: token === issued, altered: altered !== issued && altered.length === issued.length };
        },
      }).start();
    const text = [
      HEADER,
      '> {"jsonrpc":"2.0","id":1,"method":"issue"}',
      '< {"jsonrpc":"2.0","id":1,"result":{"token":"<capture:T>"}}',
      '> {"jsonrpc":"2.0","id":2,"method":"check","params":{"token":"<T>","altered":"<T:tampered>"}}',
      '< {"jsonrpc":"2.0","id":2,"result":{"same":true,"altered":true}}',
      '',
    ].join('\n');
    const path = file(text);
    await runTranscript(path, tokens);
    // Update mode captures too, and keeps the placeholders.
    await runTranscript(path, tokens, { update: true });
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('fails on a reference to nothing captured', async () => {
    const path = file(`${HEADER}> {"jsonrpc":"2.0","id":1,"method":"m","params":{"x":"<NOPE>"}}\n`);
    await expect(runTranscript(path, serve)).rejects.toThrow(/nothing was captured as NOPE/);
  });

  it('hands the header\'s "! server" options to serve, and runs the teardown serve returns', async () => {
    const seen: unknown[] = [];
    let tornDown = false;
    const path = file(
      `Header.\n! server {"pageSize":6}\n> {"jsonrpc":"2.0","id":1,"method":"m"}\n< {"jsonrpc":"2.0","id":1,"result":"<any>"}\n`,
    );
    await runTranscript(path, async (transport, options) => {
      seen.push(options);
      await serve(transport);
      return () => {
        tornDown = true;
        return Promise.resolve();
      };
    });
    expect(seen).toEqual([{ pageSize: 6 }]);
    expect(tornDown).toBe(true);
    expect(parseTranscript('Header.\n> {}\n').server).toEqual({});
    expect(() => parseTranscript('Header.\n! server [1]\n> {}\n')).toThrow(/JSON object/);
  });

  it('requires serve() to start the transport', async () => {
    await expect(runTranscript(file(`${HEADER}> {}\n`), () => Promise.resolve())).rejects.toThrow(/must start the transport/);
  });
});
