// Record a session on a real server, replay it headless: the same server
// gives no differences; a changed recording, or a different answer, does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../cli/src/main.js';
import { replayHeadless, startInspector, type Recording, type RunningInspector } from '../src/index.js';
import { EVERYTHING, MCPKIT_BIN } from './helpers.js';

let inspector: RunningInspector;
let recording: Recording;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inspector-replay-'));
  inspector = await startInspector({ port: 0 });
  const connection = await inspector.hub.connect({ ...EVERYTHING, era: 'handshake' });
  connection.record(true);
  await connection.request('tools/call', { name: 'echo', arguments: { message: 'recorded' } });
  await connection.request('resources/read', { uri: 'everything://static/hello.txt' });
  await connection.request('prompts/get', { name: 'simple_prompt' });
  await connection.request('tools/call', { name: 'no_such_tool', arguments: {} }).catch(() => undefined);
  recording = connection.record(false)!;
});
afterAll(async () => {
  await inspector.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI's channels, captured; `answer` is what the user types at a question (none: no terminal). */
function capture(answer?: string): Io & { out: string; err: string; asked: string[] } {
  const io = {
    out: '',
    err: '',
    asked: [] as string[],
    ...(answer !== undefined && {
      ask: (question: string) => {
        io.asked.push(question);
        return Promise.resolve(answer);
      },
    }),
    stdout: (t: string) => {
      io.out += t;
    },
    stderr: (t: string) => {
      io.err += t;
    },
  };
  return io;
}

describe('a recording', () => {
  it('holds the calls made, their outcomes, and the wire transcript', () => {
    expect(recording.steps.map((s) => s.method)).toEqual(['tools/call', 'resources/read', 'prompts/get', 'tools/call']);
    expect(recording.steps[0]?.outcome).toMatchObject({ result: { content: [{ type: 'text', text: 'recorded' }] } });
    expect(
      'error' in (recording.steps[3]?.outcome ?? {}) || JSON.stringify(recording.steps[3]?.outcome).includes('isError'),
    ).toBe(true);
    expect(recording.wire.some((e) => e.kind === 'message' && JSON.stringify(e.message).includes('recorded'))).toBe(true);
    expect(recording.target).toMatchObject({ type: 'stdio', name: 'everything' });
  });
});

describe('replayHeadless', () => {
  it('finds no difference against the same server', async () => {
    let out = '';
    const report = await replayHeadless({ recording, write: (t) => (out += t) });
    expect(report.differing).toBe(0);
    expect(report.steps).toHaveLength(4);
    expect(out).toContain('no differences');
  });

  it('reports each difference when the outcome changed', async () => {
    const changed: Recording = {
      ...recording,
      steps: recording.steps.map((s, i) =>
        i === 0 ? { ...s, outcome: { result: { content: [{ type: 'text', text: 'something else' }] } } } : s,
      ),
    };
    let out = '';
    const report = await replayHeadless({ recording: changed, write: (t) => (out += t) });
    expect(report.differing).toBe(1);
    expect(report.steps[0]?.differences).toEqual([
      { path: 'result.content[0].text', kind: 'changed', expected: 'something else', actual: 'recorded' },
    ]);
    expect(out).toMatch(/DIFF {2}1\. tools\/call echo/);
    expect(out).toContain('1 of 4 steps differ');
  });
});

describe('mcpkit replay', () => {
  it('exits 0 when nothing differs, 1 when something does, 2 for a file that is not a recording', async () => {
    const same = join(dir, 'same.json');
    writeFileSync(same, JSON.stringify(recording));
    const io = capture();
    expect(await main(['replay', same, '--', process.execPath, MCPKIT_BIN, 'serve', 'everything'], io)).toBe(0);
    expect(io.out).toContain('no differences');

    const differs = join(dir, 'differs.json');
    writeFileSync(
      differs,
      JSON.stringify({
        ...recording,
        steps: [{ ...recording.steps[0], params: { name: 'echo', arguments: { message: 'other' } } }],
      }),
    );
    // Against the recorded server, once the user has said yes at the terminal.
    const io2 = capture('y');
    expect(await main(['replay', differs], io2)).toBe(1);
    expect(io2.asked).toEqual(['Replay against it? [y/N] ']);
    expect(io2.err).toContain(`run:        ${process.execPath} ${MCPKIT_BIN} serve everything`);
    expect(io2.out).toContain('DIFF');

    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    const io3 = capture();
    expect(await main(['replay', bad], io3)).toBe(2);
    expect(io3.err).toContain('not a recording');
    expect(await main(['replay', join(dir, 'missing.json')], capture())).toBe(2);
  });

  it('exits 2 without running the recorded server when the user says no, or nobody can be asked', async () => {
    const file = join(dir, 'ask.json');
    writeFileSync(file, JSON.stringify(recording));
    const no = capture('n');
    expect(await main(['replay', file], no)).toBe(2);
    expect(no.err).toContain('not replayed: give the server on the command line');
    expect(no.out).toBe('');
    const nobody = capture();
    expect(await main(['replay', file], nobody)).toBe(2);
    expect(nobody.err).toContain('replay starts nothing a file names without asking');
    expect(nobody.out).toBe('');
  });

  it('exits 5 when the server cannot be reached', async () => {
    const file = join(dir, 'unreachable.json');
    writeFileSync(file, JSON.stringify(recording));
    const io = capture();
    expect(await main(['replay', file, 'http://127.0.0.1:9/mcp'], io)).toBe(5);
    expect(io.err).toContain('could not connect');
  });
});
