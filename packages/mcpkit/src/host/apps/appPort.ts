/**
 * What the app bridge needs from its surroundings, none of it tied to a
 * runtime: a port to the app's frame (a `postMessage`-like pair), the
 * server the app came from, and the embedding application's decisions.
 *
 * @module
 */
import type { CallToolResult, ContentBlock, Implementation, ReadResourceResult, Tool } from '../../protocol/index.js';
import type { AppCsp, AppPermissions } from '../../protocol/index.js';

/** The channel to one app frame: messages are JSON-RPC objects (structured clones in a browser). */
export interface AppPort {
  /** Sends a message to the app. */
  post(message: unknown): void;
  /** Receives the app's messages; returns the remover. */
  onMessage(listener: (message: unknown) => void): () => void;
}

/** The server an app talks to, through the host (a client, or a proxy to one). */
export interface AppServer {
  callTool(params: { readonly name: string; readonly arguments?: Record<string, unknown> }): Promise<CallToolResult>;
  readResource(params: { readonly uri: string }): Promise<ReadResourceResult>;
}

/** How the app is displayed. */
export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What the host tells the app about where it runs (`hostContext`); forward-compatible. */
export interface AppHostContext {
  readonly theme?: 'light' | 'dark';
  readonly displayMode?: AppDisplayMode;
  readonly availableDisplayModes?: readonly AppDisplayMode[];
  readonly locale?: string;
  readonly timeZone?: string;
  readonly platform?: 'web' | 'desktop' | 'mobile';
  readonly [key: string]: unknown;
}

/** A `ui/message` the app wants added to the conversation. */
export interface AppMessage {
  readonly role: 'user';
  readonly content: readonly ContentBlock[];
}

/** A `ui/update-model-context` the app sends. */
export interface AppModelContext {
  readonly content?: readonly ContentBlock[];
  readonly structuredContent?: Record<string, unknown>;
}

/** A log line the app sends (`notifications/message`). */
export interface AppLog {
  readonly level: string;
  readonly logger?: string;
  readonly data: unknown;
}

/**
 * What the embedding application decides. A decision it does not provide is
 * refused (open-link, message, model context) or kept as it is (display mode).
 * Each returns true (done) or false (declined), or a promise of it.
 */
export interface AppDecisions {
  /** The app asks to open a URL; only `https:` (and `http:` to this machine) ever reach this. */
  openLink?(url: URL): boolean | Promise<boolean>;
  /** The app asks to add a message to the conversation. */
  message?(message: AppMessage): boolean | Promise<boolean>;
  /** The app asks for another display mode; returns the mode now in effect. */
  displayMode?(mode: AppDisplayMode): AppDisplayMode | Promise<AppDisplayMode>;
  /** The app replaces the context it gives the model. */
  modelContext?(context: AppModelContext): boolean | Promise<boolean>;
  /**
   * The host's policy for the app's tool calls (after the visibility check): true runs the call,
   * false answers with a tool error. None given: every call is refused (-32600).
   */
  approveToolCall?(name: string, args: Record<string, unknown>): boolean | Promise<boolean>;
  /** The host's policy for the app's resource reads (default: allowed, from the app's own server). */
  approveResourceRead?(uri: string): boolean | Promise<boolean>;
  /** The app's content size changed, in CSS pixels. */
  sizeChanged?(size: { readonly width?: number; readonly height?: number }): void;
  /** The app logged something. */
  log?(entry: AppLog): void;
  /** The app asks to be closed. */
  requestTeardown?(): void;
}

/** Which way a bridge message went, for a wire log. */
export type AppTrafficDirection = 'host→app' | 'app→host';

/** Options of the bridge. */
export interface AppBridgeOptions {
  readonly port: AppPort;
  readonly server: AppServer;
  /** The tool whose call the app shows. */
  readonly tool: Tool;
  /** The server's tools: the app may call those whose visibility includes `app`. */
  readonly tools: readonly Tool[];
  readonly hostInfo: Implementation;
  readonly hostContext?: AppHostContext;
  readonly decisions?: AppDecisions;
  /** The sandbox the host applied (reported to the app in its capabilities). */
  readonly sandbox?: { readonly csp?: AppCsp; readonly permissions?: AppPermissions };
  /** The largest message accepted from the app, in bytes of JSON (default 1 MiB). */
  readonly maxMessageBytes?: number;
  /** The most app requests answered at once (default 16); more are refused. */
  readonly maxPending?: number;
  /** Sees every bridge message, both ways, for a wire log. */
  readonly onTraffic?: (direction: AppTrafficDirection, message: unknown) => void;
}
