/**
 * The messages between the browser and the inspector server over their one
 * WebSocket. The browser asks (`BrowserMessage`, each with an id that the
 * reply carries); the server replies and pushes what happens
 * (`ServerMessage`).
 *
 * @module
 */
import type { Difference } from './diff.js';
import type { ConnectSpec } from './connectSpec.js';
import type { Recording } from './recording.js';
import type { WireEntry } from './wire.js';

/** The state of one connection, as the browser shows it. */
export interface ConnectionInfo {
  readonly id: string;
  readonly label: string;
  readonly spec: ConnectSpec;
  readonly status: 'connecting' | 'connected' | 'closed' | 'failed';
  readonly error?: string;
  readonly era?: string;
  readonly revision?: string;
  readonly serverInfo?: Record<string, unknown>;
  readonly capabilities?: Record<string, unknown>;
  readonly instructions?: string;
  readonly recording: boolean;
  readonly roots: readonly { readonly uri: string; readonly name?: string }[];
}

/** A request from the server waiting for the user. */
export interface Ask {
  readonly id: string;
  readonly connection: string;
  readonly method: 'elicitation/create' | 'sampling/createMessage';
  /** `form` or `url` for an elicitation. */
  readonly mode?: 'form' | 'url';
  readonly params: Record<string, unknown>;
}

/** The outcome of replaying one step. */
export interface StepReport {
  readonly index: number;
  readonly method: string;
  readonly params: unknown;
  readonly differences: readonly Difference[];
}

/** The outcome of a replay. */
export interface ReplayReport {
  readonly steps: readonly StepReport[];
  /** How many steps differ. */
  readonly differing: number;
}

/** What the browser sends. Every one but `answer` gets a `reply` with its `id`. */
export type BrowserMessage =
  | { readonly type: 'connect'; readonly id: number; readonly spec: ConnectSpec }
  | { readonly type: 'reconnect'; readonly id: number; readonly connection: string }
  | { readonly type: 'close'; readonly id: number; readonly connection: string }
  | {
      readonly type: 'request';
      readonly id: number;
      readonly connection: string;
      readonly method: string;
      readonly params?: Record<string, unknown>;
    }
  | { readonly type: 'cancel'; readonly id: number; readonly request: number }
  | { readonly type: 'subscribe'; readonly id: number; readonly connection: string; readonly uri: string }
  | { readonly type: 'logLevel'; readonly id: number; readonly connection: string; readonly level: string }
  | {
      readonly type: 'roots';
      readonly id: number;
      readonly connection: string;
      readonly roots: readonly { readonly uri: string; readonly name?: string }[];
    }
  | {
      readonly type: 'record';
      readonly id: number;
      readonly connection: string;
      readonly on: boolean;
      /** On stop: return the recording with its secrets (masked by default). */
      readonly keepSecrets?: boolean;
    }
  | { readonly type: 'replay'; readonly id: number; readonly connection: string; readonly recording: Recording }
  | { readonly type: 'answer'; readonly id: number; readonly ask: string; readonly answer: unknown }
  /** Reads the app at `uri` from the server and serves it from the sandbox origin; replies `AppFrame`. */
  | { readonly type: 'openApp'; readonly id: number; readonly connection: string; readonly uri: string }
  /** One bridge message, for the wire log (and recordings). */
  | {
      readonly type: 'appTraffic';
      readonly id: number;
      readonly connection: string;
      readonly app: string;
      readonly dir: 'in' | 'out';
      readonly message: unknown;
    };

/** An app ready to frame: where the sandbox serves it, and its cleaned metadata. */
export interface AppFrame {
  readonly url: string;
  readonly origin: string;
  readonly meta: Record<string, unknown>;
  /** The server's CSP entries the inspector did not allow, and why. */
  readonly dropped: readonly { readonly key: string; readonly entry: string; readonly reason: string }[];
}

/** What the server sends. */
export type ServerMessage =
  | { readonly type: 'hello'; readonly connections: readonly ConnectionInfo[]; readonly asks: readonly Ask[] }
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: ErrorInfo }
  | {
      readonly type: 'progress';
      readonly id: number;
      readonly progress: number;
      readonly total?: number;
      readonly message?: string;
    }
  | { readonly type: 'connection'; readonly connection: ConnectionInfo }
  | { readonly type: 'wire'; readonly connection: string; readonly entries: readonly WireEntry[] }
  | { readonly type: 'ask'; readonly ask: Ask }
  | { readonly type: 'askDone'; readonly ask: string }
  | { readonly type: 'updated'; readonly connection: string; readonly uri: string };

/** A failure, as the browser shows it. */
export interface ErrorInfo {
  readonly message: string;
  /** A JSON-RPC error code, or a local error's code (`REQUEST_TIMEOUT`). */
  readonly code?: number | string;
  readonly data?: unknown;
}
