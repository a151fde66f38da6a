#!/usr/bin/env node
/**
 * mcpkit's API report: one Markdown file per subpath export
 * (`packages/mcpkit/api/<entry>.md`) listing every exported name, its kind and
 * its signature, so that a change to the public surface shows in review as a
 * diff of those files. Read from the sources with the TypeScript compiler API
 * (no build needed); what `stripInternal` drops from the published
 * declarations (`@internal`) is listed apart, as not promised.
 *
 *   node scripts/api-report.mjs          rewrite the reports
 *   node scripts/api-report.mjs --check  fail when a report is stale, or when
 *                                        two subpaths export one name for two
 *                                        different declarations (npm run lint)
 *   --package DIR                        another package than packages/mcpkit
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--package DIR` reports another package laid out the same way (the script's own test uses it).
const packageArg = process.argv.indexOf('--package');
const pkgDir = packageArg > 0 ? resolve(process.argv[packageArg + 1] ?? '.') : join(root, 'packages', 'mcpkit');
const reportDir = join(pkgDir, 'api');
const REFRESH = `node scripts/api-report.mjs${packageArg > 0 ? ` --package ${pkgDir}` : ''}`;

/** Subpath → its source entry, from the package's `exports` (types `dist/x.d.ts` ← `src/x.ts`). */
function entries() {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const out = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || typeof target.types !== 'string') continue;
    const source = join(pkgDir, target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
    const name = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-');
    out.push({ subpath: subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`, name, source });
  }
  return out;
}

// `@internal` on a declaration, on its `const` statement, or on the `export { … }` statement that re-exports it.
const isInternal = (node) =>
  ts.getJSDocTags(node).some((t) => t.tagName.text === 'internal') ||
  (ts.isVariableDeclaration(node) && isInternal(node.parent.parent)) ||
  (ts.isExportSpecifier(node) && isInternal(node.parent.parent));

const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

/** One line of source text: whitespace runs collapsed, so formatting changes do not churn the report. */
const oneLine = (text) => text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();

/** A declaration's text without bodies, initialisers or JSDoc. */
function signature(node, checker) {
  const sf = node.getSourceFile();
  const text = (from, to) => oneLine(sf.text.slice(from, to));
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) {
    // `async` and `export` say how, not what: the return type says it is a promise.
    return text(node.getStart(sf), node.body ? node.body.getStart(sf) : node.end)
      .replace(/;$/, '')
      .replace(/^export (default )?(declare )?/, '')
      .replace(/\basync /, '')
      .trim();
  }
  if (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
    return text(node.getStart(sf), node.body ? node.body.getStart(sf) : node.end);
  }
  if (ts.isVariableDeclaration(node)) {
    const kind = node.parent.flags & ts.NodeFlags.Const ? 'const' : 'let';
    const type = node.type ? oneLine(node.type.getText(sf)) : checker.typeToString(checker.getTypeAtLocation(node), node, flags);
    return `${kind} ${node.name.getText(sf)}: ${oneLine(type)}`;
  }
  if (ts.isPropertyDeclaration(node)) {
    const head = text(node.getStart(sf), node.initializer ? node.initializer.getFullStart() : node.end);
    if (node.type || !node.initializer) return head.replace(/[;=]\s*$/, '').trim();
    return `${head.replace(/=\s*$/, '').trim()}: ${checker.typeToString(checker.getTypeAtLocation(node), node, flags)}`;
  }
  if (ts.isClassDeclaration(node)) {
    const head = text(node.getStart(sf), node.members.pos)
      .replace(/\{$/, '')
      .replace(/^export (default )?(declare )?/, '')
      .trim();
    const members = node.members
      .filter((m) => !ts.isClassStaticBlockDeclaration(m) && !ts.isSemicolonClassElement(m))
      .filter((m) => !(m.name && ts.isPrivateIdentifier(m.name)))
      .filter((m) => !ts.getCombinedModifierFlags(m) || !(ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Private))
      .filter((m) => !isInternal(m))
      .map((m) => `  ${signature(m, checker)};`);
    return [`${head} {`, ...members, '}'].join('\n');
  }
  if (ts.isIndexSignatureDeclaration(node)) return text(node.getStart(sf), node.end).replace(/;$/, '');
  // Interfaces, type aliases, enums, namespaces: their text, minus the JSDoc of their members.
  const printer = ts.createPrinter({ removeComments: true });
  return printer
    .printNode(ts.EmitHint.Unspecified, node, sf)
    .replace(/^export (declare )?/, '')
    .trim();
}

const kindOf = (node) =>
  ts.isFunctionDeclaration(node)
    ? 'function'
    : ts.isClassDeclaration(node)
      ? 'class'
      : ts.isInterfaceDeclaration(node)
        ? 'interface'
        : ts.isTypeAliasDeclaration(node)
          ? 'type'
          : ts.isEnumDeclaration(node)
            ? 'enum'
            : ts.isVariableDeclaration(node)
              ? node.parent.flags & ts.NodeFlags.Const
                ? 'const'
                : 'let'
              : ts.isModuleDeclaration(node)
                ? 'namespace'
                : ts.SyntaxKind[node.kind];

/** Every export of one entry: name → { kind, declared (file:name), text, internal }. */
function exportsOf(program, checker, source) {
  const sf = program.getSourceFile(source);
  if (!sf) throw new Error(`api-report: ${relative(root, source)} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  const out = new Map();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decls = (symbol.declarations ?? []).filter((d) => !ts.isSourceFile(d));
    if (decls.length === 0) continue;
    // `export { x }` whose specifier carries `@internal` is stripped too.
    const specifierInternal = (exported.declarations ?? []).some((d) => ts.isExportSpecifier(d) && isInternal(d));
    const first = decls[0];
    out.set(exported.name, {
      kind: [...new Set(decls.map(kindOf))].join(' + '),
      declared: `${relative(join(pkgDir, 'src'), first.getSourceFile().fileName)}#${symbol.name}`,
      text: decls.map((d) => signature(d, checker)).join('\n'),
      internal: specifierInternal || decls.every(isInternal),
    });
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function render(entry, names) {
  const lines = [
    `# API report: \`${entry.subpath}\``,
    '',
    `<!-- Generated by \`${REFRESH}\` from ${relative(pkgDir, entry.source)}; do not edit. -->`,
    '',
  ];
  const section = (title, list) => {
    if (list.length === 0) return;
    lines.push(`## ${title}`, '');
    for (const [name, e] of list) {
      lines.push(`### \`${name}\` (${e.kind})`, '', `From \`src/${e.declared.split('#')[0]}\`.`, '', '```ts', e.text, '```', '');
    }
  };
  const all = [...names];
  section(
    'Public',
    all.filter(([, e]) => !e.internal),
  );
  section(
    'Internal (`@internal`: stripped from the published declarations, not promised)',
    all.filter(([, e]) => e.internal),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

const check = process.argv.includes('--check');
const list = entries();
const program = ts.createProgram(
  list.map((e) => e.source),
  {
    ...ts.getDefaultCompilerOptions(),
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    types: ['node'],
    noEmit: true,
    skipLibCheck: true,
  },
);
const checker = program.getTypeChecker();
const problems = [];
const byName = new Map();
const wanted = new Set();
for (const entry of list) {
  const names = exportsOf(program, checker, entry.source);
  for (const [name, e] of names) {
    if (e.internal) continue;
    const seen = byName.get(name) ?? new Map();
    seen.set(e.declared, [...(seen.get(e.declared) ?? []), entry.subpath]);
    byName.set(name, seen);
  }
  const file = join(reportDir, `${entry.name}.md`);
  wanted.add(file);
  const text = render(entry, names);
  if (check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) problems.push(`${relative(root, file)} is out of date`);
  } else {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(file, text);
  }
}
for (const name of existsSync(reportDir) ? readdirSync(reportDir) : []) {
  const file = join(reportDir, name);
  if (wanted.has(file)) continue;
  if (check) problems.push(`${relative(root, file)} reports no subpath export`);
  else rmSync(file);
}
const doubles = [...byName].filter(([, seen]) => seen.size > 1);
for (const [name, seen] of doubles) {
  const where = [...seen].map(([declared, subpaths]) => `${subpaths.join(', ')} → ${declared}`).join('; ');
  problems.push(`\`${name}\` names two different things: ${where}`);
}
if (problems.length > 0) {
  for (const p of problems) console.error(`api-report: ${p}`);
  if (problems.some((p) => p.endsWith('out of date') || p.endsWith('no subpath export'))) {
    console.error(`api-report: review the change, then refresh the reports with \`${REFRESH}\``);
  }
  if (doubles.length > 0) console.error('api-report: one name, one thing: rename one of them (see DESIGN.md, "The front door")');
  process.exitCode = 1;
} else if (!check) {
  console.log(`api-report: wrote ${list.length} reports to ${relative(root, reportDir)}`);
}
