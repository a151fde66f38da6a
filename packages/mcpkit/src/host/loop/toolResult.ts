/**
 * An MCP tool result as the model receives it. Text stays text; images stay
 * images (each adapter passes them where its API takes them); audio, resource
 * links and binary resources become short descriptions; embedded text
 * resources are inlined; `structuredContent` is given as JSON when no text
 * carries it. What exceeds the budget is cut, with a note telling the model.
 *
 * @module
 */
import type { CallToolResult, ContentBlock } from '../../protocol/index.js';
import type { ImageBlock, TextBlock } from '../model/types.js';

/** How much of one result reaches the model. */
export interface ResultBudget {
  /** Characters of text (default 50 000, some 12 000 tokens). */
  readonly maxTextChars?: number;
  /** Base64 characters of images (default 5 000 000). */
  readonly maxImageChars?: number;
}

const DEFAULT_TEXT = 50_000;
const DEFAULT_IMAGE = 5_000_000;

function size(base64: string): string {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes < 1024 ? `${String(bytes)} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** One MCP block as model blocks. */
function convert(block: ContentBlock): (TextBlock | ImageBlock)[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text }];
    case 'image':
      return [{ type: 'image', data: block.data, mimeType: block.mimeType }];
    case 'audio':
      return [{ type: 'text', text: `[audio: ${block.mimeType}, ${size(block.data)}; audio is not passed to the model]` }];
    case 'resource_link': {
      const details = [block.name, block.mimeType, block.description].filter((d) => d !== undefined && d !== '').join(', ');
      return [{ type: 'text', text: `[resource link: ${block.uri}${details === '' ? '' : ` (${details})`}]` }];
    }
    case 'resource': {
      const r = block.resource;
      if ('text' in r && typeof r.text === 'string') return [{ type: 'text', text: `[resource ${r.uri}]\n${r.text}` }];
      const blob = 'blob' in r && typeof r.blob === 'string' ? r.blob : '';
      if (r.mimeType?.startsWith('image/') === true) return [{ type: 'image', data: blob, mimeType: r.mimeType }];
      return [{ type: 'text', text: `[binary resource ${r.uri}: ${r.mimeType ?? 'unknown type'}, ${size(blob)}]` }];
    }
    default:
      return [{ type: 'text', text: JSON.stringify(block) }];
  }
}

/** The model's view of `result`, within `budget`. */
export function modelContent(result: CallToolResult, budget: ResultBudget = {}): (TextBlock | ImageBlock)[] {
  const blocks = result.content.flatMap(convert);
  if (result.structuredContent !== undefined && !result.content.some((b) => b.type === 'text'))
    blocks.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  if (blocks.length === 0) return [{ type: 'text', text: '(the tool returned no content)' }];
  return fit(blocks, budget.maxTextChars ?? DEFAULT_TEXT, budget.maxImageChars ?? DEFAULT_IMAGE);
}

function fit(blocks: (TextBlock | ImageBlock)[], maxText: number, maxImage: number): (TextBlock | ImageBlock)[] {
  const totalText = blocks.reduce((n, b) => n + (b.type === 'text' ? b.text.length : 0), 0);
  const totalImage = blocks.reduce((n, b) => n + (b.type === 'image' ? b.data.length : 0), 0);
  if (totalText <= maxText && totalImage <= maxImage) return blocks;
  const out: (TextBlock | ImageBlock)[] = [];
  let text = 0;
  let image = 0;
  let droppedImages = 0;
  for (const block of blocks) {
    if (block.type === 'image') {
      if (image + block.data.length <= maxImage) {
        image += block.data.length;
        out.push(block);
      } else droppedImages++;
      continue;
    }
    const room = maxText - text;
    if (room <= 0) continue;
    const kept = block.text.length <= room ? block.text : block.text.slice(0, room);
    text += kept.length;
    out.push(kept === block.text ? block : { type: 'text', text: kept });
  }
  const notes: string[] = [];
  if (totalText > maxText)
    notes.push(
      `${String(maxText)} of ${String(totalText)} characters of text are shown; the rest was cut to fit the host's result budget`,
    );
  if (droppedImages > 0) notes.push(`${String(droppedImages)} image(s) were left out to fit the host's result budget`);
  out.push({ type: 'text', text: `[Result cut: ${notes.join('; ')}.]` });
  return out;
}
