/**
 * The small request/response abstraction the HTTP protocol logic is written
 * against. Each face implements it once: the web face over `Request` and a
 * `Response` promise, the Node face directly over `IncomingMessage` and
 * `ServerResponse` (no web objects are built per request on Node).
 *
 * @module
 */
export {};
//# sourceMappingURL=exchange.js.map