/**
 * What the test clients answer when the server asks them something
 * (sampling, elicitation, roots), and a record of what they were asked and
 * told (log messages, resource updates, elicitation completions).
 *
 * @module
 */

/** The roots every test client offers. */
export const CLIENT_ROOTS = [{ uri: 'file:///workspace/project', name: 'project' }, { uri: 'file:///workspace/docs' }] as const;

/** The model name of the canned sampling answer. */
export const TEST_MODEL = 'test-model';

/** The form every test client submits: one valid value for each field of `elicit_form` (2025-11-25). */
export const FORM_ANSWER: Readonly<Record<string, string | number | boolean | string[]>> = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  age: 85,
  score: 8,
  subscribe: false,
  color: 'blue',
  size: 'l',
  toppings: ['mushrooms', 'olives'],
  days: ['sat'],
};

/** The capabilities of a client that can answer everything. */
export const FULL_CAPABILITIES = { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } } as const;

interface SamplingParams {
  readonly messages: readonly { readonly content: unknown }[];
}

/** Records what the server asked and sent; answers with the canned values. */
export class Inbox {
  readonly sampling: unknown[] = [];
  readonly elicitations: unknown[] = [];
  rootsRequests = 0;
  readonly logs: { level: string; data: unknown; logger?: string }[] = [];
  readonly updates: string[] = [];
  readonly elicitationCompletions: string[] = [];

  /** Answers `sampling/createMessage`: "You said: <the last text>". */
  answerSampling(params: unknown): {
    role: 'assistant';
    content: { type: 'text'; text: string };
    model: string;
    stopReason: 'endTurn';
  } {
    this.sampling.push(params);
    const last = (params as SamplingParams).messages.at(-1)?.content as { type?: string; text?: string } | undefined;
    return {
      role: 'assistant',
      content: { type: 'text', text: `You said: ${last?.text ?? ''}` },
      model: TEST_MODEL,
      stopReason: 'endTurn',
    };
  }

  /** Answers `elicitation/create`: accepts, with {@link FORM_ANSWER} for forms. */
  answerElicitation(params: unknown): { action: 'accept'; content?: Record<string, string | number | boolean | string[]> } {
    this.elicitations.push(params);
    if ((params as { mode?: string }).mode === 'url') return { action: 'accept' };
    return { action: 'accept', content: { ...FORM_ANSWER } };
  }

  /** Answers `roots/list` with {@link CLIENT_ROOTS}. */
  answerRoots(): { roots: { uri: string; name?: string }[] } {
    this.rootsRequests++;
    return { roots: CLIENT_ROOTS.map((r) => ({ ...r })) };
  }

  /** Records a `notifications/message`. */
  logged(params: { level: string; data: unknown; logger?: string | undefined }): void {
    this.logs.push({ level: params.level, data: params.data, ...(params.logger !== undefined && { logger: params.logger }) });
  }
}
