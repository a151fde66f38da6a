// Every `npx …` the docs show must run for someone who installed from the
// registry: npx resolves the package the snippet names (or the `-p` packages),
// so that package must be published (a workspace package that is not
// private, or one the workspace installs from npm) and carry the bin npx will
// pick. A snippet is code: a fenced block or an inline code span of a *.md
// file, including the `"command": "npx", "args": [...]` of a config.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly bin?: string | Readonly<Record<string, string>>;
}

/** The workspace's packages, by name (the root's `workspaces` are `folder/*` globs). */
function workspacePackages(): Map<string, Manifest> {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const found = new Map<string, Manifest>();
  for (const glob of root.workspaces) {
    const parent = join(ROOT, glob.replace(/\/\*$/, ''));
    for (const dir of readdirSync(parent)) {
      const file = join(parent, dir, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      found.set(manifest.name, manifest);
    }
  }
  return found;
}

const WORKSPACE = workspacePackages();

/** The manifest npx would install for `spec` (a name, maybe with `@version`), or why there is none. */
function manifestOf(spec: string): Manifest | string {
  const name = spec.replace(/(.)@[^/]*$/, '$1');
  const local = WORKSPACE.get(name);
  if (local !== undefined) return local.private === true ? `${name} is private: it is not published` : local;
  const installed = join(ROOT, 'node_modules', name, 'package.json');
  if (existsSync(installed)) return JSON.parse(readFileSync(installed, 'utf8')) as Manifest;
  return `${name} is neither a workspace package nor installed here, so its bin cannot be checked`;
}

function binsOf(manifest: Manifest): string[] {
  if (manifest.bin === undefined) return [];
  if (typeof manifest.bin === 'string') return [manifest.name.replace(/^@[^/]+\//, '')];
  return Object.keys(manifest.bin);
}

/** What is wrong with an npx invocation (its words after `npx`), or undefined if npx finds the bin. */
export function checkNpx(words: readonly string[]): string | undefined {
  const packages: string[] = [];
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '-p' || word === '--package') packages.push(words[++i] ?? '');
    else if (word.startsWith('--package=')) packages.push(word.slice('--package='.length));
    else if (!word.startsWith('-')) break;
  }
  const command = words[i];
  if (command === undefined) return 'npx without a command';
  if (packages.length === 0) {
    const manifest = manifestOf(command);
    if (typeof manifest === 'string') return manifest;
    const bins = binsOf(manifest);
    const unscoped = manifest.name.replace(/^@[^/]+\//, '');
    if (bins.length === 1 || bins.includes(unscoped)) return undefined;
    return `${manifest.name} has ${bins.length === 0 ? 'no bin' : `no bin npx picks (${bins.join(', ')})`}`;
  }
  for (const spec of packages) {
    const manifest = manifestOf(spec);
    if (typeof manifest === 'string') return manifest;
    if (binsOf(manifest).includes(command)) return undefined;
  }
  return `none of ${packages.join(', ')} has a bin named ${command}`;
}

/** A snippet: where it is and npx's words. */
interface Snippet {
  readonly where: string;
  readonly words: readonly string[];
}

/** Words of a shell line after `npx`, up to the end of the command (a comment, a pipe, `&&`, `;`). */
function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    if (word === '' || word.startsWith('#') || ['|', '&&', '||', ';', '--'].includes(word)) break;
    words.push(word);
  }
  return words;
}

/** The npx snippets of one Markdown file. */
export function snippetsOf(file: string, text: string): Snippet[] {
  const code: { line: number; text: string }[] = [];
  const lines = text.split('\n');
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) code.push({ line: index + 1, text: line });
    else for (const span of line.matchAll(/`([^`]+)`/g)) code.push({ line: index + 1, text: span[1] ?? '' });
  });
  const found: Snippet[] = [];
  for (const { line, text: source } of code) {
    // Each piece after an `npx` (`npx mcpkit list tools -- npx -y server` has two).
    for (const piece of source.split(/(?<=^|[\s($;&|])npx\s+/).slice(1)) {
      const words = shellWords(piece);
      // A placeholder (`npx -y …`) or a mention of npx's flags (`a cold npx -y`), not a command.
      if (words.some((w) => w === '…' || w === '...') || words.every((w) => w.startsWith('-'))) continue;
      found.push({ where: `${file}:${String(line)}`, words });
    }
  }
  // `"command": "npx"` with its `"args"` (on the same line or the next few).
  lines.forEach((line, index) => {
    if (!/"command":\s*"npx"/.test(line)) return;
    const rest = lines.slice(index, index + 4).join('\n');
    const args = /"args":\s*\[([^\]]*)\]/.exec(rest);
    if (args === null) return;
    const words = [...(args[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((a) => a[1] ?? '');
    found.push({ where: `${file}:${String(index + 1)}`, words });
  });
  return found;
}

/** Folders that hold no docs of ours: dependencies, build output, test scratch. */
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.git', '.vitest', 'artifacts', 'results']);

/** The repository's Markdown files, relative to the root. */
function markdownFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIP.has(entry.name) || entry.name.startsWith('.') ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

describe('the npx snippets of the docs', () => {
  const snippets = markdownFiles().flatMap((file) => snippetsOf(file, readFileSync(join(ROOT, file), 'utf8')));

  it('are found (the README alone has more than ten)', () => {
    expect(snippets.filter((s) => s.where.startsWith('README.md:')).length).toBeGreaterThan(10);
    expect(snippets.some((s) => s.words.join(' ') === 'mcpkit serve fetch')).toBe(true);
  });

  it('each name a published package with the bin npx runs', () => {
    const wrong = snippets
      .map((s) => ({ ...s, problem: checkNpx(s.words) }))
      .filter((s) => s.problem !== undefined)
      .map((s) => `${s.where}: npx ${s.words.join(' ')}: ${String(s.problem)}`);
    expect(wrong).toEqual([]);
  });
});

describe('the snippet checker', () => {
  it('follows npx: the package named, or the bin among -p packages', () => {
    expect(checkNpx(['mcpkit', 'serve', 'fetch'])).toBeUndefined();
    expect(checkNpx(['-y', 'mcpkit', 'bridge', 'https://x'])).toBeUndefined();
    expect(checkNpx(['-p', 'mcpkit', '-p', 'better-sqlite3', 'mcpkit', 'serve', 'memory'])).toBeUndefined();
    expect(checkNpx(['-y', '@modelcontextprotocol/server-everything'])).toBeUndefined();
    expect(checkNpx(['mcpkit-cli', 'serve'])).toMatch(/private/);
    expect(checkNpx(['@mcpkit/server-fetch'])).toMatch(/no bin/);
    expect(checkNpx(['-p', 'mcpkit', 'mcpkit-serve'])).toMatch(/none of mcpkit has a bin named mcpkit-serve/);
    expect(checkNpx(['no-such-package-here'])).toMatch(/cannot be checked/);
  });

  it('reads fenced blocks, inline code and config args, not prose', () => {
    const text = [
      'Outside the workspace npx resolves the package.',
      '```sh',
      'npx mcpkit list tools -- npx -y server-x   # both',
      '```',
      'Run `npx -p a b c` or `npx -y …`.',
      '{ "command": "npx",',
      '  "args": ["mcpkit", "serve", "time"] }',
    ].join('\n');
    expect(snippetsOf('x.md', text).map((s) => `${s.where} ${s.words.join(' ')}`)).toEqual([
      'x.md:3 mcpkit list tools',
      'x.md:3 -y server-x',
      'x.md:5 -p a b c',
      'x.md:6 mcpkit serve time',
    ]);
  });
});
