/**
 * The chat's one reader of stdin: the line editor (readline: editing keys,
 * history kept across sessions, Tab completing slash commands) on a terminal,
 * plain lines from a pipe otherwise. Prompts and questions (approvals, forms,
 * secrets) share it, so nothing else ever reads stdin while a chat runs: a
 * second reader would take the same line (a typed API key sent to the model
 * as a message). A secret is read with the echo off and kept out of the
 * history.
 *
 * @module
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';

/** The terminal as readline's output, with a switch that swallows what it would echo. */
function mutableTerminal(): { output: Writable; mute: (on: boolean) => void } {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  // readline lays lines out by the terminal's width and redraws on resize.
  Object.defineProperty(output, 'columns', { get: () => process.stdout.columns });
  Object.defineProperty(output, 'isTTY', { value: true });
  process.stdout.on('resize', () => output.emit('resize'));
  return {
    output,
    mute: (on) => {
      muted = on;
    },
  };
}

/** The chat's stdin. */
export class LineReader {
  readonly interactive: boolean;
  readonly #rl: Interface;
  readonly #lines: string[] = [];
  readonly #historyFile: string | undefined;
  readonly #mute: (on: boolean) => void;
  #waiting: ((line: string | undefined) => void) | undefined;
  #secret = false;
  #closed = false;

  constructor(options: { historyFile?: string | undefined; completer?: (line: string) => [string[], string] } = {}) {
    // isTTY is undefined (not false) on a pipe, whatever the typings say.
    this.interactive = (process.stdin.isTTY as boolean | undefined) === true;
    this.#historyFile = this.interactive ? options.historyFile : undefined;
    const terminal = this.interactive ? mutableTerminal() : undefined;
    this.#mute = terminal?.mute ?? (() => undefined);
    this.#rl = createInterface({
      input: process.stdin,
      output: terminal?.output,
      terminal: this.interactive,
      history: this.#loadHistory(),
      historySize: 1000,
      removeHistoryDuplicates: true,
      ...(options.completer !== undefined && this.interactive && { completer: options.completer }),
    });
    // readline adds every line to its history before 'line': a secret is taken out again (Up must not show it).
    this.#rl.on('history', (history) => {
      if (this.#secret) history.shift();
    });
    this.#rl.on('line', (line) => {
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting !== undefined) waiting(line);
      else this.#lines.push(line);
    });
    this.#rl.on('close', () => {
      this.#closed = true;
      this.#waiting?.(undefined);
      this.#waiting = undefined;
    });
  }

  /** Called on Ctrl-C at the terminal (readline catches it). */
  onInterrupt(handler: () => void): void {
    this.#rl.on('SIGINT', handler);
  }

  /** The next line, after showing `prompt` on a terminal; undefined at end of input. */
  read(prompt: string): Promise<string | undefined> {
    const queued = this.#lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.#closed) return Promise.resolve(undefined);
    // A question asked while a read waits (an app's message while the user is at `you> `)
    // takes the next line; the waiting read gets its prompt back and the line after.
    const parked = this.#waiting;
    const parkedPrompt = this.#rl.getPrompt();
    if (this.interactive) {
      if (parked !== undefined) process.stdout.write('\n');
      this.#rl.setPrompt(prompt);
      this.#rl.prompt();
    }
    return new Promise((resolve) => {
      this.#waiting =
        parked === undefined
          ? resolve
          : (line) => {
              resolve(line);
              if (line === undefined) {
                parked(undefined);
                return;
              }
              this.#waiting = parked;
              if (this.interactive) {
                this.#rl.setPrompt(parkedPrompt);
                this.#rl.prompt();
              }
            };
    });
  }

  /**
   * Reads a secret: the prompt shown, what is typed not echoed, the line kept
   * out of the history (and never queued as a message). On a pipe it is the
   * next line, which nothing echoes.
   */
  async readSecret(prompt: string): Promise<string | undefined> {
    if (!this.interactive) return this.read(prompt);
    this.#rl.setPrompt(prompt);
    this.#rl.prompt();
    this.#mute(true);
    this.#secret = true;
    try {
      return await new Promise<string | undefined>((resolve) => {
        this.#waiting = resolve;
        if (this.#closed) resolve(undefined);
      });
    } finally {
      this.#secret = false;
      this.#mute(false);
      process.stdout.write('\n');
    }
  }

  /** Reads a line the user typed as a message (kept in the history file). */
  async readMessage(prompt: string): Promise<string | undefined> {
    const line = await this.read(prompt);
    if (line !== undefined && line.trim() !== '' && this.#historyFile !== undefined) {
      try {
        mkdirSync(dirname(this.#historyFile), { recursive: true });
        appendFileSync(this.#historyFile, `${line.replace(/\n/g, ' ')}\n`);
      } catch {
        // History is a convenience: a file that cannot be written is not an error.
      }
    }
    return line;
  }

  /** Stops reading. */
  close(): void {
    this.#rl.close();
  }

  #loadHistory(): string[] {
    if (this.#historyFile === undefined) return [];
    try {
      // readline wants the newest first.
      return readFileSync(this.#historyFile, 'utf8').split('\n').filter(Boolean).slice(-1000).reverse();
    } catch {
      return [];
    }
  }
}
