/**
 * Naming a model: `PROVIDER/MODEL` (`anthropic/claude-sonnet-4-5`,
 * `openai/gpt-4.1`, `openai/llama3.2` for a compatible server at
 * `OPENAI_BASE_URL`), or a provider object and a model name from code. The
 * model name may itself contain `/` (`openai/meta-llama/Llama-3.1-8B`).
 *
 * @module
 */
import type { HttpClient } from '../../http/index.js';
import { LocalError } from '../../jsonrpc/index.js';
import { AnthropicProvider, anthropicFromEnv, type AnthropicOptions } from './anthropic.js';
import { OpenAiProvider, openAiFromEnv, type OpenAiOptions } from './openai.js';
import type { ModelProvider } from './types.js';

/** A provider and the model to ask it for. */
export interface ModelChoice {
  readonly provider: ModelProvider;
  readonly model: string;
}

/** A model: `PROVIDER/MODEL`, or a {@link ModelChoice}. */
export type ModelSpec = string | ModelChoice;

/** Overrides of what the environment says (command-line flags). */
export interface ModelEndpoint {
  /** The API's base URL (beats `ANTHROPIC_BASE_URL` / `OPENAI_BASE_URL`). */
  readonly baseUrl?: string | undefined;
  /** The key (beats `ANTHROPIC_API_KEY` / `OPENAI_API_KEY`). */
  readonly apiKey?: string | undefined;
  /** What carries the requests (default: `fetch`). */
  readonly httpClient?: HttpClient | undefined;
  readonly maxRetries?: number | undefined;
}

/** The providers a spec may name. */
export const PROVIDERS: readonly string[] = ['anthropic', 'openai'];

/** Splits `PROVIDER/MODEL`; throws `INVALID_ARGUMENT` with the accepted forms. */
export function splitModelSpec(spec: string): { provider: string; model: string } {
  const slash = spec.indexOf('/');
  const provider = slash < 0 ? '' : spec.slice(0, slash).toLowerCase();
  const model = spec.slice(slash + 1).trim();
  if (slash < 0 || !PROVIDERS.includes(provider) || model === '')
    throw new LocalError(
      'INVALID_ARGUMENT',
      `model ${JSON.stringify(spec)} is not PROVIDER/MODEL with PROVIDER one of ${PROVIDERS.join(', ')} (e.g. anthropic/claude-sonnet-4-5, openai/gpt-4.1)`,
    );
  return { provider, model };
}

/** The provider and model `spec` names, configured from `env` and `endpoint`. */
export function resolveModel(
  spec: ModelSpec,
  env: Readonly<Record<string, string | undefined>>,
  endpoint: ModelEndpoint = {},
): ModelChoice {
  if (typeof spec !== 'string') return spec;
  const { provider, model } = splitModelSpec(spec);
  const given = {
    ...(endpoint.baseUrl !== undefined && { baseUrl: endpoint.baseUrl }),
    ...(endpoint.apiKey !== undefined && { apiKey: endpoint.apiKey }),
    ...(endpoint.httpClient !== undefined && { httpClient: endpoint.httpClient }),
    ...(endpoint.maxRetries !== undefined && { maxRetries: endpoint.maxRetries }),
  };
  if (provider === 'anthropic') {
    const options: AnthropicOptions = { ...anthropicFromEnv(env), ...given };
    return { provider: new AnthropicProvider(options), model };
  }
  const options: OpenAiOptions = { ...openAiFromEnv(env), ...given };
  return { provider: new OpenAiProvider(options), model };
}
