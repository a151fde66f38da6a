/**
 * The application's answers to what a server asks: elicitation, sampling and
 * roots. One responder serves both eras: a handshake-era server sends real requests
 * (`session.ts` turns failures into JSON-RPC errors), a stateless-era one lists them
 * in `input_required` results (`mrtr.ts`). The client's capabilities are
 * declared from the handlers registered here, so they can never disagree.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { isObject } from '../protocol/check.js';
import { requestEntry } from '../protocol/methods.js';
import { safeLink } from '../protocol/safeLink.js';
import type {
  ClientCapabilities,
  CreateMessageParams,
  ElicitFormParams,
  ElicitUrlParams,
  InputResponse,
} from '../protocol/types/index.js';
import { formatIssues } from '../schema/jsonSchemaValidator.js';
import { checkFormAnswer } from '../schema/formAnswer.js';
import { withFormDefaults } from './elicitationDefaults.js';
import type { ClientHandlers, InputContext } from './options.js';

/** The methods a server may ask the client to fulfil. */
export type InputMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';

const INPUT_METHODS: ReadonlySet<string> = new Set<InputMethod>(['elicitation/create', 'sampling/createMessage', 'roots/list']);

/** True for a method a server may ask the client to fulfil. */
export function isInputMethod(method: string): method is InputMethod {
  return INPUT_METHODS.has(method);
}

/** Answers input requests with the application's handlers. */
export class InputResponder {
  readonly #handlers: ClientHandlers;

  constructor(handlers: ClientHandlers = {}) {
    this.#handlers = handlers;
  }

  /** The client capabilities the registered handlers imply. */
  capabilities(): ClientCapabilities {
    const { elicitation, sampling, roots } = this.#handlers;
    const caps: Record<string, unknown> = {};
    if (elicitation?.form !== undefined || elicitation?.url !== undefined) {
      caps['elicitation'] = {
        ...(elicitation.form !== undefined && { form: {} }),
        ...(elicitation.url !== undefined && { url: {} }),
      };
    }
    if (sampling !== undefined) {
      caps['sampling'] = { ...(sampling.tools === true && { tools: {} }), ...(sampling.context === true && { context: {} }) };
    }
    if (roots !== undefined) caps['roots'] = roots.listChanged === true ? { listChanged: true } : {};
    return caps;
  }

  /** True if a handler answers `method` (so the client declared its capability). */
  handles(method: string): boolean {
    const { elicitation, sampling, roots } = this.#handlers;
    switch (method) {
      case 'elicitation/create':
        return elicitation?.form !== undefined || elicitation?.url !== undefined;
      case 'sampling/createMessage':
        return sampling !== undefined;
      case 'roots/list':
        return roots !== undefined;
      default:
        return false;
    }
  }

  /** True if the application declared `roots.listChanged`. */
  get rootsListChanged(): boolean {
    return this.#handlers.roots?.listChanged === true;
  }

  /**
   * Answers one input request. Rejects with `LocalError('NOT_SUPPORTED')` when
   * no handler serves it (or not in the mode asked), and with
   * `LocalError('PROTOCOL_VIOLATION')` when its params are malformed.
   */
  async answer(method: string, params: unknown, context: InputContext): Promise<InputResponse> {
    if (!isInputMethod(method))
      throw new LocalError('PROTOCOL_VIOLATION', `The server asked for ${method}, which is not an input request`);
    if (!this.handles(method))
      throw new LocalError('NOT_SUPPORTED', `The server asked for ${method}, but the application registered no handler for it`);
    // roots/list carries no params of its own; the others are checked like any received request.
    const given = params ?? {};
    const issue = requestEntry(method)?.params(given, 'params');
    if (issue !== undefined) throw new LocalError('PROTOCOL_VIOLATION', `Malformed ${method} request: ${issue}`);
    if (method === 'elicitation/create') return this.#elicit(given as ElicitFormParams | ElicitUrlParams, context);
    if (method === 'sampling/createMessage') return this.#sample(given as CreateMessageParams, context);
    return this.#roots(context);
  }

  async #elicit(params: ElicitFormParams | ElicitUrlParams, context: InputContext): Promise<InputResponse> {
    const handlers = this.#handlers.elicitation;
    if (params.mode === 'url') {
      if (handlers?.url === undefined)
        throw new LocalError(
          'NOT_SUPPORTED',
          'The server asked for a URL-mode elicitation, which the application does not support',
        );
      // The application never sees a link it must not offer (elicitation.mdx#safe-url-handling): the server hears why.
      const link = safeLink(params.url);
      if (!link.ok)
        throw new LocalError(
          'PROTOCOL_VIOLATION',
          `The URL-mode elicitation's URL ${JSON.stringify(params.url)} was refused: ${link.reason}`,
        );
      return handlers.url(params, context);
    }
    // A request without `mode` is form mode (2025-11-25+), as every earlier revision meant.
    if (handlers?.form === undefined)
      throw new LocalError(
        'NOT_SUPPORTED',
        'The server asked for a form-mode elicitation, which the application does not support',
      );
    const result = withFormDefaults(params, await handlers.form(params, context));
    if (result.action !== 'accept') return result;
    // Checked before sending (elicitation.mdx#requested-schema): an answer the form does not allow is the application's bug.
    const verdict = await checkFormAnswer(params.requestedSchema, result.content);
    if (!verdict.ok)
      throw new LocalError(
        'INVALID_ARGUMENT',
        `The elicitation handler answered with values the form does not allow, so nothing was sent: ${formatIssues(verdict.issues)}`,
      );
    return result;
  }

  async #sample(params: CreateMessageParams, context: InputContext): Promise<InputResponse> {
    const handler = this.#handlers.sampling;
    if (handler === undefined) throw new LocalError('NOT_SUPPORTED', 'No sampling handler');
    // The client MUST refuse tools it did not declare (client/sampling.mdx#tools-in-sampling).
    if ((params.tools !== undefined || params.toolChoice !== undefined) && handler.tools !== true) {
      throw new LocalError('NOT_SUPPORTED', 'The server asked for sampling with tools, which the application did not declare');
    }
    return handler.createMessage(params, context);
  }

  async #roots(context: InputContext): Promise<InputResponse> {
    const handler = this.#handlers.roots;
    if (handler === undefined) throw new LocalError('NOT_SUPPORTED', 'No roots handler');
    const roots = await handler.list(context);
    for (const root of roots) {
      // Every root is a file:// URI (client/roots.mdx); catching a mistake here beats the server's confusion.
      if (!isObject(root) || typeof root.uri !== 'string' || !root.uri.startsWith('file://')) {
        throw new LocalError('INVALID_ARGUMENT', `Root ${JSON.stringify(root)} is not a file:// URI`);
      }
    }
    return { roots };
  }
}
