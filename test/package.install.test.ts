/**
 * The published package as a user imports it: every subpath export resolves
 * to the bundle (`scripts/bundle.mjs`) and loads, the classes shared between
 * subpaths are one class whichever path imported them, the bundle's source
 * maps lead back to the TypeScript, and the packed tarball holds what the
 * exports name.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkgDir = fileURLToPath(new URL('../packages/mcpkit/', import.meta.url));
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};
const subpaths = Object.entries(pkg.exports).filter(
  (e): e is [string, { types: string; default: string }] => typeof e[1] === 'object',
);

describe('the mcpkit package', () => {
  it.each(subpaths)('%s points at a bundle file and a declaration file that exist', (_, target) => {
    expect(target.default).toMatch(/^\.\/dist\/bundle\/[a-z-]+\.js$/);
    expect(existsSync(join(pkgDir, target.default))).toBe(true);
    expect(existsSync(join(pkgDir, target.types))).toBe(true);
  });

  it.each(subpaths)('%s loads and exports something', async (subpath) => {
    const module = (await import(subpath === '.' ? 'mcpkit' : `mcpkit/${subpath.slice(2)}`)) as Record<string, unknown>;
    expect(Object.keys(module).length).toBeGreaterThan(0);
  });

  it('shares one copy of each class between subpaths', async () => {
    const root = await import('mcpkit');
    const jsonrpc = await import('mcpkit/jsonrpc');
    const server = await import('mcpkit/server');
    const client = await import('mcpkit/client');
    expect(root.RpcError).toBe(jsonrpc.RpcError);
    expect(root.LocalError).toBe(jsonrpc.LocalError);
    expect(root.McpServer).toBe(server.McpServer);
    expect(root.McpClient).toBe(client.McpClient);
  });

  it('ships source maps that lead to the TypeScript sources', () => {
    const chunks = join(pkgDir, 'dist/bundle/chunks');
    const maps = readdirSync(chunks).filter((f) => f.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(chunks, file), 'utf8')) as { sources: string[] };
      for (const source of map.sources) {
        expect(source).toMatch(/\.ts$/);
        expect(existsSync(resolve(dirname(join(chunks, file)), source))).toBe(true);
      }
    }
  });

  it('packs a tarball whose exports load where it is installed', () => {
    // Unpacked under the repository, so that its dependencies (ajv) resolve from the root node_modules.
    const scratch = mkdtempSync(join(pkgDir, '..', '..', '.pack-test-'));
    try {
      const packed = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: pkgDir, encoding: 'utf8' }),
      ) as { filename: string }[];
      const installed = join(scratch, 'node_modules', 'mcpkit');
      mkdirSync(installed, { recursive: true });
      execFileSync('tar', ['-xzf', join(scratch, packed[0]?.filename ?? ''), '-C', installed, '--strip-components=1']);
      for (const [, target] of subpaths) {
        expect(existsSync(join(installed, target.default)), target.default).toBe(true);
        expect(existsSync(join(installed, target.types)), target.types).toBe(true);
      }
      const script = join(scratch, 'check.mjs');
      const specifiers = subpaths.map(([subpath]) => (subpath === '.' ? 'mcpkit' : `mcpkit/${subpath.slice(2)}`));
      writeFileSync(
        script,
        `for (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); if (Object.keys(m).length === 0) throw new Error(s); }\n` +
          `const { McpServer } = await import('mcpkit/server'); const root = await import('mcpkit');\n` +
          `if (root.McpServer !== McpServer) throw new Error('two copies of McpServer');\nconsole.log('ok');\n`,
      );
      expect(execFileSync(process.execPath, [script], { cwd: scratch, encoding: 'utf8' }).trim()).toBe('ok');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000); // npm pack and tsc: seconds on an idle machine, minutes on a loaded one

  it('ships declarations that type-check on their own (stripInternal left nothing dangling)', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.d.ts')) files.push(path);
      }
    };
    walk(join(pkgDir, 'dist'));
    const scratch = mkdtempSync(join(pkgDir, '..', '..', '.dts-test-'));
    try {
      const options = { strict: true, skipLibCheck: false, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext' };
      const config = { compilerOptions: { ...options, target: 'es2023', lib: ['es2023', 'dom'], types: ['node'] }, files };
      writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(config));
      const tsc = join(pkgDir, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
      expect(execFileSync(process.execPath, [tsc, '-p', scratch], { cwd: scratch, encoding: 'utf8' })).toBe('');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000); // npm pack and tsc: seconds on an idle machine, minutes on a loaded one
});
