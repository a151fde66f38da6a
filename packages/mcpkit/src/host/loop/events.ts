/**
 * What a host reports as it works, for any UI (a terminal, the inspector, a
 * web chat): plain data, no rendering. Server events come from `Host.on`;
 * a conversation's events from the `onEvent` of `ask`.
 *
 * @module
 */
import type { CallToolResult, LoggingLevel } from '../../protocol/index.js';
import type { ToolOffer } from '../context/toolOffer.js';
import type { ModelStopReason, Usage } from '../model/types.js';

/** Where a server is in its life. */
export type ServerState = 'starting' | 'ready' | 'restarting' | 'failed' | 'stopped';

/** How one tool call ended. */
export type ToolCallOutcome =
  /** The tool ran and returned a result (which may still say `isError`). */
  | 'ok'
  /** The policy (or the person asked) refused it; the model was told. */
  | 'denied'
  /** The model named a tool that does not exist, or gave arguments that are not an object. */
  | 'invalid'
  /** The server is not running, crashed, timed out, or refused the call with a protocol error. */
  | 'failed'
  /** The call was cancelled (Ctrl-C); the server was told. */
  | 'cancelled';

/** One tool call of a conversation, as the transcript keeps it. */
export interface ToolCallRecord {
  /** The model's id of the call. */
  readonly id: string;
  /** The model name it used. */
  readonly name: string;
  /** The server and the tool it maps to (absent when the name is unknown). */
  readonly server?: string;
  readonly tool?: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly outcome: ToolCallOutcome;
  /** What the server returned (`ok`). */
  readonly result?: CallToolResult;
  /** Why it did not run or failed (every other outcome). */
  readonly error?: string;
  /** From the decision to run it to its end, ms. */
  readonly durationMs: number;
}

/** Everything a host reports. */
export type HostEvent =
  | {
      readonly type: 'server-state';
      readonly server: string;
      readonly state: ServerState;
      readonly error?: string;
      readonly retryInMs?: number;
    }
  | { readonly type: 'server-stderr'; readonly server: string; readonly text: string }
  | {
      readonly type: 'server-log';
      readonly server: string;
      readonly level: LoggingLevel;
      readonly logger?: string;
      readonly data: unknown;
    }
  | { readonly type: 'server-lists-changed'; readonly server: string }
  | {
      /** A rule of the host's policy stopped matching: the server's tool list changed (or came late) without its tool. */
      readonly type: 'policy-rule-unmatched';
      readonly server: string;
      readonly rule: string;
      readonly decision: 'allow' | 'ask' | 'deny';
      readonly message: string;
    }
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'model-request'; readonly turn: number; readonly model: string }
  /** The tool definitions the model call of `turn` carries (all, or a search and what it found). */
  | { readonly type: 'tools-offered'; readonly turn: number; readonly offer: ToolOffer }
  | { readonly type: 'model-response'; readonly turn: number; readonly stopReason: ModelStopReason; readonly usage: Usage }
  | { readonly type: 'model-retry'; readonly attempt: number; readonly delayMs: number; readonly status?: number | undefined }
  | {
      readonly type: 'tool-call-started';
      readonly id: string;
      readonly name: string;
      readonly server?: string;
      readonly tool?: string;
      readonly arguments: Readonly<Record<string, unknown>>;
    }
  | {
      readonly type: 'tool-call-progress';
      readonly id: string;
      readonly progress: number;
      readonly total?: number;
      readonly message?: string;
    }
  | { readonly type: 'tool-call-finished'; readonly record: ToolCallRecord }
  | {
      readonly type: 'sampling';
      readonly server: string;
      readonly outcome: 'answered' | 'denied' | 'failed';
      readonly model?: string;
      readonly error?: string;
    }
  | {
      readonly type: 'elicitation';
      readonly server: string;
      readonly mode: 'form' | 'url';
      readonly message: string;
      readonly url?: string;
      readonly action: 'accept' | 'decline' | 'cancel';
    };

/** Receives events. */
export type HostEventListener = (event: HostEvent) => void;
