/**
 * The host's own failures, both in the local error family: a config that
 * cannot be used ({@link ConfigError}, naming the file, the server and the
 * field) and a model API that failed ({@link ModelApiError}, with the
 * provider, the HTTP status and whether a retry could help).
 *
 * @module
 */
import { LocalError } from '../jsonrpc/index.js';

/** Where in a config a problem is. */
export interface ConfigLocation {
  /** The config file, when it came from one. */
  readonly file?: string | undefined;
  /** The server entry. */
  readonly server?: string | undefined;
  /** The field of the entry (`args[2]`, `env.TOKEN`, `url`). */
  readonly field?: string | undefined;
}

/** Formats a location as the start of a message: `file: server "x": field`. */
export function describeLocation(at: ConfigLocation): string {
  const parts = [
    at.file,
    at.server === undefined ? undefined : `server ${JSON.stringify(at.server)}`,
    at.field === undefined ? undefined : `"${at.field}"`,
  ].filter((p) => p !== undefined);
  return parts.join(': ');
}

/** A config the host cannot use; the message names the file, the server and the field. */
export class ConfigError extends LocalError {
  /** Where the problem is. */
  readonly location: ConfigLocation;

  constructor(location: ConfigLocation, problem: string, options?: { cause?: unknown }) {
    const where = describeLocation(location);
    super('INVALID_ARGUMENT', where === '' ? problem : `${where}: ${problem}`, options);
    this.name = 'ConfigError';
    this.location = location;
  }
}

/** What kind of failure a model API reported. */
export type ModelApiFailure =
  /** 401/403: the key is missing, wrong or lacks permission. Never retried. */
  | 'authentication'
  /** 429 after every retry. */
  | 'rate_limit'
  /** 5xx (or 408/409) after every retry, or an error event in the stream. */
  | 'server'
  /** Any other 4xx: the request was refused (bad model name, too many tokens). */
  | 'request'
  /** The endpoint could not be reached, or the connection broke. */
  | 'network'
  /** The answer could not be read (not the API's format). */
  | 'protocol';

/** A model API call failed; `failure` says how, `status` is the HTTP status when there was one. */
export class ModelApiError extends LocalError {
  /** The provider (`anthropic`, `openai`). */
  readonly provider: string;
  /** How it failed. */
  readonly failure: ModelApiFailure;
  /** The HTTP status, when the API answered. */
  readonly status: number | undefined;

  constructor(
    provider: string,
    failure: ModelApiFailure,
    message: string,
    options?: { readonly status?: number | undefined; readonly cause?: unknown },
  ) {
    super(failure === 'request' ? 'INVALID_ARGUMENT' : 'TRANSPORT_FAILED', `${provider}: ${message}`, { cause: options?.cause });
    this.name = 'ModelApiError';
    this.provider = provider;
    this.failure = failure;
    this.status = options?.status;
  }
}
