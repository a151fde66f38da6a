/**
 * A model's answer as it streams in: text blocks (each delta passed on at
 * once), tool calls whose JSON arguments arrive in pieces, the stop reason and
 * the token counts. Both adapters fill one, so the answer they return has one
 * shape.
 *
 * @module
 */
import type { ModelBlock, ModelResponse, ModelStopReason } from './types.js';

type Slot =
  | { kind: 'text'; text: string }
  | {
      kind: 'raw';
      provider: string;
      block: Readonly<Record<string, unknown>>;
      json: string;
      input: Readonly<Record<string, unknown>> | undefined;
    }
  | { kind: 'tool'; id: string; name: string; json: string; input: Readonly<Record<string, unknown>> | undefined };

/** Accumulates one answer. */
export class StreamedAnswer {
  /** The model that answered. */
  model: string;
  /** The stream said it is complete. */
  ended = false;
  readonly #onText: ((text: string) => void) | undefined;
  readonly #slots = new Map<number, Slot>();
  #stop: ModelStopReason = 'end_turn';
  #rawStop: string | undefined;
  #input = 0;
  #output = 0;

  constructor(model: string, onText: ((text: string) => void) | undefined) {
    this.model = model;
    this.#onText = onText;
  }

  /** A text block begins at `index`, possibly with text. */
  startText(index: number, text: string): void {
    this.#slots.set(index, { kind: 'text', text: '' });
    this.text(index, text);
  }

  /** More text for block `index` (a block not started is started). */
  text(index: number, delta: string): void {
    let slot = this.#slots.get(index);
    if (slot?.kind !== 'text') {
      slot = { kind: 'text', text: '' };
      this.#slots.set(index, slot);
    }
    if (delta === '') return;
    slot.text += delta;
    this.#onText?.(delta);
  }

  /** A tool call begins at `index`. */
  startToolUse(index: number, id: string, name: string): void {
    this.#slots.set(index, { kind: 'tool', id, name, json: '', input: undefined });
  }

  /** A block only the provider understands (kept whole; a streamed `input` arrives as tool arguments do). */
  startRaw(index: number, provider: string, block: Readonly<Record<string, unknown>>): void {
    this.#slots.set(index, { kind: 'raw', provider, block, json: '', input: undefined });
  }

  /** A tool call's id or name arrives late, or more of its name (OpenAI sends them in the first delta of `index`). */
  toolIdentity(index: number, id: string | undefined, name: string | undefined): void {
    const slot = this.#slots.get(index);
    if (slot?.kind !== 'tool') {
      this.startToolUse(index, id ?? '', name ?? '');
      return;
    }
    if (id !== undefined && id !== '') slot.id = id;
    if (name !== undefined) slot.name += name;
  }

  /** More of a tool call's JSON arguments. */
  toolArguments(index: number, partial: string): void {
    const slot = this.#slots.get(index);
    if (slot?.kind === 'tool' || slot?.kind === 'raw') slot.json += partial;
  }

  /** A tool call's arguments, whole (a non-streamed answer). */
  toolInput(index: number, input: Readonly<Record<string, unknown>>): void {
    const slot = this.#slots.get(index);
    if (slot?.kind === 'tool' || slot?.kind === 'raw') slot.input = input;
  }

  /** Why the model stopped: the API's word and its meaning. */
  stop(raw: string, reason: ModelStopReason): void {
    this.#rawStop = raw;
    this.#stop = reason;
  }

  /** Token counts; each given one replaces the last (both APIs send totals). */
  setUsage(input: number | undefined, output: number | undefined): void {
    if (input !== undefined) this.#input = input;
    if (output !== undefined) this.#output = output;
  }

  /** The answer, in block order. Arguments that are not a JSON object become a `tool_use` with `inputError`. */
  finish(): ModelResponse {
    const content: ModelBlock[] = [];
    for (const index of [...this.#slots.keys()].sort((a, b) => a - b)) {
      const slot = this.#slots.get(index);
      if (slot === undefined) continue;
      if (slot.kind === 'text') {
        if (slot.text !== '') content.push({ type: 'text', text: slot.text });
        continue;
      }
      if (slot.kind === 'raw') {
        content.push({ type: 'provider', provider: slot.provider, block: rawBlock(slot) });
        continue;
      }
      content.push(toolUse(slot));
    }
    const hasTools = content.some((b) => b.type === 'tool_use');
    // Some compatible servers say "stop" while asking for tools; the tool calls are what counts.
    const stopReason = hasTools && this.#stop === 'end_turn' ? 'tool_use' : this.#stop;
    return {
      model: this.model,
      content,
      stopReason,
      rawStopReason: this.#rawStop,
      usage: { inputTokens: this.#input, outputTokens: this.#output },
    };
  }
}

/** A kept block with its streamed `input` put back together (unreadable JSON: the block as it started). */
function rawBlock(slot: Extract<Slot, { kind: 'raw' }>): Readonly<Record<string, unknown>> {
  if (slot.input !== undefined) return { ...slot.block, input: slot.input };
  if (slot.json.trim() === '') return slot.block;
  try {
    return { ...slot.block, input: JSON.parse(slot.json) as unknown };
  } catch {
    return slot.block;
  }
}

function toolUse(slot: Extract<Slot, { kind: 'tool' }>): ModelBlock {
  if (slot.input !== undefined) return { type: 'tool_use', id: slot.id, name: slot.name, input: slot.input };
  if (slot.json.trim() === '') return { type: 'tool_use', id: slot.id, name: slot.name, input: {} };
  try {
    const input: unknown = JSON.parse(slot.json);
    if (typeof input === 'object' && input !== null && !Array.isArray(input))
      return { type: 'tool_use', id: slot.id, name: slot.name, input: input as Record<string, unknown> };
  } catch {
    // Reported through inputError.
  }
  return {
    type: 'tool_use',
    id: slot.id,
    name: slot.name,
    input: {},
    inputError: `the arguments are not a JSON object: ${slot.json.slice(0, 200)}`,
  };
}
