/**
 * A handshake-era host in front of a stateless-only (2026-07-28) server: the
 * one pairing of eras the protocol's own negotiation cannot settle, since the
 * host knows no revision the server speaks. (A 2026-07-28 host in front of a
 * handshake-only server needs nothing: the server's refusal passes through,
 * and the host falls back to `initialize` by the spec's negotiation rules.)
 *
 * A decorator over the upstream transport. Everything passes through
 * untouched unless the server refuses the host's `initialize` (the error is
 * implementation-defined: any JSON-RPC error, or an HTTP 4xx) and then answers
 * `server/discover` naming 2026-07-28 — what a dual-era client would try.
 * From then on it translates:
 * - `initialize` is answered from `server/discover`;
 * - every request gets the 2026-07-28 `_meta` (revision, the host's client
 *   info and capabilities, and the level `logging/setLevel` chose);
 * - `input_required` results become server-to-client requests to the host,
 *   and the request is retried with the answers (a new id each round);
 * - `resources/subscribe`, `unsubscribe` and list changes become one
 *   `subscriptions/listen` stream, whose notifications reach the host as the
 *   handshake era sends them;
 * - `ping`, `logging/setLevel`, `notifications/initialized` are answered or
 *   dropped here, since the stateless era has no session to carry them.
 *
 * @module
 */
import type { JsonRpcMessage, JsonRpcPayload, RequestId, SendOptions, Transport, TransportSink } from 'mcpkit/jsonrpc';
import { JsonRpcErrorCode } from 'mcpkit/jsonrpc';
import { decodeFrame, describe, errorResponse, idOf, metaOf, paramsOf, UPSTREAM_UNAVAILABLE } from './frames.js';

const STATELESS = '2026-07-28';
const HANDSHAKE_REVISIONS: readonly string[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const KEY = {
  version: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  capabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscription: 'io.modelcontextprotocol/subscriptionId',
} as const;
/** Rounds of `input_required` for one request before giving up (a server asking forever). */
const MAX_ROUNDS = 8;

type Record_ = Record<string, unknown>;

/** The upstream transport, translating for a handshake-era host when the server is stateless-only. */
export class HandshakeOverStateless implements Transport {
  readonly #inner: Transport;
  readonly #log: (message: string) => void;
  #sink: TransportSink | undefined;
  #translating = false;
  /** The host's `initialize`, until it is answered. */
  #initialize: (JsonRpcMessage & { id: RequestId }) | undefined;
  #meta: Record_ = {};
  #logLevel: string | undefined;
  #next = 0;
  /** Answers to requests this decorator sent upstream itself. */
  readonly #own = new Map<RequestId, (message: JsonRpcMessage) => void>();
  /** Answers to requests this decorator sent to the host. */
  readonly #asks = new Map<RequestId, (message: JsonRpcMessage) => void>();
  /** Host request id → the id its current round carries upstream. */
  readonly #rounds = new Map<RequestId, RequestId>();
  readonly #subscribed = new Set<string>();
  #listen: RequestId | undefined;
  #capabilities: Record_ = {};
  /** While the host's `initialize` is unanswered: what follows waits, since its era is not known yet. */
  #gate: Promise<void> | undefined;
  #closing = false;
  #opened: () => void = () => undefined;

  constructor(inner: Transport, log: (message: string) => void) {
    this.#inner = inner;
    this.#log = log;
  }

  /** True once the server turned out to be stateless-only. */
  get translating(): boolean {
    return this.#translating;
  }

  start(sink: TransportSink): Promise<void> {
    this.#sink = sink;
    return this.#inner.start({
      receive: (frame, info) => {
        if (!this.#translating && this.#initialize === undefined && this.#own.size === 0) {
          sink.receive(frame, info);
          return;
        }
        for (const message of decodeFrame(frame).messages) this.#fromUpstream(message);
      },
      reject: (error) => {
        sink.reject(error);
      },
      closed: (error) => {
        sink.closed(error);
      },
    });
  }

  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.#gate !== undefined) await this.#gate;
    const message = payload as JsonRpcMessage;
    if (Array.isArray(payload)) return this.#inner.send(payload, options);
    if (!this.#translating) {
      const id = idOf(message);
      if (!('method' in message) || message.method !== 'initialize' || id === undefined)
        return this.#inner.send(payload, options);
      const init = { ...message, id };
      this.#initialize = init;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      this.#gate = gate;
      this.#opened = () => {
        if (this.#gate === gate) this.#gate = undefined;
        open();
      };
      // An HTTP refusal without a JSON-RPC body: the server may still be a 2026-07-28 one.
      return this.#inner.send(payload, options).catch(async (error: unknown) => {
        const mine = this.#initialize === init;
        this.#initialize = undefined;
        if (mine && (await this.#probe(init))) return;
        this.#opened(); // the relay answers the host with this failure
        throw error;
      });
    }
    return this.#translate(message);
  }

  close(): Promise<void> {
    this.#closing = true;
    this.#opened();
    return this.#inner.close();
  }

  #deliver(message: JsonRpcMessage): void {
    this.#sink?.receive(message);
    // The host has its answer to `initialize`: what it sends next is in a known era.
    if (this.#gate !== undefined && this.#initialize === undefined && !('method' in message)) this.#opened();
  }

  #fromUpstream(message: JsonRpcMessage): void {
    const id = idOf(message);
    if (!('method' in message) && id !== undefined) {
      const own = this.#own.get(id);
      if (own !== undefined) {
        this.#own.delete(id);
        own(message);
        return;
      }
      const init = this.#initialize;
      if (!this.#translating && init !== undefined && init.id === id) {
        this.#initialize = undefined;
        if ('error' in message) {
          // Refused: if the server turns out to speak 2026-07-28, translate; else the refusal stands.
          void this.#probe(init).then((translated) => {
            if (!translated) this.#deliver(message);
          });
          return;
        }
      }
    }
    if (this.#translating && 'method' in message) {
      const meta = metaOf(message);
      if (meta !== undefined && KEY.subscription in meta) {
        if (message.method === 'notifications/subscriptions/acknowledged') return;
        const params = paramsOf(message) ?? {};
        const { [KEY.subscription]: _dropped, ...rest } = meta;
        this.#deliver({ ...message, params: { ...params, _meta: rest } });
        return;
      }
    }
    this.#deliver(message);
  }

  /**
   * The host's `initialize` was refused: asks `server/discover` as a 2026-07-28
   * client would. If the server speaks 2026-07-28, answers the `initialize`
   * from it and translates from now on (true); otherwise changes nothing (false).
   */
  async #probe(init: JsonRpcMessage & { id: RequestId }): Promise<boolean> {
    const params = paramsOf(init) ?? {};
    this.#meta = {
      [KEY.version]: STATELESS,
      [KEY.clientInfo]: params['clientInfo'] ?? { name: 'mcpkit-bridge', version: '0' },
      [KEY.capabilities]: params['capabilities'] ?? {},
    };
    let answer: JsonRpcMessage;
    try {
      answer = await this.#request('server/discover', {});
    } catch {
      return false;
    }
    const result = (answer as { result?: Record_ }).result;
    const versions = result?.['supportedVersions'];
    if (result === undefined || !Array.isArray(versions) || !versions.includes(STATELESS)) return false;
    this.#translating = true;
    this.#log(`the server speaks only ${STATELESS}; translating for a client of the handshake era`);
    this.#answerInitialize(init, params, result);
    return true;
  }

  #answerInitialize(init: JsonRpcMessage & { id: RequestId }, params: Record_, result: Record_): void {
    this.#capabilities = (result['capabilities'] as Record_ | undefined) ?? {};
    const requested = typeof params['protocolVersion'] === 'string' ? params['protocolVersion'] : '';
    const serverInfo = (result['_meta'] as Record_ | undefined)?.[KEY.serverInfo] ?? { name: 'mcpkit-bridge', version: '0' };
    const resources = this.#capabilities['resources'] as Record_ | undefined;
    this.#deliver({
      jsonrpc: '2.0',
      id: init.id,
      result: {
        protocolVersion: HANDSHAKE_REVISIONS.includes(requested) ? requested : '2025-11-25',
        // Subscriptions are offered through the translation to subscriptions/listen.
        capabilities:
          resources === undefined ? this.#capabilities : { ...this.#capabilities, resources: { ...resources, subscribe: true } },
        serverInfo,
        ...(typeof result['instructions'] === 'string' && { instructions: result['instructions'] }),
      },
    } as unknown as JsonRpcMessage);
    this.#relisten();
  }

  async #translate(message: JsonRpcMessage): Promise<void> {
    const id = idOf(message);
    if (!('method' in message)) {
      // The host's answer to an input request.
      const ask = id === undefined ? undefined : this.#asks.get(id);
      if (ask !== undefined && id !== undefined) {
        this.#asks.delete(id);
        ask(message);
      }
      return;
    }
    const params = paramsOf(message) ?? {};
    if (id === undefined || !('id' in message)) {
      if (message.method === 'notifications/cancelled') {
        const round = this.#rounds.get(params['requestId'] as RequestId);
        if (round !== undefined) await this.#inner.send({ ...message, params: { ...params, requestId: round } });
      }
      return; // initialized, roots/list_changed: the stateless era has no session to tell
    }
    const local = this.#local(message.method, params);
    if (local !== undefined) {
      this.#deliver({ jsonrpc: '2.0', id, result: local } as unknown as JsonRpcMessage);
      return;
    }
    await this.#rounds_(message.method, params, id);
  }

  /** Methods answered here: the session features the stateless era does not have. */
  #local(method: string, params: Record_): Record_ | undefined {
    if (method === 'ping') return {};
    if (method === 'logging/setLevel') {
      this.#logLevel = typeof params['level'] === 'string' ? params['level'] : undefined;
      return {};
    }
    if (method === 'resources/subscribe' || method === 'resources/unsubscribe') {
      const uri = params['uri'];
      if (typeof uri === 'string') {
        if (method === 'resources/subscribe') this.#subscribed.add(uri);
        else this.#subscribed.delete(uri);
        this.#relisten();
      }
      return {};
    }
    return undefined;
  }

  /** Sends a host request upstream, answering `input_required` rounds through the host, and delivers the final answer. */
  async #rounds_(method: string, params: Record_, hostId: RequestId): Promise<void> {
    let extra: Record_ = {};
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const answer = await this.#request(method, { ...params, ...extra }, hostId);
        const result = (answer as { result?: unknown }).result as Record_ | undefined;
        if (result?.['resultType'] !== 'input_required') {
          this.#deliver({ ...answer, id: hostId });
          return;
        }
        const inputs = (result['inputRequests'] as Record<string, { method: string; params?: unknown }> | undefined) ?? {};
        const responses: Record_ = {};
        await Promise.all(
          Object.entries(inputs).map(async ([key, input]) => {
            responses[key] = await this.#ask(input.method, input.params ?? {});
          }),
        );
        extra = {
          inputResponses: responses,
          ...(typeof result['requestState'] === 'string' && { requestState: result['requestState'] }),
        };
      }
      this.#deliver(
        errorResponse(hostId, JsonRpcErrorCode.InternalError, `the server asked for input more than ${String(MAX_ROUNDS)} times`),
      );
    } catch (error) {
      this.#deliver(errorResponse(hostId, UPSTREAM_UNAVAILABLE, `the server did not answer ${method}: ${describe(error)}`));
    } finally {
      this.#rounds.delete(hostId);
    }
  }

  /** Sends a request of this decorator's own upstream (with the 2026-07-28 `_meta`) and resolves with its answer. */
  #request(method: string, params: Record_, hostId?: RequestId): Promise<JsonRpcMessage> {
    const id = `bridge-${String(++this.#next)}`;
    if (hostId !== undefined) this.#rounds.set(hostId, id);
    const meta = {
      ...(params['_meta'] as Record_ | undefined),
      ...this.#meta,
      ...(this.#logLevel !== undefined && { [KEY.logLevel]: this.#logLevel }),
    };
    return new Promise<JsonRpcMessage>((resolve, reject) => {
      this.#own.set(id, resolve);
      this.#inner.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }).catch((error: unknown) => {
        if (!this.#own.delete(id)) return;
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /** Asks the host (a server-to-client request of the handshake era) and resolves with its result. */
  #ask(method: string, params: unknown): Promise<unknown> {
    const id = `bridge-ask-${String(++this.#next)}`;
    return new Promise((resolve, reject) => {
      this.#asks.set(id, (answer) => {
        if ('error' in answer)
          reject(new Error(`the client refused ${method}: ${(answer as { error: { message: string } }).error.message}`));
        else resolve((answer as { result: unknown }).result);
      });
      this.#deliver({ jsonrpc: '2.0', id, method, params } as JsonRpcMessage);
    });
  }

  /** (Re)opens the one `subscriptions/listen` stream with what the host wants to hear. */
  #relisten(): void {
    if (this.#listen !== undefined) {
      const old = this.#listen;
      this.#own.delete(old);
      void this.#inner
        .send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: old } })
        .catch(() => undefined);
      this.#listen = undefined;
    }
    const listChanged = (name: string): boolean => (this.#capabilities[name] as Record_ | undefined)?.['listChanged'] === true;
    const filter: Record_ = {
      ...(listChanged('tools') && { toolsListChanged: true }),
      ...(listChanged('prompts') && { promptsListChanged: true }),
      ...(listChanged('resources') && { resourcesListChanged: true }),
      ...(this.#subscribed.size > 0 && { resourceSubscriptions: [...this.#subscribed] }),
    };
    if (Object.keys(filter).length === 0) return;
    const id = `bridge-listen-${String(++this.#next)}`;
    this.#listen = id;
    this.#own.set(id, () => {
      if (this.#listen === id) this.#listen = undefined;
    });
    this.#inner
      .send({
        jsonrpc: '2.0',
        id,
        method: 'subscriptions/listen',
        params: { notifications: filter, _meta: this.#meta },
      })
      .catch((error: unknown) => {
        if (this.#listen === id && !this.#closing) this.#log(`subscriptions/listen failed: ${describe(error)}`);
      });
  }
}
