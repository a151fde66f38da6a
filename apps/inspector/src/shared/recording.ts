/**
 * A recorded session: the calls made (each request, its outcome, and how the
 * server's own requests during it were answered) and the wire transcript.
 * Replaying sends the same calls, answers the server the same way, and
 * compares the outcomes.
 *
 * @module
 */
import { parseConnectSpec, type ConnectSpec } from './connectSpec.js';
import type { WireEntry } from './wire.js';

/** The file's format marker. */
export const RECORDING_FORMAT = 'mcpkit-inspector-recording';

/** How a request ended. */
export type Outcome =
  | { readonly result: unknown }
  | { readonly error: { readonly code?: number | string; readonly message: string; readonly data?: unknown } };

/** A request from the server during a call, and the answer the user gave. */
export interface RecordedAnswer {
  readonly method: string;
  readonly answer: unknown;
}

/** One call made in the session. */
export interface Step {
  readonly method: string;
  readonly params: unknown;
  readonly outcome: Outcome;
  readonly answers: readonly RecordedAnswer[];
}

/** A session saved to a file. */
export interface Recording {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: 1;
  readonly recordedAt: string;
  readonly target: ConnectSpec | undefined;
  readonly server: { readonly name?: string; readonly version?: string; readonly revision?: string; readonly era?: string };
  readonly steps: readonly Step[];
  readonly wire: readonly WireEntry[];
  /**
   * `masked` (the default when saving): header and environment values, URL
   * passwords and tokens are `***`; `kept`: the user chose to keep them.
   * Absent in files written before masking.
   */
  readonly secrets?: 'masked' | 'kept';
}

/** Parses a recording file's text; throws a TypeError saying what is wrong. */
export function parseRecording(text: string): Recording {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null) throw new TypeError('not a recording: expected a JSON object');
  const v = value as Record<string, unknown>;
  if (v['format'] !== RECORDING_FORMAT) throw new TypeError(`not a recording: "format" is not "${RECORDING_FORMAT}"`);
  if (v['version'] !== 1) throw new TypeError(`unsupported recording version ${JSON.stringify(v['version'])}`);
  if (!Array.isArray(v['steps'])) throw new TypeError('the recording has no "steps" list');
  const steps = v['steps'].map((s: unknown, i): Step => {
    const where = `step ${String(i + 1)}`;
    if (typeof s !== 'object' || s === null) throw new TypeError(`${where} is not an object`);
    const step = s as Record<string, unknown>;
    if (typeof step['method'] !== 'string') throw new TypeError(`${where} has no method`);
    const outcome = step['outcome'];
    if (typeof outcome !== 'object' || outcome === null || !('result' in outcome || 'error' in outcome))
      throw new TypeError(`${where} has no outcome (result or error)`);
    const answers = step['answers'] ?? [];
    if (
      !Array.isArray(answers) ||
      !answers.every((a) => typeof a === 'object' && a !== null && typeof (a as Record<string, unknown>)['method'] === 'string')
    )
      throw new TypeError(`${where}: answers must be a list of { method, answer }`);
    return { method: step['method'], params: step['params'], outcome: outcome as Outcome, answers: answers as RecordedAnswer[] };
  });
  const target = v['target'] === undefined || v['target'] === null ? undefined : parseConnectSpec(v['target']);
  const server = typeof v['server'] === 'object' && v['server'] !== null ? (v['server'] as Recording['server']) : {};
  const wire = Array.isArray(v['wire']) ? (v['wire'] as WireEntry[]) : [];
  return {
    format: RECORDING_FORMAT,
    version: 1,
    recordedAt: typeof v['recordedAt'] === 'string' ? v['recordedAt'] : '',
    target,
    server,
    steps,
    wire,
    ...((v['secrets'] === 'masked' || v['secrets'] === 'kept') && { secrets: v['secrets'] }),
  };
}
