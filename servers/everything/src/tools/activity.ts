/**
 * Tools that do something over time or to the server: progress and
 * cancellation, log messages, and changing a subscribable resource.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';
import type { LoggingLevel } from 'mcpkit/protocol';
import { z } from 'zod';
import type { Clock } from '../clock.js';

/** Resolves after `ms`, or rejects with the signal's reason when it fires first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** `long_running_operation`: reports progress step by step; stops when cancelled. */
export function registerLongRunningOperation(server: McpServer): void {
  server.tool(
    {
      name: 'long_running_operation',
      title: 'Long running operation',
      description:
        'Works for `duration` seconds in `steps` steps, reporting progress after each (when the request has a progress token). Cancelling the request stops it.',
      input: z.object({
        duration: z.number().min(0).max(600).default(10).describe('Total duration, in seconds'),
        steps: z.number().int().min(1).max(1000).default(5).describe('How many steps (progress notifications)'),
      }),
      annotations: {
        title: 'Long running operation',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    async ({ duration, steps }, ctx) => {
      const stepMs = (duration * 1000) / steps;
      for (let step = 1; step <= steps; step++) {
        await sleep(stepMs, ctx.signal);
        await ctx.progress(step, steps, `Step ${String(step)} of ${String(steps)}`);
      }
      return `Long running operation completed: ${String(duration)} second(s) in ${String(steps)} step(s).`;
    },
  );
}

/** The levels `log_messages` sends at, least severe first. */
export const LOG_LEVELS_SENT: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error'];

/** `log_messages`: one log message per level; the client's level filters them. */
export function registerLogMessages(server: McpServer): void {
  server.tool(
    {
      name: 'log_messages',
      title: 'Log messages',
      description: `Sends one log message at each of the levels ${LOG_LEVELS_SENT.join(', ')}. The client's log level decides which arrive (2026-07-28: only when the request names a log level).`,
      annotations: {
        title: 'Log messages',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    async (_args, ctx) => {
      for (const level of LOG_LEVELS_SENT)
        await ctx.log(level, { message: `A ${level} message from the everything server` }, 'everything');
      return `Sent ${String(LOG_LEVELS_SENT.length)} log messages (${LOG_LEVELS_SENT.join(', ')}).`;
    },
  );
}

/** `touch_clock` and `reset_clock`: change `everything://clock`, so subscribers are notified. */
export function registerClockTools(server: McpServer, clock: Clock): void {
  server.tool(
    {
      name: 'touch_clock',
      title: 'Touch the clock',
      description: 'Advances everything://clock by one tick; clients subscribed to it receive notifications/resources/updated.',
      annotations: {
        title: 'Touch the clock',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    () => `The clock is now at tick ${String(clock.touch())}.`,
  );
  server.tool(
    {
      name: 'reset_clock',
      title: 'Reset the clock',
      description: 'Sets everything://clock back to tick 0 (the previous count is lost).',
      annotations: {
        title: 'Reset the clock',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    () => {
      clock.reset();
      return 'The clock is back at tick 0.';
    },
  );
}
