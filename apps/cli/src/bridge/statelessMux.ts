/**
 * 2026-07-28 requests over HTTP, carried to one shared server process. Each
 * stateless request is self-contained (it names its revision, client and
 * capabilities in `_meta`), so one process can serve them all; but many HTTP
 * clients pick their ids independently, so ids are renamed on the way in and
 * restored on the way out, and so are the other names a client picks: the
 * progress token and the subscription id (`subscriptions/listen` streams are
 * named by their request's id). Each answer and notification goes back to
 * the request it belongs to.
 *
 * The process is started on the first request and again after it dies;
 * requests in flight when it dies are answered with an error.
 *
 * @module
 */
import type { JsonRpcMessage, RequestId, Transport } from 'mcpkit/jsonrpc';
import { JsonRpcErrorCode } from 'mcpkit/jsonrpc';
import { decodeFrame, describe, errorResponse, idOf, metaOf, paramsOf, UPSTREAM_UNAVAILABLE } from './frames.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** A request the shared process is working on, and where its answer goes. */
interface Route {
  readonly host: Transport;
  readonly id: RequestId;
  readonly token: RequestId | undefined;
  readonly upstreamToken: string | undefined;
}

/** Options of a {@link StatelessMux}. */
export interface StatelessMuxOptions {
  /** Starts a new server process (already started, or rejecting). */
  readonly spawn: (onMessage: (frame: unknown) => void, onClosed: (error?: Error) => void) => Promise<Transport>;
  readonly label: string;
  readonly log: (message: string) => void;
}

/** Carries stateless requests from many HTTP exchanges to one process. */
export class StatelessMux {
  readonly #options: StatelessMuxOptions;
  #upstream: Promise<Transport> | undefined;
  #next = 0;
  /** By the id the process sees. */
  readonly #routes = new Map<string, Route>();
  /** Upstream progress token → upstream request id. */
  readonly #tokens = new Map<string, string>();

  constructor(options: StatelessMuxOptions) {
    this.#options = options;
  }

  /** Takes over one exchange's transport (one request). */
  async attach(host: Transport): Promise<void> {
    await host.start({
      receive: (frame) => {
        const { messages, failures } = decodeFrame(frame);
        for (const failure of failures)
          if (failure.reply) this.#send(host, errorResponse(failure.id ?? null, failure.error.code, failure.error.message));
        for (const message of messages) void this.#fromHost(host, message);
      },
      reject: (error) => {
        this.#send(host, errorResponse(null, error.code, error.message));
      },
      closed: () => {
        this.#hostGone(host);
      },
    });
  }

  /** Stops the shared process. */
  async close(): Promise<void> {
    const upstream = this.#upstream;
    this.#upstream = undefined;
    if (upstream !== undefined) await (await upstream.catch(() => undefined))?.close();
  }

  async #fromHost(host: Transport, message: JsonRpcMessage): Promise<void> {
    const id = idOf(message);
    if (!('method' in message) || id === undefined || !('id' in message)) {
      // Over HTTP a 2026-07-28 client posts only requests (a notification is acknowledged and dropped before it gets here).
      return;
    }
    const upstreamId = `bridge-${String(++this.#next)}`;
    const params = paramsOf(message);
    const meta = metaOf(message);
    const token = meta?.['progressToken'];
    const hostToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
    const upstreamToken = hostToken === undefined ? undefined : `${upstreamId}-progress`;
    this.#routes.set(upstreamId, { host, id, token: hostToken, upstreamToken });
    if (upstreamToken !== undefined) this.#tokens.set(upstreamToken, upstreamId);
    const renamed = {
      ...message,
      id: upstreamId,
      ...(params !== undefined && {
        params: {
          ...params,
          ...(meta !== undefined && { _meta: { ...meta, ...(upstreamToken !== undefined && { progressToken: upstreamToken }) } }),
        },
      }),
    } as JsonRpcMessage;
    try {
      const upstream = await this.#process();
      await upstream.send(renamed);
    } catch (error) {
      if (this.#forget(upstreamId) === undefined) return;
      this.#send(
        host,
        errorResponse(id, UPSTREAM_UNAVAILABLE, `${this.#options.label} did not take ${message.method}: ${describe(error)}`),
        id,
      );
    }
  }

  /** The shared process, started if need be. */
  #process(): Promise<Transport> {
    this.#upstream ??= this.#options
      .spawn(
        (frame) => {
          this.#fromUpstream(frame);
        },
        (error) => {
          this.#upstreamGone(error);
        },
      )
      .catch((error: unknown) => {
        this.#upstream = undefined;
        throw error;
      });
    return this.#upstream;
  }

  #fromUpstream(frame: unknown): void {
    const { messages } = decodeFrame(frame as object);
    for (const message of messages) {
      if (!('method' in message)) this.#answer(message);
      else if ('id' in message) this.#refuseRequest(message);
      else this.#notification(message);
    }
  }

  #answer(message: JsonRpcMessage): void {
    const upstreamId = idOf(message);
    const route = upstreamId === undefined ? undefined : this.#forget(String(upstreamId));
    if (route === undefined) return;
    const restored = { ...message, id: route.id } as Record<string, unknown>;
    const result = restored['result'];
    if (typeof result === 'object' && result !== null && !Array.isArray(result))
      restored['result'] = withSubscription(result, route.id);
    this.#send(route.host, restored as unknown as JsonRpcMessage, route.id);
  }

  /** A stateless client cannot be asked anything outside a result (2026-07-28 asks through `input_required`). */
  #refuseRequest(message: JsonRpcMessage): void {
    const id = idOf(message);
    if (id === undefined) return;
    void this.#upstream?.then((upstream) =>
      upstream.send(
        errorResponse(
          id,
          JsonRpcErrorCode.MethodNotFound,
          'a 2026-07-28 client is asked through input_required results, not requests',
        ),
      ),
    );
  }

  #notification(message: JsonRpcMessage & { method: string }): void {
    const params = paramsOf(message);
    const token = params?.['progressToken'];
    if (typeof token === 'string') {
      const route = this.#routes.get(this.#tokens.get(token) ?? '');
      if (route?.token !== undefined)
        this.#send(route.host, { ...message, params: { ...params, progressToken: route.token } }, route.id);
      return;
    }
    const subscription = metaOf(message)?.[SUBSCRIPTION_ID];
    if (typeof subscription === 'string') {
      const route = this.#routes.get(subscription);
      if (route !== undefined && params !== undefined)
        this.#send(route.host, { ...message, params: withSubscription(params, route.id) } as JsonRpcMessage, route.id);
      return;
    }
    // Anything else (a log line) belongs to a request only if just one is in flight: stdio says nothing more.
    if (this.#routes.size === 1) for (const route of this.#routes.values()) this.#send(route.host, message, route.id);
  }

  #forget(upstreamId: string): Route | undefined {
    const route = this.#routes.get(upstreamId);
    if (route === undefined) return undefined;
    this.#routes.delete(upstreamId);
    if (route.upstreamToken !== undefined) this.#tokens.delete(route.upstreamToken);
    return route;
  }

  /** The HTTP client hung up (or its answer went out): cancel what it still waits for. */
  #hostGone(host: Transport): void {
    for (const [upstreamId, route] of [...this.#routes]) {
      if (route.host !== host) continue;
      this.#forget(upstreamId);
      void this.#upstream
        ?.then((upstream) =>
          upstream.send({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: upstreamId },
          }),
        )
        .catch(() => undefined);
    }
  }

  #upstreamGone(error: Error | undefined): void {
    this.#upstream = undefined;
    const why = error === undefined ? 'the process exited' : error.message;
    this.#options.log(`${this.#options.label} (shared by 2026-07-28 requests) stopped: ${why}`);
    for (const [upstreamId, route] of [...this.#routes]) {
      this.#forget(upstreamId);
      this.#send(route.host, errorResponse(route.id, UPSTREAM_UNAVAILABLE, `${this.#options.label} stopped: ${why}`), route.id);
    }
  }

  #send(host: Transport, message: JsonRpcMessage, related?: RequestId): void {
    host.send(message, related === undefined ? undefined : { relatedRequestId: related }).catch(() => undefined);
  }
}

/** `value` with its `_meta` subscription id (if any) set to the client's own id. */
function withSubscription(value: object, id: RequestId): object {
  const meta = (value as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null || !(SUBSCRIPTION_ID in meta)) return value;
  return { ...value, _meta: { ...meta, [SUBSCRIPTION_ID]: id } };
}
