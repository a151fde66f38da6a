/**
 * Content blocks and resource contents as text: text as it is, images and
 * audio summarized (kind, type, size), links and embedded resources named.
 *
 * @module
 */
import type { BlobResourceContents, ContentBlock, TextResourceContents } from 'mcpkit/protocol';
import { base64Bytes, formatBytes, withNewline } from './text.js';

/** One content block. */
export function renderBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return withNewline(block.text);
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]\n`;
    case 'resource_link':
      return `[resource link: ${block.uri}${block.name === '' ? '' : ` (${block.name})`}${block.mimeType === undefined ? '' : `, ${block.mimeType}`}]\n`;
    case 'resource':
      return renderContents([block.resource], true);
    default:
      return `${JSON.stringify(block)}\n`;
  }
}

/** Content blocks, one after another. */
export function renderBlocks(blocks: readonly ContentBlock[]): string {
  return blocks.map(renderBlock).join('');
}

/**
 * Resource contents. With `headed` (several, or embedded in other content),
 * each text is introduced by a line naming its URI; binary contents are
 * summarized.
 */
export function renderContents(contents: readonly (TextResourceContents | BlobResourceContents)[], headed: boolean): string {
  return contents
    .map((c) => {
      const type = c.mimeType === undefined ? '' : `, ${c.mimeType}`;
      if ('blob' in c && typeof c.blob === 'string') return `[resource: ${c.uri}${type}, ${formatBytes(base64Bytes(c.blob))}]\n`;
      const text = 'text' in c && typeof c.text === 'string' ? c.text : '';
      return `${headed ? `[resource: ${c.uri}${type}]\n` : ''}${withNewline(text)}`;
    })
    .join('');
}
