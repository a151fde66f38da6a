/**
 * A tiny WAV, generated in code: a short sine tone as 16-bit mono PCM.
 *
 * @module
 */
import { ByteWriter } from './bytes.js';

/** What tone to render. */
export interface ToneOptions {
  /** Frequency in Hz (default 440). */
  readonly frequency?: number;
  /** Length in ms (default 100). */
  readonly durationMs?: number;
  /** Samples per second (default 8000). */
  readonly sampleRate?: number;
}

/** Encodes a sine tone as a RIFF/WAVE file (PCM, mono, 16 bits). */
export function sineWav(options: ToneOptions = {}): Uint8Array {
  const frequency = options.frequency ?? 440;
  const sampleRate = options.sampleRate ?? 8000;
  const samples = Math.round((sampleRate * (options.durationMs ?? 100)) / 1000);
  const dataBytes = samples * 2;
  const out = new ByteWriter()
    .ascii('RIFF')
    .u32le(36 + dataBytes)
    .ascii('WAVE')
    .ascii('fmt ')
    .u32le(16)
    .u16le(1) // PCM
    .u16le(1) // mono
    .u32le(sampleRate)
    .u32le(sampleRate * 2) // byte rate
    .u16le(2) // block align
    .u16le(16) // bits per sample
    .ascii('data')
    .u32le(dataBytes);
  for (let i = 0; i < samples; i++) {
    // Rounded to integers, so every engine produces the same bytes.
    out.u16le(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0x2000) & 0xffff);
  }
  return out.toBytes();
}
