/**
 * One MCP request from a view: its result or error, whether it runs, its
 * progress, and a cancel for it.
 *
 * @module
 */
import { useState } from 'preact/hooks';
import { useScope } from './context.js';

/** The state of a view's request. */
export interface RequestState {
  readonly running: boolean;
  readonly result: Record<string, unknown> | undefined;
  readonly error: unknown;
  readonly progress: { readonly progress: number; readonly total?: number; readonly message?: string } | undefined;
  run(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  cancel(): void;
}

/** A view's request. */
export function useRequest(): RequestState {
  const { channel, connection } = useScope();
  const [running, setRunning] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<Record<string, unknown> | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [progress, setProgress] = useState<RequestState['progress']>(undefined);
  return {
    running: running !== undefined,
    result,
    error,
    progress,
    async run(method, params) {
      setError(undefined);
      setResult(undefined);
      setProgress(undefined);
      const sent = channel.send(
        { type: 'request', connection: connection.id, method, ...(params !== undefined && { params }) },
        setProgress,
      );
      setRunning(sent.id);
      try {
        const value = (await sent.done) as Record<string, unknown>;
        setResult(value);
        return value;
      } catch (e) {
        setError(e);
        return undefined;
      } finally {
        setRunning(undefined);
      }
    },
    cancel() {
      if (running !== undefined) void channel.call({ type: 'cancel', request: running });
    },
  };
}
