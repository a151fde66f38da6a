/**
 * The host side of the MCP Apps bridge, for one app frame: JSON-RPC over a
 * port. The app initializes (`ui/initialize`, then
 * `ui/notifications/initialized`); the host then delivers the tool's input
 * and result, answers the app's requests (`appRequests.ts`), and tears the
 * app down. Everything the app sends is hostile: malformed, oversized or
 * unknown messages get JSON-RPC errors, never a crash.
 *
 * @module
 */
import { RpcError } from '../../jsonrpc/index.js';
import { APPS_PROTOCOL_VERSION, ErrorCode, type CallToolResult } from '../../protocol/index.js';
import type { AppBridgeOptions, AppHostContext } from './appPort.js';
import { APP_REQUESTS } from './appRequests.js';

type Id = string | number;
type Message = Record<string, unknown>;

const DEFAULT_MAX_BYTES = 1024 * 1024;

function sizeOf(message: unknown): number | undefined {
  try {
    const json = JSON.stringify(message);
    return typeof json === 'string' ? json.length : undefined;
  } catch {
    return undefined;
  }
}

function isId(value: unknown): value is Id {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** One app's bridge. */
export class AppBridge {
  readonly #options: AppBridgeOptions;
  readonly #queue: Message[] = [];
  readonly #pending = new Map<Id, { resolve: (m: Message) => void }>();
  readonly #removeListener: () => void;
  #context: AppHostContext;
  #state: 'new' | 'initializing' | 'ready' | 'closed' = 'new';
  #answering = 0;
  #nextId = 1;
  #markReady!: () => void;
  /** Settles once the app has said `ui/notifications/initialized`. */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.#markReady = resolve;
  });

  constructor(options: AppBridgeOptions) {
    this.#options = options;
    this.#context = options.hostContext ?? {};
    this.#removeListener = options.port.onMessage((m) => {
      this.#receive(m);
    });
  }

  /** Where the app stands. */
  get state(): 'new' | 'initializing' | 'ready' | 'closed' {
    return this.#state;
  }

  /** The complete arguments of the tool call (queued until the app is ready). */
  toolInput(args: Record<string, unknown>): void {
    this.#notify('ui/notifications/tool-input', { arguments: args });
  }

  /** Arguments so far, while the model still streams them. */
  toolInputPartial(args: Record<string, unknown>): void {
    this.#notify('ui/notifications/tool-input-partial', { arguments: args });
  }

  /** The tool's result. */
  toolResult(result: CallToolResult): void {
    this.#notify('ui/notifications/tool-result', result);
  }

  /** The call was cancelled, or failed before a result. */
  toolCancelled(reason?: string): void {
    this.#notify('ui/notifications/tool-cancelled', reason === undefined ? {} : { reason });
  }

  /** Changes the host context (theme, display mode...); sends only what changed. */
  setHostContext(patch: AppHostContext): void {
    this.#context = { ...this.#context, ...patch };
    this.#notify('ui/notifications/host-context-changed', patch);
  }

  /**
   * Asks the app to clean up (`ui/resource-teardown`), waits for its answer
   * (at most `timeoutMs`, default 2 000), then closes the bridge.
   */
  async teardown(timeoutMs = 2000): Promise<void> {
    if (this.#state === 'closed') return;
    if (this.#state === 'ready') {
      const id = `teardown-${String(this.#nextId++)}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = new Promise<void>((resolve) => {
        this.#pending.set(id, {
          resolve: () => {
            resolve();
          },
        });
        timer = setTimeout(resolve, timeoutMs);
      });
      this.#send({ jsonrpc: '2.0', id, method: 'ui/resource-teardown', params: {} });
      await answered;
      clearTimeout(timer);
    }
    this.close();
  }

  /** Stops listening; later messages from the app are ignored. */
  close(): void {
    this.#state = 'closed';
    this.#queue.length = 0;
    this.#pending.clear();
    this.#removeListener();
  }

  #send(message: Message): void {
    if (this.#state === 'closed') return;
    this.#options.onTraffic?.('host→app', message);
    this.#options.port.post(message);
  }

  #notify(method: string, params: unknown): void {
    const message = { jsonrpc: '2.0', method, params };
    if (this.#state === 'ready') this.#send(message);
    else if (this.#state !== 'closed') this.#queue.push(message);
  }

  #error(id: Id | null, code: number, message: string): void {
    this.#send({ jsonrpc: '2.0', id, error: { code, message } });
  }

  #receive(raw: unknown): void {
    if (this.#state === 'closed') return;
    this.#options.onTraffic?.('app→host', raw);
    const size = sizeOf(raw);
    const message = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Message) : undefined;
    const id = message !== undefined && isId(message['id']) ? message['id'] : null;
    const max = this.#options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
    if (size === undefined || message === undefined || message['jsonrpc'] !== '2.0') {
      this.#error(id, ErrorCode.InvalidRequest, 'Not a JSON-RPC 2.0 message');
      return;
    }
    if (size > max) {
      this.#error(
        id,
        ErrorCode.InvalidRequest,
        `Message of ${String(size)} bytes is larger than the ${String(max)} this host accepts`,
      );
      return;
    }
    const method = message['method'];
    if (method === undefined) {
      if (id !== null) this.#pending.get(id)?.resolve(message);
      if (id !== null) this.#pending.delete(id);
      return;
    }
    if (typeof method !== 'string') {
      this.#error(id, ErrorCode.InvalidRequest, 'method must be a string');
      return;
    }
    const params: unknown = message['params'] ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      if (id !== null) this.#error(id, ErrorCode.InvalidParams, 'params must be an object');
      return;
    }
    if (id === null) this.#notification(method, params as Message);
    else void this.#request(id, method, params as Message);
  }

  #notification(method: string, params: Message): void {
    const decisions = this.#options.decisions;
    if (method === 'ui/notifications/initialized' && this.#state === 'initializing') {
      this.#state = 'ready';
      for (const queued of this.#queue.splice(0)) this.#send(queued);
      this.#markReady();
    } else if (method === 'ui/notifications/size-changed') {
      const width = params['width'];
      const height = params['height'];
      const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
      if ((width === undefined || ok(width)) && (height === undefined || ok(height))) {
        decisions?.sizeChanged?.({
          ...(ok(width) && { width: Math.ceil(width) }),
          ...(ok(height) && { height: Math.ceil(height) }),
        });
      }
    } else if (method === 'notifications/message') {
      decisions?.log?.({
        level: typeof params['level'] === 'string' ? params['level'] : 'info',
        ...(typeof params['logger'] === 'string' && { logger: params['logger'] }),
        data: params['data'],
      });
    } else if (method === 'ui/notifications/request-teardown') {
      decisions?.requestTeardown?.();
    }
    // Other notifications carry nothing the host acts on: ignored, as JSON-RPC wants.
  }

  async #request(id: Id, method: string, params: Message): Promise<void> {
    if (method === 'ui/initialize') {
      this.#initialize(id);
      return;
    }
    const handler = APP_REQUESTS.get(method);
    if (handler === undefined) {
      this.#error(id, ErrorCode.MethodNotFound, `Method not found: ${method}`);
      return;
    }
    if (this.#state !== 'ready' && method !== 'ping') {
      this.#error(id, ErrorCode.InvalidRequest, `${method} before the app finished ui/initialize`);
      return;
    }
    if (this.#answering >= (this.#options.maxPending ?? 16)) {
      this.#error(id, ErrorCode.InvalidRequest, 'Too many requests at once');
      return;
    }
    this.#answering++;
    try {
      this.#send({ jsonrpc: '2.0', id, result: await handler(params, this.#options) });
    } catch (error) {
      // Server errors keep their code and message; anything else is not the app's business.
      if (error instanceof RpcError) this.#error(id, error.code, error.message);
      else this.#error(id, ErrorCode.InternalError, `${method} failed`);
    } finally {
      this.#answering--;
    }
  }

  #initialize(id: Id): void {
    if (this.#state !== 'new') {
      this.#error(id, ErrorCode.InvalidRequest, 'The app is already initialized');
      return;
    }
    this.#state = 'initializing';
    const decisions = this.#options.decisions ?? {};
    const { sandbox } = this.#options;
    this.#send({
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: APPS_PROTOCOL_VERSION,
        hostInfo: this.#options.hostInfo,
        hostCapabilities: {
          ...(decisions.approveToolCall !== undefined && { serverTools: {} }),
          serverResources: {},
          logging: {},
          ...(decisions.openLink !== undefined && { openLinks: {} }),
          ...(decisions.message !== undefined && { message: { text: {} } }),
          ...(decisions.modelContext !== undefined && { updateModelContext: { text: {}, structuredContent: {} } }),
          ...(sandbox !== undefined && { sandbox }),
        },
        hostContext: {
          displayMode: 'inline',
          availableDisplayModes: ['inline'],
          ...this.#context,
          toolInfo: { tool: this.#options.tool },
        },
      },
    });
  }
}
