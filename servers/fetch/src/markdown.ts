/**
 * HTML to Markdown with turndown, set up to read like the official server's
 * markdownify output (ATX headings, `*` bullets and emphasis, fenced code),
 * plus GitHub-style pipe tables, which turndown leaves as loose text.
 *
 * @module
 */
import TurndownService from 'turndown';

/** The cells of a row: its `th`/`td` children. */
function cells(row: Element): Element[] {
  return Array.from(row.children).filter((c) => c.nodeName === 'TH' || c.nodeName === 'TD');
}

/** The table a row belongs to, and whether the row is its first (the header of a pipe table). */
function isFirstRow(row: Element): boolean {
  const table = row.closest('table');
  return table?.querySelector('tr') === row;
}

function addTableRules(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const text = content
        .replace(/\s*\n+\s*/g, ' ')
        .replace(/\|/g, '\\|')
        .trim();
      const first = node.parentElement !== null && cells(node.parentElement)[0] === node;
      return `${first ? '|' : ''} ${text} |`;
    },
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      if (!isFirstRow(node)) return `\n${content}`;
      const columns = Math.max(1, cells(node).length);
      return `\n${content}\n|${' --- |'.repeat(columns)}`;
    },
  });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.replace(/^\n+/, '')}\n\n` });
}

/** List items with one space after the marker (`* item`, `1. item`), continuation lines indented to match. */
function addListRule(service: TurndownService): void {
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node, options) => {
      const parent = node.parentElement;
      let marker = `${options.bulletListMarker ?? '*'} `;
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1');
        marker = `${String(start + Array.from(parent.children).indexOf(node))}. `;
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?!$)/g, `\n${' '.repeat(marker.length)}`);
      return marker + body + (node.nextSibling !== null && !body.endsWith('\n') ? '\n' : '');
    },
  });
}

/** A converter configured as the fetch server uses it. */
export function createConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    strongDelimiter: '**',
    bulletListMarker: '*',
  });
  service.remove(['script', 'style', 'noscript', 'template']);
  addTableRules(service);
  addListRule(service);
  return service;
}
