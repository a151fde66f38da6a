/**
 * Reading text: the whole file, its first lines or its last lines, within a
 * size limit, refusing files that look binary. The line rules are the
 * official server's, so `head` and `tail` return the same text for the same
 * file.
 *
 * @module
 */
import { isAscii } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { ToolError } from 'mcpkit/server';
import type { AllowedSet } from '../paths/allowedSet.js';
import { systemError } from '../paths/errors.js';
import { openFile } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';
import type { ReadBudget } from './readBudget.js';

/** How many bytes are looked at to tell text from binary (as git does). */
const SNIFF_BYTES = 8000;
const CHUNK = 64 * 1024;

/** True if `bytes` look binary: a NUL byte near the start, which text in UTF-8 never has. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, SNIFF_BYTES).includes(0);
}

/** The refusal for a file over the limit. */
export function tooLarge(path: string, size: number, max: number): ToolError {
  return new ToolError(
    `${path} is too large to read: ${size} bytes, more than this server's limit of ${max} (--max-file-size); use head or tail`,
  );
}

function binary(path: string): ToolError {
  return new ToolError(`${path} looks like a binary file (it contains NUL bytes): read it with read_media_file instead`);
}

/** Opens a resolved path for reading; a missing one fails as `readFile` would. */
export async function openResolved(resolved: Resolved, allowed: AllowedSet): Promise<FileHandle> {
  if (!resolved.exists) throw systemError('ENOENT', 'open', resolved.path);
  return openFile(resolved.path, allowed);
}

/** The bytes of a file, at most `max` of them, taken from the call's `budget`. */
export async function readBytes(resolved: Resolved, allowed: AllowedSet, max: number, budget: ReadBudget): Promise<Buffer> {
  const handle = await openResolved(resolved, allowed);
  try {
    const { size } = await handle.stat();
    if (size > max) throw tooLarge(resolved.path, size, max);
    budget.take(resolved.path, size);
    const bytes = await handle.readFile();
    if (bytes.length > max) throw tooLarge(resolved.path, bytes.length, max);
    // A file that grew since its size was read takes the difference too.
    if (bytes.length > size) budget.take(resolved.path, bytes.length - size);
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The whole file as UTF-8 text. */
export async function readText(resolved: Resolved, allowed: AllowedSet, max: number, budget: ReadBudget): Promise<string> {
  const bytes = await readBytes(resolved, allowed, max, budget);
  if (looksBinary(bytes)) throw binary(resolved.path);
  // Pure ASCII decodes the same either way, and Latin-1 decoding is a plain copy.
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * The first `count` lines, joined with `\n` (line ends other than `\n` kept;
 * a last line without `\n` counts; a fractional count rounds up, as the
 * official reader's loop does).
 */
export async function readHead(resolved: Resolved, allowed: AllowedSet, count: number, max: number): Promise<string> {
  if (!(count > 0)) return '';
  const want = Math.ceil(count);
  const handle = await openResolved(resolved, allowed);
  try {
    const lines: string[] = [];
    const decoder = new StringDecoder('utf8');
    const chunk = Buffer.allocUnsafe(CHUNK);
    let pending = '';
    let position = 0;
    while (lines.length < want) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
      if (bytesRead === 0) break;
      if (position === 0 && looksBinary(chunk.subarray(0, bytesRead))) throw binary(resolved.path);
      position += bytesRead;
      pending += decoder.write(chunk.subarray(0, bytesRead));
      const end = pending.lastIndexOf('\n');
      if (end !== -1) {
        for (const line of pending.slice(0, end).split('\n')) if (lines.length < want) lines.push(line);
        pending = pending.slice(end + 1);
      }
      // Lines longer than the limit would have to be read whole: refused like a file over it.
      if (lines.length < want && position > max) throw tooLarge(resolved.path, position, max);
    }
    pending += decoder.end();
    if (pending.length > 0 && lines.length < want) lines.push(pending);
    return lines.join('\n');
  } finally {
    await handle.close();
  }
}

/**
 * The last `count` lines, joined with `\n`, `\r\n` read as `\n`. A file that
 * ends with a newline has an empty last line, as in the official reader.
 */
export async function readTail(resolved: Resolved, allowed: AllowedSet, count: number, max: number): Promise<string> {
  const want = Math.trunc(count);
  if (!(want > 0)) return '';
  const handle = await openResolved(resolved, allowed);
  try {
    const { size } = await handle.stat();
    const chunks: Buffer[] = [];
    let position = size;
    let newlines = 0;
    while (position > 0 && newlines < want) {
      const length = Math.min(CHUNK, position);
      position -= length;
      const chunk = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      const got = chunk.subarray(0, bytesRead);
      chunks.unshift(got);
      for (let i = got.indexOf(10); i !== -1; i = got.indexOf(10, i + 1)) newlines++;
      if (newlines < want && size - position > max) throw tooLarge(resolved.path, size - position, max);
    }
    const bytes = Buffer.concat(chunks);
    if (position === 0 && looksBinary(bytes)) throw binary(resolved.path);
    return bytes.toString('utf8').replace(/\r\n/g, '\n').split('\n').slice(-want).join('\n');
  } finally {
    await handle.close();
  }
}
