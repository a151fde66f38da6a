// The stdio transport every part of mcpkit starts (the host, the CLI's commands and bridge, the
// inspector): the config's command, arguments, environment and directory, with its stderr handed over.
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { nodeTransportFor } from './nodeTransportFor.js';

const SCRIPT =
  "process.stderr.write(JSON.stringify([process.cwd(), process.argv[1], process.env.GREETING, process.env.HOUSE_SECRET ?? null]) + '\\n')";

async function run(inheritEnv: boolean | undefined): Promise<unknown[]> {
  let stderr = '';
  let closed!: () => void;
  const ended = new Promise<void>((resolve) => (closed = resolve));
  const transport = nodeTransportFor(
    {
      type: 'stdio',
      name: 'probe',
      command: process.execPath,
      args: ['-e', SCRIPT, 'first-arg'],
      env: { GREETING: 'hello' },
      cwd: tmpdir(),
      ...(inheritEnv !== undefined && { inheritEnv }),
    },
    {
      onStderr: (text) => {
        stderr += text;
      },
    },
  );
  await transport.start({ receive: () => undefined, reject: () => undefined, closed });
  await ended;
  await transport.close();
  return JSON.parse(stderr.trim()) as unknown[];
}

describe('nodeTransportFor (stdio)', () => {
  it('starts the process with its arguments, env and cwd, and hands over its stderr', async () => {
    const [cwd, arg, greeting] = await run(undefined);
    expect(realpathSync(String(cwd))).toBe(realpathSync(tmpdir()));
    expect(arg).toBe('first-arg');
    expect(greeting).toBe('hello');
  }, 30_000);

  it('gives the whole environment only when the config says inheritEnv', async () => {
    process.env['HOUSE_SECRET'] = 'from-the-shell';
    try {
      expect((await run(undefined))[3]).toBeNull();
      expect((await run(true))[3]).toBe('from-the-shell');
    } finally {
      delete process.env['HOUSE_SECRET'];
    }
  }, 30_000);
});
