/**
 * The media the server hands out, generated once at load (a few kilobytes).
 *
 * @module
 */
import type { Icon } from 'mcpkit/protocol';
import { toBase64 } from './bytes.js';
import { tinyPng } from './png.js';
import { sineWav } from './wav.js';

export { encodePng, type Rgb } from './png.js';
export { sineWav, type ToneOptions } from './wav.js';

/** A 16×16 PNG (gradient with a white border). */
export const TINY_PNG: Uint8Array = tinyPng();
/** {@link TINY_PNG} in base64. */
export const TINY_PNG_BASE64: string = toBase64(TINY_PNG);
/** A 100 ms, 440 Hz tone: 8 kHz 16-bit mono WAV. */
export const TINY_WAV: Uint8Array = sineWav();
/** {@link TINY_WAV} in base64. */
export const TINY_WAV_BASE64: string = toBase64(TINY_WAV);
/** {@link TINY_PNG} as an icon (a data URI). */
export const ICON: Icon = { src: `data:image/png;base64,${TINY_PNG_BASE64}`, mimeType: 'image/png', sizes: ['16x16'] };
