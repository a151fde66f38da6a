// The Node majors the library is tested on, and a binary of each: the running
// Node when it is that major, otherwise the `node` package of that major from
// the npm registry, installed once under node_modules/.cache/mcpkit-node/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The majors `npm test` runs the library's units on. */
export const nodeMajors = [20, 22, 24];

/** An absolute path to a Node binary of `major`, installed on demand. */
export async function nodeBinary(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const dir = join(root, 'node_modules', '.cache', 'mcpkit-node', String(major));
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(
      npm,
      ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${String(major)}`],
      {
        encoding: 'utf8',
      },
    );
    if (r.status !== 0 || !existsSync(binary))
      throw new Error(`Could not install Node ${String(major)}: ${r.stderr || r.stdout}`);
  }
  return binary;
}
