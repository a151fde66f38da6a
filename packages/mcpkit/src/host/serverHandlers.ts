/**
 * What a host answers when one of its servers asks the client for something:
 * sampling (the host's model, after the policy), elicitation (the
 * application's handlers, declined without them), roots (the host's), each
 * reported as an event.
 *
 * @module
 */
import type { ClientHandlers, ElicitationHandlers } from '../client/index.js';
import type { HostEvent } from './loop/events.js';
import { answerSampling, type SamplingModels } from './loop/sampling.js';
import type { PolicyOptions } from './policy/policy.js';

/** What the handlers need from the host. */
export interface HandlerSettings {
  /** The roots offered, as `file://` URIs. */
  readonly roots: readonly string[];
  /** The application's elicitation handlers (none: every request declined). */
  readonly elicitation: ElicitationHandlers | undefined;
  readonly policy: PolicyOptions;
  /** The models that answer sampling (resolved on first use). */
  samplingModels(): SamplingModels | undefined;
  /** The instructions of `server` (`thisServer`) or of every server (`allServers`). */
  instructions(server: string, scope: 'thisServer' | 'allServers'): string | undefined;
  emit(event: HostEvent): void;
}

/** The handlers of the client that talks to `server`. */
export function serverHandlers(server: string, host: HandlerSettings): ClientHandlers {
  return {
    sampling: {
      tools: true,
      context: true,
      createMessage: (params, context) =>
        answerSampling(params, {
          server,
          models: host.samplingModels(),
          policy: host.policy,
          instructions: (scope) => host.instructions(server, scope),
          emit: (event) => {
            host.emit(event);
          },
          signal: context.signal,
        }),
    },
    elicitation: elicitation(server, host),
    roots: { list: () => host.roots.map((uri) => ({ uri, name: uri.split('/').filter(Boolean).at(-1) ?? uri })) },
  };
}

function elicitation(server: string, host: HandlerSettings): ElicitationHandlers {
  const app = host.elicitation;
  const report = (mode: 'form' | 'url', message: string, action: 'accept' | 'decline' | 'cancel', url?: string): void => {
    host.emit({ type: 'elicitation', server, mode, message, action, ...(url !== undefined && { url }) });
  };
  return {
    form: async (params, context) => {
      const result = app?.form === undefined ? { action: 'decline' as const } : await app.form(params, context);
      report('form', params.message, result.action);
      return result;
    },
    url: async (params, context) => {
      const result = app?.url === undefined ? { action: 'decline' as const } : await app.url(params, context);
      report('url', params.message, result.action, params.url);
      return result;
    },
  };
}
