import { describe, expect, it } from 'vitest';
import { parseRecording, RECORDING_FORMAT } from './recording.js';

const base = { format: RECORDING_FORMAT, version: 1, recordedAt: 'now', steps: [] };

describe('parseRecording', () => {
  it('reads a recording, its target in the shape recordings had before ServerConfig (kind)', () => {
    const text = JSON.stringify({
      ...base,
      target: { kind: 'stdio', command: 'node', args: ['s.js'], env: {}, era: 'auto' },
      steps: [{ method: 'tools/list', params: {}, outcome: { result: { tools: [] } }, answers: [] }],
    });
    const recording = parseRecording(text);
    expect(recording.steps).toHaveLength(1);
    expect(recording.target).toMatchObject({ type: 'stdio', name: 'node', command: 'node' });
  });

  it('says what is wrong with a file that is not one', () => {
    expect(() => parseRecording('{')).toThrow(/not JSON/);
    expect(() => parseRecording('[]')).toThrow(/format/);
    expect(() => parseRecording(JSON.stringify({ ...base, version: 2 }))).toThrow(/version 2/);
    expect(() => parseRecording(JSON.stringify({ ...base, steps: [{ params: {} }] }))).toThrow(/step 1 has no method/);
    expect(() => parseRecording(JSON.stringify({ ...base, steps: [{ method: 'x' }] }))).toThrow(/no outcome/);
    expect(() => parseRecording(JSON.stringify({ ...base, target: { kind: 'ftp' } }))).toThrow(/stdio.*http/);
  });
});
