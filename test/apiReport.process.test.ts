// scripts/api-report.mjs run as `npm run lint` runs it, on a small package made for each test:
// the reports it writes, the check passing on them, and the check failing (with the command to
// refresh) on a stale report, a report of no subpath, and one name exported for two things.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../scripts/api-report.mjs', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package with subpaths `.` and `./extra`, whose sources are `files` (paths under src/). */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-report-'));
  dirs.push(dir);
  const exports = {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './extra': { types: './dist/extra/index.d.ts', default: './dist/extra/index.js' },
    './package.json': './package.json',
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fixture', type: 'module', exports }));
  for (const [path, text] of Object.entries(files)) write(dir, path, text);
  return dir;
}

function write(dir: string, path: string, text: string): void {
  const file = join(dir, 'src', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function run(dir: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [SCRIPT, '--package', dir, ...args], { encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const BASE = {
  'index.ts': "export { Widget, makeWidget } from './widget.js';\nexport type { Size } from './widget.js';\n",
  'widget.ts': [
    '/** A widget. */',
    'export class Widget {',
    '  readonly size: Size;',
    '  #secret = 1;',
    '  private hidden(): void {}',
    '  constructor(size: Size) {',
    '    this.size = size;',
    '  }',
    '  /** Grows it. */',
    '  async grow(by: number): Promise<Widget> {',
    '    return new Widget(this.size + by);',
    '  }',
    '}',
    'export type Size = number;',
    'export function makeWidget(size: Size = 1): Widget {',
    '  return new Widget(size);',
    '}',
    '/** @internal Shared with extra. */',
    'export function helper(): number {',
    '  return 2;',
    '}',
  ].join('\n'),
  'extra/index.ts': "export { Widget } from '../widget.js';\n/** @internal */\nexport { helper } from '../widget.js';\n",
};

// Each run loads the TypeScript compiler: seconds alone, far more on a loaded machine.
describe('api-report', { timeout: 600_000 }, () => {
  it('writes one report per subpath: names, kinds, signatures; private and internal apart', () => {
    const dir = fixture(BASE);
    const written = run(dir);
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
    const index = readFileSync(join(dir, 'api', 'index.md'), 'utf8');
    expect(index).toContain('### `Widget` (class)');
    expect(index).toContain('  grow(by: number): Promise<Widget>;');
    expect(index).not.toMatch(/secret|hidden|return new/);
    expect(index).toContain('function makeWidget(size: Size = 1): Widget');
    expect(index).toContain('### `Size` (type)');
    const extra = readFileSync(join(dir, 'api', 'extra.md'), 'utf8');
    expect(extra).toMatch(/## Internal[^\n]*\n\n### `helper` \(function\)/);
    // The same class from two subpaths is one thing: the check passes.
    expect(run(dir, '--check').status).toBe(0);
  });

  it('fails on a stale report, naming the command that refreshes it', () => {
    const dir = fixture(BASE);
    run(dir);
    write(dir, 'widget.ts', BASE['widget.ts'].replace('grow(by: number)', 'grow(by: number, times?: number)'));
    const checked = run(dir, '--check');
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('api/index.md is out of date');
    expect(checked.stderr).toContain(`node scripts/api-report.mjs --package ${dir}`);
  });

  it('fails on a report that names no subpath', () => {
    const dir = fixture(BASE);
    run(dir);
    writeFileSync(join(dir, 'api', 'gone.md'), '# API report: `fixture/gone`\n');
    const checked = run(dir, '--check');
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('api/gone.md reports no subpath export');
  });

  it('fails when two subpaths export one name for two different things, in both modes', () => {
    const dir = fixture({
      ...BASE,
      'extra/index.ts': "export { Widget } from './widget.js';\n",
      'extra/widget.ts': 'export class Widget {\n  readonly other = true;\n}\n',
    });
    for (const args of [[], ['--check']]) {
      const checked = run(dir, ...args);
      expect(checked.status).toBe(1);
      expect(checked.stderr).toContain(
        '`Widget` names two different things: fixture → widget.ts#Widget; fixture/extra → extra/widget.ts#Widget',
      );
    }
  });

  it('does not count an @internal export as a second meaning', () => {
    const dir = fixture({
      ...BASE,
      'extra/index.ts': "/** @internal */\nexport { Widget } from './widget.js';\n",
      'extra/widget.ts': 'export class Widget {}\n',
    });
    const written = run(dir);
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
  });
});
