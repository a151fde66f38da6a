/**
 * A page's main content as Markdown: Mozilla's Readability (what the
 * official server runs, through readabilipy) finds the article in a light
 * DOM (linkedom), and turndown writes it as Markdown. Links and images are
 * made absolute first, so the model can follow them.
 *
 * @module
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type TurndownService from 'turndown';
import { createConverter } from './markdown.js';

/** The official text when no content can be extracted. */
export const NOT_SIMPLIFIED = '<error>Page failed to be simplified from HTML</error>';

let converter: TurndownService | undefined;

/** Rewrites relative `href`/`src` against the page's URL (or its `<base href>`). */
function absolutize(document: Document, pageUrl: URL): void {
  let base = pageUrl;
  const declared = document.querySelector('base[href]')?.getAttribute('href');
  if (declared !== null && declared !== undefined) {
    try {
      base = new URL(declared, pageUrl);
    } catch {
      // An unusable <base> is ignored, as browsers do.
    }
  }
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const value = element.getAttribute(attribute) ?? '';
      if (value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
      try {
        element.setAttribute(attribute, new URL(value, base).href);
      } catch {
        // Left as written.
      }
    }
  }
}

/** Extracts the main content of `html` as Markdown, or the official error text. */
export function htmlToMarkdown(html: string, pageUrl: URL): string {
  const { document } = parseHTML(html) as unknown as { document: Document };
  absolutize(document, pageUrl);
  const article = new Readability<Element>(document, { serializer: (node) => node as Element }).parse();
  if (article?.content == null) return NOT_SIMPLIFIED;
  converter ??= createConverter();
  const markdown = converter.turndown(article.content as HTMLElement);
  return markdown === '' ? NOT_SIMPLIFIED : markdown;
}
