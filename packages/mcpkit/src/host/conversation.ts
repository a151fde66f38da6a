/**
 * A conversation with the host's model: the messages so far, resources the
 * user attached for the next question, and prompts run as the user's turn.
 * Each `ask` returns the transcript of what it did.
 *
 * @module
 */
import type * as T from '../protocol/index.js';
import type { AskOptions } from './hostOptions.js';
import type { Transcript } from './loop/loop.js';
import { modelContent } from './loop/toolResult.js';
import type { ImageBlock, ModelBlock, ModelMessage, TextBlock } from './model/types.js';

/** What a conversation needs from its host. */
export interface ConversationRunner {
  /** Runs the loop on `messages` (ending with the user's turn); `found`: the tools the host's search found in this conversation. */
  run(messages: ModelMessage[], options: AskOptions, found: Set<string>): Promise<Transcript>;
  readResource(uri: string, options: { server?: string; signal?: AbortSignal }): Promise<T.ReadResourceResult>;
  getPrompt(name: string, args: Readonly<Record<string, string>>, options: { signal?: AbortSignal }): Promise<T.GetPromptResult>;
}

/** Resource contents as model blocks, each introduced by its URI. */
export function resourceBlocks(result: T.ReadResourceResult): (TextBlock | ImageBlock)[] {
  return modelContent({ content: result.contents.map((resource) => ({ type: 'resource', resource })) });
}

function promptMessage(message: T.PromptMessage): ModelMessage {
  const content: ModelBlock[] = modelContent({ content: [message.content] });
  return { role: message.role, content };
}

/** A conversation. */
export class Conversation {
  /** Every message so far. */
  readonly messages: ModelMessage[] = [];
  readonly #host: ConversationRunner;
  #attached: (TextBlock | ImageBlock)[] = [];
  /** The model names the host's `search_tools` found: offered on every later turn of this conversation. */
  readonly #found = new Set<string>();

  constructor(host: ConversationRunner, messages: readonly ModelMessage[] = []) {
    this.#host = host;
    this.messages.push(...messages);
  }

  /** Resources attached since the last ask (they go with the next one). */
  get attachments(): readonly (TextBlock | ImageBlock)[] {
    return this.#attached;
  }

  /** Reads a resource and attaches it to the next question; resolves with what was read. */
  async attach(uri: string, options: { server?: string; signal?: AbortSignal } = {}): Promise<T.ReadResourceResult> {
    const result = await this.#host.readResource(uri, options);
    this.#attached.push(...resourceBlocks(result));
    return result;
  }

  /** Asks the model; tools run as the policy allows. */
  ask(prompt: string, options: AskOptions = {}): Promise<Transcript> {
    const content = [...this.#attached, { type: 'text', text: prompt } as const];
    this.#attached = [];
    this.messages.push({ role: 'user', content });
    return this.#host.run(this.messages, options, this.#found);
  }

  /** Gets prompt `name` from its server, adds its messages as the user's turn, and runs the model on them. */
  async prompt(name: string, args: Readonly<Record<string, string>> = {}, options: AskOptions = {}): Promise<Transcript> {
    const result = await this.#host.getPrompt(name, args, options.signal === undefined ? {} : { signal: options.signal });
    const messages = result.messages.map(promptMessage);
    const first = messages[0];
    if (this.#attached.length > 0 && first !== undefined && first.role === 'user') {
      messages[0] = { role: 'user', content: [...this.#attached, ...first.content] };
      this.#attached = [];
    }
    this.messages.push(...messages);
    return this.#host.run(this.messages, options, this.#found);
  }
}
