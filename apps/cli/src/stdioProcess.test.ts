// The stdio transport every CLI command starts: the target's command,
// arguments, environment and directory, with its stderr handed over.
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { stdioProcess } from './stdioProcess.js';

const SCRIPT = "process.stderr.write(JSON.stringify([process.cwd(), process.argv[1], process.env.GREETING]) + '\\n')";

describe('stdioProcess', () => {
  it('starts the target with its arguments, env and cwd, and hands over its stderr', async () => {
    let stderr = '';
    let closed!: () => void;
    const ended = new Promise<void>((resolve) => (closed = resolve));
    const transport = stdioProcess(
      {
        kind: 'stdio',
        command: process.execPath,
        args: ['-e', SCRIPT, 'first-arg'],
        env: { GREETING: 'hello' },
        cwd: tmpdir(),
        label: 'test',
      },
      (text) => {
        stderr += text;
      },
    );
    await transport.start({ receive: () => undefined, reject: () => undefined, closed });
    await ended;
    const [cwd, arg, greeting] = JSON.parse(stderr.trim()) as string[];
    expect(realpathSync(cwd ?? '')).toBe(realpathSync(tmpdir()));
    expect(arg).toBe('first-arg');
    expect(greeting).toBe('hello');
    await transport.close();
  }, 20_000);
});
